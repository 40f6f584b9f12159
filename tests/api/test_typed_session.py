"""A typed session through every operation, with a client generated from the live schema
(issue 18, item 12): token, catalogue, each game's validation, stored decks with ETags and
versions, Neopets and Keeper jobs to completion, a game against the bot, batch, events,
errors. Every answer is then held against the schema: a status, media type or field the schema
does not declare fails here, naming the operation and the field."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import httpx
import pytest

from api.examples import CURATED_CSV
from decks.proxies import proxy_print_draw
from deckwarden.wsgi import application
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook.samples import KEEPER as KEEPER_SAMPLES
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from tests.api.generated_client import Recorder, generate, live_schema, operation_of, undeclared
from tests.cards.pictures import picture_bytes

SAMPLE_DATA = Path(__file__).resolve().parents[2] / "cards" / "sample_data"


@pytest.fixture(scope="session")
def schema() -> dict:
    return live_schema()


@pytest.fixture(scope="session")
def client_package(schema, tmp_path_factory):
    return generate(schema, tmp_path_factory.mktemp("generated"))


def _names(game: str, count: int) -> list[str]:
    cards = json.loads((SAMPLE_DATA / f"{game}.json").read_text())["cards"]
    return list(dict.fromkeys(card["name"] for card in cards))[:count]


def _sections(text: str) -> dict:
    """A decklist's entries in the sections shape (the sample lists are `N Name` under headers)."""
    sections: dict[str, list[dict]] = {}
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith(":"):
            section = line[:-1].lower().replace(" ", "_")
            section = {"deck": "deck", "main_deck": "main"}.get(section, section)
            continue
        quantity, name = line.split(" ", 1)
        sections.setdefault(section, []).append({"name": name, "quantity": int(quantity)})
    return sections


class Session:
    """The generated client's operations, called by operation id, remembering which ran."""

    def __init__(self, package, token: str | None, recorder: Recorder) -> None:
        self.package = package
        args = {"transport": httpx.WSGITransport(app=application)}
        hooks = {"response": [recorder]}
        if token is None:
            self.client = package.Client(
                base_url="http://testserver", httpx_args=args
            ).with_headers({})
        else:
            # the generated client's own default: `Authorization: Bearer <token>` (issue 26)
            self.client = package.AuthenticatedClient(
                base_url="http://testserver", token=token, httpx_args=args
            )
        self.client._httpx_args["event_hooks"] = hooks
        self.called: set[str] = set()

    def model(self, name: str, data: dict):
        return getattr(self.package.models, name).from_dict(data)

    def call(self, tag: str, operation: str, status: int = 200, **kwargs):
        module = __import__(
            f"{self.package.__name__}.api.{tag}.{operation}", fromlist=["sync_detailed"]
        )
        response = module.sync_detailed(client=self.client, **kwargs)
        self.called.add(operation)
        assert response.status_code == status, (operation, response.status_code, response.content)
        assert response.parsed is not None or status == 204, operation
        return response


def play(job_id) -> None:
    for chunk in SimulationJob.objects.get(pk=job_id).chunks.filter(status="pending"):
        chunk_run(chunk_id=chunk.pk, worker="test")


