"""A card's history (GET /api/v1/cards/{id}/history/), errata judged by the day they take
effect (`as_of`), and releases (POST /api/v1/releases/) round-tripped through import_cards
(issue 36, items 3 and 5)."""

from __future__ import annotations

import io
import json
from datetime import date

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card, CardRevision
from curation.services import proposal_approve, proposal_create
from rules.services.validation import deck_validate
from tests.rulebook.core.factories import CODESTONES, legal_entries

from .conftest import food


def erratum(*, card: Card, by, curator, effective: date | None = None, **changes):
    """A change to a stored card, proposed by `by` and approved by `curator`."""
    record = {
        "key": card.key,
        "name": card.name,
        "type": card.type,
        "text": card.text,
        "attributes": card.attributes,
        "sample": card.is_sample,
        **changes,
    }
    proposal = proposal_create(
        proposer=by,
        game=card.game.slug,
        kind="change",
        card=record,
        reason="erratum",
        effective=effective,
    )
    return proposal_approve(proposal=proposal, reviewer=curator)


def test_history_lists_revisions_newest_first_with_before_and_after(
    api, alice, bob, alice_curates, omelette
):
    erratum(card=omelette, by=bob, curator=alice, effective=date(2026, 3, 1), text="Heal 2 HP.")
    erratum(card=omelette, by=bob, curator=alice, effective=date(2026, 6, 1), text="Heal 3 HP.")
    revisions = api.get(f"/api/v1/cards/{omelette.pk}/history/").json()["results"]
    assert [r["effective"] for r in revisions] == ["2026-06-01", "2026-03-01"]
    assert revisions[0]["fields"] == {"text": {"before": "Heal 2 HP.", "after": "Heal 3 HP."}}
    assert revisions[1]["fields"] == {"text": {"before": "Heal 1 HP.", "after": "Heal 2 HP."}}
    assert (revisions[0]["proposed_by"], revisions[0]["approved_by"]) == ("bob", "alice")


def test_history_of_a_card_nobody_may_read_is_a_404(api, bob, neopets):
    private = Card.objects.create(game=neopets, key="mine", name="Mine", type="Food", owner=bob)
    assert api.get(f"/api/v1/cards/{private.pk}/history/").status_code == 404


def test_an_erratum_is_judged_by_the_day_it_takes_effect(alice, bob, alice_curates, neopets_cards):
    """An erratum making a Codestone (any number, Neopets CR 7.11.2) a Potion (two copies at
    most, CR 7.7.2) from 1 June: a deck of 8 copies is legal on 31 May, not on 1 June."""
    codestone = neopets_cards[CODESTONES[0].name]
    erratum(
        card=codestone,
        by=bob,
        curator=alice,
        effective=date(2026, 6, 1),
        type="Potion",
        attributes={},
    )

    def codes(day: date) -> set[str]:
        report = deck_validate(game="neopets", entries=legal_entries(), as_of=day)
        return {issue.code for issue in report.errors}

    assert "copies.limit" not in codes(date(2026, 5, 31))
    assert "copies.limit" in codes(date(2026, 6, 1))


def test_a_release_is_a_card_file_import_cards_applies_in_place(
    api, alice_api, alice, bob, alice_curates, omelette, tmp_path
):
    omelette.is_sample = True
    omelette.save()
    proposal = proposal_create(proposer=bob, game="neopets", kind="new", card=food("Jelly Bean"))
    proposal_approve(proposal=proposal, reviewer=alice)
    published = alice_api.post("/api/v1/releases/", {"game": "neopets"}, format="json")
    assert published.status_code == 201, published.json()
    body = published.json()
    assert body["number"] == 1
    assert [line["card"] for line in body["changelog"]] == ["jelly-bean"]
    card_file = api.get(body["url"]).json()  # anyone downloads it
    by_key = {card["key"]: card for card in card_file["cards"]}
    assert by_key["omelette"]["sample"] is True  # samples stay marked as samples
    assert by_key["jelly-bean"]["sample"] is False

    # another Deckwarden whose Jelly Bean has an older text takes the release in place
    Card.objects.filter(key="jelly-bean").update(text="Heal 9 HP.")
    path = tmp_path / "neopets-release-1.json"
    path.write_text(json.dumps(card_file))
    out = io.StringIO()
    call_command("import_cards", str(path), "--quiet", stdout=out)
    assert "changed: jelly-bean (text)" in out.getvalue()
    assert Card.objects.get(key="jelly-bean").text == "Heal 1 HP."

    second = alice_api.post("/api/v1/releases/", {"game": "neopets"}, format="json").json()
    assert second["number"] == 2
    assert [line["change"] for line in second["changelog"]] == ["changed"]


def test_only_a_curator_publishes_a_release(bob_api, alice_curates):
    response = bob_api.post("/api/v1/releases/", {"game": "neopets"}, format="json")
    assert response.status_code == 403


def test_grant_curator_makes_a_curator_and_refuses_what_it_cannot(alice, neopets):
    out = io.StringIO()
    call_command("grant_curator", "alice", "neopets", stdout=out)
    assert "alice now curates Neopets" in out.getvalue()
    with pytest.raises(CommandError, match="No user is named 'nobody'"):
        call_command("grant_curator", "nobody", "neopets")
    with pytest.raises(CommandError, match="game must be one of"):
        call_command("grant_curator", "alice", "chess")


def test_a_first_release_lists_the_real_cards_changes_not_the_sample_cards_loading(
    alice_api, alice, bob, alice_curates
):
    """Issue 36, item 5: the sample cards ride along in the file, marked as samples, but their
    loading by load_samples is no change of the community's catalogue."""
    call_command("load_samples", "--cards-only", stdout=io.StringIO())
    assert CardRevision.objects.filter(card__is_sample=True).exists()
    proposal = proposal_create(proposer=bob, game="neopets", kind="new", card=food("Jelly Bean"))
    proposal_approve(proposal=proposal, reviewer=alice)
    body = alice_api.post("/api/v1/releases/", {"game": "neopets"}, format="json").json()
    assert [line["card"] for line in body["changelog"]] == ["jelly-bean"]
    card_file = alice_api.get(body["url"]).json()
    samples = [card for card in card_file["cards"] if card["sample"]]
    assert len(samples) == Card.objects.filter(game__slug="neopets", is_sample=True).count() > 0
