"""Alice's things for the tests that walk every operation of the schema (test_fuzz,
test_unknown_fields, test_schema_truth): generated paths use their ids, which random ids would
only ever miss (a 404 tests nothing)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.utils import timezone

from api.tokens import token_create
from cards.models import Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from decks.models import ProxyPrint
from decks.selectors import deck_version_latest
from decks.services import deck_create
from events.services import event_create, registration_submit
from jobs.services.test_games import simulation_create
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES

# A user-made Keeper card of Alice's, for the paths that take one (plainly sample data).
WALKED_CARD = KeeperCardDraft(name="Walked Sample Card", type="Spell", text="Draw 1 card.")


@pytest.fixture
def connection_kept():
    """Requests go straight to the WSGI application, whose request signals would close the
    database connection holding the test's transaction; Django's test client keeps it so."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@dataclass
class AliceThings:
    token: str
    deck_id: int
    deck_etag: str
    job_id: str
    event_token: str
    registration_id: int
    player_id: int
    card_id: int
    proposal_id: int
    upload_id: int
    play_id: str
    print_id: str

    def path_parameters(self, path: str) -> dict[str, str]:
        """Values for the parameters of an OpenAPI path such as /api/v1/decks/{id}/."""
        deck_id = self.registration_id if "/registrations/" in path else self.deck_id
        values = {
            "id": deck_id,
            "job_id": self.job_id,
            "token": self.event_token,
            "number": 1,
            "slug": "neopets",
            "player_id": self.player_id,
            "card_id": self.card_id,
            "proposal_id": self.proposal_id,
            "upload_id": self.upload_id,
            "play_id": self.play_id,
            "print_id": self.print_id,
            "game": "neopets",
        }
        return {name: str(value) for name, value in values.items() if "{" + name + "}" in path}


@pytest.fixture
def alice_things(alice) -> AliceThings:
    """Alice's token, the sample cards, a deck (and a print of its proxies), a test-game job, an
    event she organises and her registration in it."""
    call_command("load_samples", verbosity=0)
    game = Game.objects.get(slug="neopets")
    deck = deck_create(owner=alice, game=game, name="Walked", lines=[], visibility="unlisted")
    decks = [NEOPETS_SAMPLES.entries("strong"), NEOPETS_SAMPLES.entries("weak")]
    job = simulation_create(owner=alice, game=game.slug, decks=decks, games=10)
    event = event_create(
        organiser=alice,
        name="Walked event",
        game=game,
        date=timezone.now().date() + timedelta(days=10),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    version = deck_version_latest(deck=deck, viewer=alice)
    registration = registration_submit(event=event, player=alice, deck_version=version)
    return AliceThings(
        token=token_create(user=alice, name="walked")[1],
        deck_id=deck.pk,
        deck_etag=deck.etag,
        job_id=str(job.pk),
        event_token=str(event.token),
        registration_id=registration.pk,
        player_id=alice.pk,
        card_id=keeper_card_save(owner=alice, draft=WALKED_CARD).pk,
        # the only curator of Neopets, so she reviews her own proposal and upload
        **_curated(alice),
        play_id=str(_played(alice).pk),
        # a print of the deck's proxies, queued (as a deck of over 120 cards is printed)
        print_id=str(
            ProxyPrint.objects.create(
                owner=alice, deck=deck, paper="a4", copies=130, contents="walked"
            ).pk
        ),
    )


def _played(alice):
    """A game of Neopets Alice plays against the bot (seed 1: she decides first)."""
    from jobs.services.plays import play_create

    play, _ = play_create(
        owner=alice,
        session_key="",
        game="neopets",
        decks=[(NEOPETS_SAMPLES.entries("strong"), []), (NEOPETS_SAMPLES.entries("weak"), [])],
        bot="default",
        seed=1,
    )
    return play


def _curated(alice) -> dict[str, int]:
    """Alice's proposal and upload, Alice curating their game."""
    from api.examples import CURATED_CARD, CURATED_CSV
    from curation.services import bulk_commit, curator_grant, proposal_create

    curator_grant(user=alice, game="neopets", granted_by=None)
    proposal = proposal_create(proposer=alice, game="neopets", kind="new", card=CURATED_CARD)
    upload, _ = bulk_commit(
        proposer=alice, game="neopets", file_name="walked.csv", content=CURATED_CSV.encode()
    )
    return {"proposal_id": proposal.pk, "upload_id": upload.pk}
