"""One deck, one answer, whichever way it is sent (issue 14): a deck of each game's sample cards
(with reprints under second keys and odd names) gets the same verdict and errors as JSON
sections, as a text decklist, in a batch, as a stored deck and as a locked version read back the
way registrations read it. Runs on SQLite and PostgreSQL alike; examples are bounded (each
stores a deck)."""

from __future__ import annotations

import io

from django.contrib.auth import get_user_model
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase
from rest_framework.test import APIClient

from cards.models import Card
from decks.models import Deck
from decks.selectors import deck_version_latest
from events.selectors import version_entries
from rulebook.core.decklist import write_decklist
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES
from rules.services.validation import deck_validate

REPRINT = "-reprint"


def signature(report: dict) -> tuple[bool, list]:
    errors = sorted(
        (e["code"], e["section"] or "", tuple(sorted(e["cards"]))) for e in report["errors"]
    )
    return report["legal"], errors


@st.composite
def decks(draw):
    """(game, lines): up to 8 lines of (section, which card, copies, odd?), any section."""
    slug = draw(st.sampled_from(sorted(GAMES)))
    lines = st.tuples(
        st.sampled_from(GAMES[slug].section_slugs),
        st.integers(0, 10_000),
        st.integers(1, 3),
        st.booleans(),  # an odd card: a name with ' ( - in it, or one of a reprinted card
    )
    return slug, draw(st.lists(lines, min_size=1, max_size=8))


class PathProperties(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        call_command("load_samples", stdout=io.StringIO())
        for card in list(Card.objects.order_by("key"))[::3]:  # a second key of every third card
            card.pk, card.key = None, card.key + REPRINT
            card.save()
        cls.cards = {
            slug: list(Card.objects.filter(game__slug=slug).order_by("key")) for slug in GAMES
        }
        cls.odd_cards = {
            slug: [c for c in cards if set(c.name) & set("'(-") or c.key.endswith(REPRINT)]
            for slug, cards in cls.cards.items()
        }
        cls.user = get_user_model().objects.create_user("paths", password="pw")

    def entries(self, slug: str, lines) -> list[EntryRef]:
        entries = []
        for section, index, copies, odd in lines:
            cards = self.odd_cards[slug] if odd and self.odd_cards[slug] else self.cards[slug]
            card = cards[index % len(cards)]
            entries.append(EntryRef(section, copies, name=card.name, key=card.key))
        return entries

    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(decks())
    def test_every_path_gives_one_deck_one_answer(self, deck) -> None:
        slug, lines = deck
        entries = self.entries(slug, lines)
        api = APIClient()
        sections: dict[str, list[dict]] = {s: [] for s in GAMES[slug].section_slugs}
        for e in entries:
            sections[e.section].append({"name": e.name, "key": e.key, "quantity": e.quantity})
        body = {"game": slug, "sections": sections}
        answers = {"json": api.post("/api/v1/validate/", body, format="json").json()}
        text = write_decklist(GAMES[slug], entries)
        answers["text"] = api.post(
            "/api/v1/validate/", {"game": slug, "text": text}, format="json"
        ).json()
        batch = {"decks": [{"id": "one", **body}]}
        answers["batch"] = api.post("/api/v1/validate/batch/", batch, format="json").json()[
            "results"
        ][0]
        api.force_authenticate(self.user)
        stored = api.post("/api/v1/decks/", {**body, "name": "Paths"}, format="json")
        assert stored.status_code == 201, stored.json()
        deck_id = stored.json()["id"]
        answers["stored"] = api.get(f"/api/v1/decks/{deck_id}/validation/").json()
        version = deck_version_latest(deck=Deck.objects.get(pk=deck_id), viewer=self.user)
        answers["registration"] = deck_validate(
            game=slug, entries=version_entries(version=version), viewer=self.user
        ).as_dict()
        expected = signature(answers["json"])
        for path, answer in answers.items():
            assert signature(answer) == expected, (path, text, answers)