@pytest.mark.django_db(transaction=False)
def test_a_generated_client_runs_every_operation_and_the_schema_declares_every_answer(
    schema,
    client_package,
    alice,
    bob,
    connection_kept,
    settings,
    django_capture_on_commit_callbacks,
    media_root,
    private_root,
):
    from django.core.management import call_command

    call_command("load_samples", verbosity=0)
    settings.DECKWARDEN_SIMULATION_MIN_CHUNK_GAMES = 1
    recorder = Recorder()
    anonymous = Session(client_package, None, recorder)
    anonymous.call("health", "health_retrieve")
    assert anonymous.call("health", "health_live_retrieve").parsed.status == "ok"
    token = anonymous.call(
        "auth", "auth_token_create",
        body=anonymous.model("TokenInputRequest", {"username": "alice", "password": "password"}),
    ).parsed.token  # fmt: skip
    s = Session(client_package, token, recorder)
    s.called |= anonymous.called

    # The catalogue
    games = s.call("games", "games_list").parsed
    assert {g.slug for g in games.results} >= {"neopets", "keeper", "metazoo", "millennium-blades"}
    s.call("games", "games_retrieve", slug="neopets")
    models = client_package.models

    card_set = s.call("sets", "sets_list", game=models.SetsListGame("neopets")).parsed.results[0]
    s.call("sets", "sets_retrieve", id=card_set.id)
    hot_dog = s.call(
        "cards", "cards_list", game=models.CardsListGame("neopets"), q="Hot Dog"
    ).parsed.results[0]
    assert hot_dog.game == models.GameEnum("neopets")
    s.call("cards", "cards_retrieve", id=hot_dog.id)
    named = s.call(
        "cards", "cards_named_retrieve",
        game=models.CardsNamedRetrieveGame("neopets"), exact=hot_dog.name,
    ).parsed  # fmt: skip
    assert named.id == hot_dog.id
    s.call("cards", "cards_autocomplete_retrieve", q="Hot")
    s.call(
        "cards", "cards_collection_create",
        body=s.model("CardCollectionInputRequest", {"identifiers": [{"id": hot_dog.id}]}),
    )  # fmt: skip

    # Validation in every game
    neopets_text = NEOPETS_SAMPLES.text("strong")
    report = s.call(
        "validate", "validate_create",
        body=s.model("ValidateInputRequest", {"game": "neopets", "text": neopets_text}),
    ).parsed  # fmt: skip
    assert report.legal is True
    keeper = {"game": "keeper", "sections": _sections(KEEPER_SAMPLES.text("aggro"))}
    assert s.call(
        "validate", "validate_create", body=s.model("ValidateInputRequest", keeper)
    ).parsed.legal
    for game, section in (("metazoo", "spellbook"), ("millennium-blades", "singles")):
        entries = [{"name": name, "quantity": 1} for name in _names(game, 3)]
        entries.append({"name": "Nope", "quantity": 1})
        body = {"game": game, "sections": {section: entries}}
        bad = s.call("validate", "validate_create", body=s.model("ValidateInputRequest", body))
        assert "card.unknown" in {str(issue.code) for issue in bad.parsed.errors}
    singles = [{"name": name, "quantity": 2} for name in _names("millennium-blades", 9)]
    fixed = s.call(
        "validate", "validate_create",
        body=s.model("ValidateInputRequest", {
            "game": "millennium-blades", "sections": {"singles": singles}, "fix": True, "seed": 3,
        }),
    ).parsed.fix  # fmt: skip
    assert fixed.legal and {str(r.reason) for r in fixed.removed} >= {"copy", "random"}
    assert sum(e.quantity for e in fixed.deck.sections["singles"]) == 8
    unreadable = {"game": "neopets", "sections": {"main": [{"name": "Hot Dog", "quantity": 0}]}}
    batch = {"decks": [{"id": "a", "game": "neopets", "text": neopets_text}, unreadable]}
    summary = s.call(
        "validate", "validate_batch_create", body=s.model("BatchInputRequest", batch)
    ).parsed.summary
    assert (summary.decks, summary.legal) == (2, 1)
    batch_csv = s.call(
        "validate", "validate_batch_csv_create", body=s.model("BatchInputRequest", batch)
    ).parsed
    assert isinstance(batch_csv, str) and batch_csv.count("\n") == 3  # a header, two decks

    # Stored decks, with ETags, versions and a diff
    deck_body = {"game": "neopets", "name": "Typed", "text": neopets_text}
    deck = s.call(
        "decks", "decks_import_create", 201, body=s.model("DeckImportInputRequest", deck_body)
    )
    deck_id = str(deck.parsed.id)
    file_type = __import__(f"{client_package.__name__}.types", fromlist=["File"]).File
    upload = file_type(
        payload=io.BytesIO(neopets_text.encode()), file_name="Upload.txt", mime_type="text/plain"
    )
    uploaded = s.call(
        "decks", "decks_import_file_create", 201,
        body=models.DeckImportFileInputRequest(game=models.GameEnum("neopets"), file=upload),
    ).parsed  # fmt: skip
    assert uploaded.name == "Upload"
    etag = s.call("decks", "decks_retrieve", id=deck_id).headers["ETag"]
    patched = s.call(
        "decks", "decks_partial_update", id=deck_id, if_match=etag,
        body=s.model("PatchedDeckInputRequest", {"name": "Typed twice"}),
    )  # fmt: skip
    etag = patched.headers["ETag"]
    sections = _sections(neopets_text)
    replaced = s.call(
        "decks", "decks_update", id=deck_id, if_match=etag,
        body=s.model("DeckInputRequest", {"game": "neopets", "name": "T", "sections": sections}),
    )  # fmt: skip
    s.call("decks", "decks_update", 412, id=deck_id, if_match=etag,
           body=s.model("DeckInputRequest", {"game": "neopets", "name": "Late"}))  # fmt: skip
    # the deck edited as text, a maybeboard under its header: its next version (issue 40)
    as_text = f"{neopets_text}\nMaybeboard:\n1 {_names('neopets', 1)[0]}\n"
    edited = s.call(
        "decks", "decks_partial_update", id=deck_id, if_match=replaced.headers["ETag"],
        body=s.model("PatchedDeckInputRequest", {"text": as_text}),
    )  # fmt: skip
    assert [entry.quantity for entry in edited.parsed.maybeboard] == [1]
    etag = edited.headers["ETag"]
    s.call("decks", "decks_list")
    s.call("decks", "decks_validation_retrieve", id=deck_id)
    s.call("decks", "decks_versions_list", id=deck_id)
    s.call("decks", "decks_versions_retrieve", id=deck_id, number=1)
    s.call("decks", "decks_diff_retrieve", id=deck_id, from_=1, to=2)
    s.call("decks", "decks_export_retrieve", id=deck_id)
    text = s.call("decks", "decks_export_text_retrieve", id=deck_id).parsed
    assert isinstance(text, str) and "Main Deck:" in text
    pdf = s.call("decks", "decks_proxies_retrieve", id=deck_id).content
    assert pdf.startswith(b"%PDF")
    # more than 120 cards are printed in the background: 202, its status, then its PDF
    hot_dogs = {"main": [{"name": hot_dog.name, "quantity": 130}]}
    large_deck = {"game": "neopets", "name": "Large", "sections": hot_dogs}
    large = s.call(
        "decks", "decks_create", 201, body=s.model("DeckInputRequest", large_deck)
    ).parsed
    queued = s.call("decks", "decks_proxies_retrieve", 202, id=str(large.id)).parsed
    print_of = {"id": str(large.id), "print_id": queued.id}
    s.call("decks", "decks_proxies_print_pdf_retrieve", 409, **print_of)
    proxy_print_draw(print_id=str(queued.id))
    drawn = s.call("decks", "decks_proxies_print_retrieve", **print_of).parsed
    assert str(drawn.status) == "done" and drawn.pages == 15
    pdf = s.call("decks", "decks_proxies_print_pdf_retrieve", **print_of).content
    assert pdf.startswith(b"%PDF")
    second = s.call(
        "decks", "decks_create", 201,
        body=s.model("DeckInputRequest", {"game": "neopets", "name": "Spare"}),
    ).parsed  # fmt: skip

    # Events: Alice organises and registers her deck
    event = s.call(
        "events", "events_create", 201,
        body=s.model("EventInputRequest", {
            "name": "Typed cup", "game": "neopets", "date": "2099-01-05",
            "registration_deadline": "2099-01-01T00:00:00Z",
        }),
    ).parsed  # fmt: skip
    listed = s.call("events", "events_list", game=models.EventsListGame("neopets")).parsed
    assert [e.id for e in listed.results] == [event.id]
    assert s.call("events", "events_list", published=True).parsed.count == 0
    s.call("events", "events_retrieve", token=event.id)
    published = {"published": True, "publish_while_open": True}
    s.call("events", "events_partial_update", token=event.id,
           body=s.model("PatchedEventInputRequest", published))  # fmt: skip
    registration = s.call(
        "events", "events_registrations_create", 201, token=event.id,
        body=s.model("RegistrationInputRequest", {"deck": int(deck_id)}),
    ).parsed  # fmt: skip
    regs = s.call("events", "events_registrations_list", token=event.id, legal=True).parsed
    assert [r.id for r in regs.results] == [registration.id]
    s.call("events", "events_registrations_mine_retrieve", token=event.id)
    s.call("events", "events_metagame_retrieve", token=event.id)
    s.call("events", "events_report_retrieve", token=event.id)
    report_csv = s.call("events", "events_report_csv_retrieve", token=event.id).parsed
    assert isinstance(report_csv, str) and "Typed twice" not in report_csv.splitlines()[0]
    s.call("events", "events_registrations_drop_illegal_create", token=event.id)
    s.call("events", "events_registrations_drop_create", token=event.id, id=registration.id)
    back = s.call(
        "events", "events_registrations_undo_drop_create", token=event.id, id=registration.id
    ).parsed
    assert (back.current, back.dropped) == (True, None)
    reviewed = s.call(
        "events", "events_registrations_partial_update", token=event.id, id=registration.id,
        body=s.model("PatchedRegistrationReviewInputRequest",
                     {"checked": True, "note": "Sleeves, please.", "archetype": "Food"}),
    ).parsed  # fmt: skip
    assert reviewed.checked is not None  # when it was checked
    assert (reviewed.note, reviewed.archetype) == ("Sleeves, please.", "Food")
    rechecked = s.call("events", "events_registrations_recheck_create", token=event.id).parsed
    assert rechecked.checked == 1

    # The organiser's roster: Bob invited, checked in, his paper list typed in; standings
    s.call("events", "events_roster_create", 201, token=event.id,
           body=s.model("RosterInviteInputRequest", {"username": bob.username}))  # fmt: skip
    row = s.call(
        "events", "events_roster_check_in_create", token=event.id, player_id=bob.pk,
        body=s.model("CheckInInputRequest", {"present": True}),
    ).parsed  # fmt: skip
    assert (row.player, row.checked_in) == ("bob", True)
    paper = s.call(
        "events", "events_registrations_paper_create", 201, token=event.id,
        body=s.model("PaperListInputRequest", {"player": "bob", "text": neopets_text}),
    ).parsed  # fmt: skip
    assert paper.player == "bob" and paper.entered_by == "alice"
    locked = paper.sections.additional_properties.values()
    assert sum(entry.quantity for entries in locked for entry in entries) >= 40
    rows = s.call(
        "events", "events_roster_list", token=event.id,
        state=models.EventsRosterListState("registered"),
    ).parsed.results  # fmt: skip
    assert {row.player: str(row.state) for row in rows}["bob"] == "registered"
    # The pairing export, typed as text by its own operation
    pairing = s.call("events", "events_roster_csv_retrieve", token=event.id).parsed
    assert isinstance(pairing, str) and "bob" in pairing
    standings = "username,wins,losses\nalice,2,1\nbob,1,2\n"
    imported = s.call(
        "events", "events_standings_create", token=event.id,
        body=s.model("StandingsInputRequest", {"text": standings}),
    ).parsed  # fmt: skip
    assert imported.imported == 2
    archetypes = s.call("events", "events_standings_retrieve", token=event.id).parsed
    assert {r.archetype: (r.wins, r.losses) for r in archetypes.results}["Food"] == (2, 1)
    # Swiss rounds (issue 39): Alice opens check-in and checks herself in, a player too; a
    # round of her and Bob, repaired by hand, published, its result entered; the standings
    # then carry the tiebreakers
    window = s.call(
        "events", "events_check_in_create", token=event.id,
        body=s.model("CheckInWindowInputRequest", {"minutes": 30}),
    ).parsed  # fmt: skip
    assert window.check_in_until is not None
    me = s.call("events", "events_roster_mine_check_in_create", token=event.id).parsed
    assert (me.player, me.checked_in) == ("alice", True)
    paired = s.call(
        "events", "events_rounds_create", 201, token=event.id,
        body=s.model("RoundInputRequest", {}),
    ).parsed  # fmt: skip
    assert paired.number == 1 and len(paired.pairings[0].players) == 2
    swapped = list(reversed(paired.pairings[0].players))
    published = s.call(
        "events", "events_rounds_partial_update", token=event.id, number=1,
        body=s.model("PatchedRoundUpdateInputRequest", {"pairings": [swapped], "publish": True}),
    ).parsed  # fmt: skip
    assert published.pairings[0].players == swapped and published.ends is not None
    result = s.call(
        "events", "events_rounds_results_create", token=event.id, number=1,
        body=s.model("ResultInputRequest", {"table": 1, "wins": [2, 1], "draws": 0}),
    ).parsed  # fmt: skip
    assert str(result.state) == "final"
    assert s.call("events", "events_rounds_list", token=event.id).parsed[0].number == 1
    s.call("events", "events_rounds_retrieve", token=event.id, number=1)
    ranked = s.call("events", "events_standings_retrieve", token=event.id).parsed.players
    assert [row["rank"] for row in ranked] == [1, 2]
    # Judges and deck checks: Bob judges; Alice checks Bob's deck, one card short
    judge = s.call(
        "events", "events_judges_create", 201, token=event.id,
        body=s.model("JudgeInputRequest", {"username": bob.username}),
    ).parsed  # fmt: skip
    judges = s.call("events", "events_judges_list", token=event.id).parsed.results
    assert [j.username for j in judges] == ["bob"]
    short = neopets_text.replace("2 Hot Dog", "1 Hot Dog", 1)
    check = s.call(
        "events", "events_deck_checks_create", 201, token=event.id,
        body=s.model("DeckCheckInputRequest",
                     {"player": "bob", "text": short, "penalty": "warning",
                      "infraction": "decklist", "notes": "Table 4"}),
    ).parsed  # fmt: skip
    assert check.matches is False and check.differences[0].presented == 1
    log = s.call("events", "events_deck_checks_list", token=event.id, matches=False).parsed
    assert [c.id for c in log.results] == [check.id]
    corrected = s.call(
        "events", "events_deck_checks_partial_update", token=event.id, id=check.id,
        body=s.model("PatchedDeckCheckEditInputRequest", {"text": neopets_text, "penalty": ""}),
    ).parsed  # fmt: skip
    assert corrected.matches is True and corrected.penalty == "" and corrected.infraction == ""
    read = s.call("events", "events_deck_checks_retrieve", token=event.id, id=check.id).parsed
    [edit] = read.edits
    assert edit.editor == "alice" and {c.field for c in edit.changes} >= {"penalty", "matches"}
    # A penalty outside a deck check: slow play seen at Bob's table
    given = s.call(
        "events", "events_penalties_create", 201, token=event.id,
        body=s.model("PenaltyInputRequest",
                     {"player": "bob", "penalty": "warning", "infraction": "slow_play"}),
    ).parsed  # fmt: skip
    assert given.said == "warning (slow play)" and given.judge == "alice"
    listed = s.call("events", "events_penalties_list", token=event.id).parsed
    assert [p.id for p in listed.results] == [given.id]
    s.call("events", "events_judges_destroy", 204, token=event.id, judge_id=judge.id)
    withdrawn = s.call(
        "events", "events_registrations_mine_withdraw_create", token=event.id,
        # the round played here is now the record (it replaced the imported standings)
        body=s.model("WithdrawInputRequest", {"after_round": 1}),
    ).parsed  # fmt: skip
    assert withdrawn.withdrew is True

    # Tools
    s.call("battle_odds", "battle_odds_create", body=s.model("InputRequest", {
        "attacker": {"hp": 5, "attack": 3, "defence": 2, "agility": 1},
        "defender": {"hp": 4, "attack": 2, "defence": 2, "agility": 0},
    }))  # fmt: skip
    spellbook = [{"name": name, "quantity": 1} for name in _names("metazoo", 2)]
    s.call("metazoo", "metazoo_archive_swap_create", body=s.model("ArchiveSwapInputRequest", {
        "before": {"spellbook": spellbook}, "after": {"spellbook": spellbook[:1]},
    }))  # fmt: skip
    s.call("keeper", "keeper_cost_create", body=s.model("KeeperCardInputRequest", {
        "type": "Spell", "text": "Draw a card.",
    }))  # fmt: skip
    spell = {"name": "Typed Spell", "type": "Spell", "text": "Draw a card."}
    saved = s.call(
        "keeper", "keeper_cards_create", 201, body=s.model("KeeperCardEditInputRequest", spell)
    ).parsed
    assert [c.id for c in s.call("keeper", "keeper_cards_list").parsed.results] == [saved.id]
    edit = {"name": "Typed Spell", "type": "Spell", "text": "Draw 2 cards."}
    edited = s.call(
        "keeper", "keeper_cards_update", card_id=saved.id,
        body=s.model("KeeperCardEditInputRequest", edit),
    ).parsed  # fmt: skip
    assert edited.card.text == "Draw 2 cards."
    s.call("keeper", "keeper_cards_destroy", 204, card_id=saved.id)
    s.call("keeper", "keeper_cards_destroy", 404, card_id=saved.id)

    # Curation: Alice curates Neopets alone, so she reviews her own proposals
    call_command("grant_curator", "alice", "neopets", stdout=io.StringIO())

    def proposed(name: str):
        card = {"name": name, "type": "Food", "text": "Heal 1 HP."}
        body = {"game": "neopets", "kind": "new", "card": card, "reason": "I hold it"}
        return s.call(
            "proposals", "proposals_create", 201, body=s.model("ProposalInputRequest", body)
        ).parsed

    asked, refused, approved = proposed("Jelly Bean"), proposed("Gummy Worm"), proposed("Sour Drop")
    assert str(asked.status) == "open"
    s.call("proposals", "proposals_list")
    s.call("proposals", "proposals_retrieve", proposal_id=asked.id)
    reason = s.model("ReasonInputRequest", {"reason": "Add its printing."})
    s.call("proposals", "proposals_request_changes_create", proposal_id=asked.id, body=reason)
    s.call("proposals", "proposals_reject_create", proposal_id=refused.id, body=reason)
    s.call(
        "proposals", "proposals_approve_create", proposal_id=approved.id,
        body=s.model("ApproveInputRequest", {}),
    )  # fmt: skip
    spreadsheet = file_type(
        payload=io.BytesIO(CURATED_CSV.encode()), file_name="cards.csv", mime_type="text/csv"
    )
    bulk = s.call(
        "proposals", "proposals_bulk_create",
        body=models.BulkInputRequest(
            game=models.GameEnum("neopets"), file=spreadsheet, commit=True
        ),
    ).parsed  # fmt: skip
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w") as pictures:
        pictures.writestr("gummy-worm.png", picture_bytes())
    pictured = s.call(
        "uploads", "uploads_pictures_create", upload_id=bulk.upload,
        body=models.PicturesInputRequest(
            file=file_type(payload=io.BytesIO(zipped.getvalue()), file_name="p.zip")
        ),
    ).parsed  # fmt: skip
    assert (pictured.pictured, pictured.skipped) == (1, 0)
    assert s.call("uploads", "uploads_approve_create", upload_id=bulk.upload).parsed.approved == 1
    s.call(
        "curators", "curators_create", 201,
        body=s.model("CuratorInputRequest", {"game": "neopets", "username": "bob"}),
    )  # fmt: skip
    release = s.call(
        "releases", "releases_create", 201, body=s.model("ReleaseInputRequest", {"game": "neopets"})
    ).parsed
    s.call("releases", "releases_list")
    s.call(
        "releases", "releases_retrieve",
        game=models.ReleasesRetrieveGame("neopets"), number=release.number,
    )  # fmt: skip
    s.call("cards", "cards_history_list", card_id=hot_dog.id)
    pictured = proposed("Picture Pie")
    picture = file_type(
        payload=io.BytesIO(picture_bytes()), file_name="pie.png", mime_type="image/png"
    )
    s.call(
        "proposals", "proposals_image_create", proposal_id=pictured.id,
        body=models.ImageInputRequest(image=picture),
    )  # fmt: skip

    # The collection: counts, an import, what a deck lacks, a link to share it
    owned = {"card": hot_dog.id, "quantity": 2}
    s.call("owned", "owned_create", body=s.model("OwnedCardInputRequest", owned))
    listed = {"game": "neopets", "text": "1 Omelette"}
    s.call("owned", "owned_import_create", 201, body=s.model("OwnedImportInputRequest", listed))
    s.call("owned", "owned_list")
    s.call("decks", "decks_missing_retrieve", id=deck_id)
    letter = models.DecksProxiesRetrievePaper("letter")
    s.call("decks", "decks_proxies_retrieve", id=deck_id, paper=letter, missing=True)
    s.call("owned", "owned_share_create", 201)
    shared = s.call("owned", "owned_share_retrieve").parsed
    s.call("owned", "owned_shared_list", token=shared.token)
    s.call("owned", "owned_share_destroy", 204)

    # Test games: Neopets and Keeper jobs to completion, a card test, a cancel
    with django_capture_on_commit_callbacks():
        neopets_job = s.call("simulations", "simulations_create", 202, body=s.model(
            "SimulationInputRequest",
            {"game": "neopets", "decks": [int(deck_id), {"text": NEOPETS_SAMPLES.text("weak")}],
             "games": 4, "seed": 1},
        )).parsed  # fmt: skip
        keeper_decks = [{"sections": _sections(KEEPER_SAMPLES.text(n))} for n in ("aggro", "value")]
        keeper_job = s.call("simulations", "simulations_create", 202, body=s.model(
            "SimulationInputRequest",
            {"game": "keeper", "decks": keeper_decks, "games": 2, "seed": 1},
        )).parsed  # fmt: skip
        card_test = s.call("simulations", "simulations_card_tests_create", 202, body=s.model(
            "CardTestInputRequest",
            {"game": "neopets", "deck": int(deck_id), "reference": int(deck_id),
             "card": {"name": hot_dog.name}, "replacement": {"name": hot_dog.name},
             "games": 2, "seed": 1},
        )).parsed  # fmt: skip
        doomed = s.call("simulations", "simulations_create", 202, body=s.model(
            "SimulationInputRequest",
            {"game": "keeper", "decks": keeper_decks, "games": 2, "seed": 2},
        )).parsed  # fmt: skip
    results = {}
    for job in (neopets_job, keeper_job, card_test):
        play(job.id)
        done = s.call("simulations", "simulations_retrieve", job_id=job.id).parsed
        assert done.status == models.JobStatusEnum.DONE, done
        assert done.progress.done == done.progress.total == job.games
        results[job.id] = done.result
    # results typed to their last figure: a match's, and a card test's with both matches
    match = results[neopets_job.id]
    assert isinstance(match, models.MatchResult) and sum(match.wins) + match.draws == 4
    assert match.sample_game.log[0].event  # the replay log's events are typed too
    assert isinstance(results[keeper_job.id].turn_order[0].first.games, int)
    tested = results[card_test.id]
    assert isinstance(tested, models.CardTestResult)
    pairs = tested.difference.pairs
    assert pairs.both + pairs.with_only + pairs.without_only + pairs.neither == tested.games == 2
    assert isinstance(tested.with_card, models.MatchResult)
    s.call("simulations", "simulations_cancel_create", job_id=doomed.id)

    # The deck doctor: a job to completion, round after round, and a cancel
    doctor_body = {"game": "neopets", "deck": int(deck_id), "opponents": [int(deck_id)],
                   "swaps": [{"out": {"name": hot_dog.name}, "in": {"name": "Omelette"}},
                             {"out": {"name": "Rusty Sword"}, "in": {"name": "Thorny Armour"},
                              "count": 1}],
                   "budget": 12, "seed": 1}  # fmt: skip
    with django_capture_on_commit_callbacks():
        doctor = s.call("deck_doctor", "deck_doctor_create", 202,
                        body=s.model("DoctorInputRequest", doctor_body)).parsed  # fmt: skip
        doomed = s.call("deck_doctor", "deck_doctor_create", 202,
                        body=s.model("DoctorInputRequest", doctor_body)).parsed  # fmt: skip
    while SimulationJob.objects.filter(pk=doctor.id, status__in=["queued", "running"]).exists():
        play(doctor.id)
    ranked = s.call("deck_doctor", "deck_doctor_retrieve", job_id=doctor.id).parsed
    # every swap is listed, once or under one that ended every game alike with it
    listed = sum(1 + len(swap.alike) for swap in ranked.result.swaps)
    assert str(ranked.status) == "done" and listed == 2, ranked
    assert ranked.result.error_control.method == "holm"
    assert isinstance(ranked.result.swaps[0].delta, float)
    s.call("deck_doctor", "deck_doctor_cancel_create", job_id=doomed.id)

    # A game against the bot: begun, answered to its end (the first option each time), read
    game = s.call("plays", "plays_create", 201, body=s.model(
        "PlayInputRequest",
        {"game": "neopets", "deck": int(deck_id), "opponent": int(deck_id), "bot": "random",
         "seed": 1},
    )).parsed  # fmt: skip
    play_id = game.id
    while game.pending:
        game = s.call("plays", "plays_answer_create", play_id=play_id, body=s.model(
            "AnswerInputRequest", {"number": game.pending.number, "option": 0},
        )).parsed  # fmt: skip
    assert game.finished.placements and str(game.status) == "finished"
    read = s.call("plays", "plays_retrieve", play_id=play_id).parsed
    assert read.history[0].text and read.log[-1].text.startswith("The game is over")
    # Alice's games (issue 42), filtered by game, the latest first (`status` filters too, but
    # is the name of this helper's own argument)
    mine = s.call("plays", "plays_list", game=models.PlaysListGame("neopets"), ordering="-updated")
    mine = mine.parsed
    assert [str(row.id) for row in mine.results] == [str(play_id)]
    assert str(mine.results[0].status) == "finished" and mine.results[0].answers > 0

    # Errors, in their one shape
    s.call("validate", "validate_create", 400,
           body=s.model("ValidateInputRequest", {"game": "neopets"}))  # fmt: skip
    s.call("decks", "decks_destroy", 204, id=str(second.id))
    s.call("decks", "decks_retrieve", 404, id=str(second.id))
    closed = s.call("events", "events_close_create", token=event.id).parsed
    assert closed.open_ is False  # (the generator renames `open`, a builtin)
    s.call("events", "events_destroy", 204, token=event.id)
    s.call("events", "events_retrieve", 404, token=event.id)

    # Tokens: list, revoke another by id, then sign out with this one
    spare = anonymous.call(
        "auth", "auth_token_create",
        body=anonymous.model("TokenInputRequest", {"username": "alice", "password": "password"}),
    ).parsed  # fmt: skip
    assert {t.id for t in s.call("auth", "auth_tokens_list").parsed} >= {spare.id}
    s.call("auth", "auth_tokens_destroy", 204, token_id=spare.id)
    assert spare.id not in {t.id for t in s.call("auth", "auth_tokens_list").parsed}
    s.call("auth", "auth_token_destroy", 204)
    s.call("auth", "auth_tokens_list", 401)

    every = {
        operation["operationId"]
        for operations in schema["paths"].values()
        for operation in operations.values()
    }
    assert every - s.called == set(), "operations the typed session never ran"
    problems = [problem for answer in recorder.answers for problem in undeclared(schema, answer)]
    assert problems == [], "\n".join(problems)


def test_the_schema_check_names_an_undeclared_field(schema):
    """The check above fails, naming operation and field, when an answer grows a field."""
    from tests.api.generated_client import Answer

    body = {"status": "ok", "uptime": 1}
    answer = Answer("GET", "/api/v1/health/", 200, "application/json", body)
    assert operation_of(schema, "GET", "/api/v1/health/")[0] == "/api/v1/health/"
    assert undeclared(schema, answer) == [
        "GET /api/v1/health/ answered 200 with the field `uptime`, "
        "which the schema does not declare"
    ]
