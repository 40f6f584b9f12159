"""POST /api/v1/metazoo/archive-swap/ (Archive, p. 41): each problem, and the 400s."""

from __future__ import annotations

import json

import pytest

from cards.services.importer import cards_import
from tests.rulebook.metazoo.factories import LEGAL_ARCHIVE, LEGAL_SPELLBOOK, SAMPLE_FILE

URL = "/api/v1/metazoo/archive-swap/"


@pytest.fixture
def sample_pages(db):
    cards_import(data=json.loads(SAMPLE_FILE.read_text()), source=SAMPLE_FILE.name)


def entries(copies: dict[str, int]) -> list[dict]:
    return [{"key": key, "quantity": quantity} for key, quantity in copies.items()]


def registered(spellbook: dict[str, int], archive: dict[str, int]) -> dict:
    return {"spellbook": entries(spellbook), "archive": entries(archive)}


BEFORE = registered(LEGAL_SPELLBOOK, LEGAL_ARCHIVE)


def post(api, body):
    return api.post(URL, body, format="json")


def test_it_accepts_a_swap_and_lists_what_moved(api, sample_pages):
    after = registered(
        {**LEGAL_SPELLBOOK, "sample-ember-pup": 2, "sample-cinder-drake": 2},
        {"sample-ember-pup": 2, "sample-moss-gnome": 3},
    )
    response = post(api, {"before": BEFORE, "after": after})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["legal"] is True and body["problems"] == []
    assert body["moved"] == {
        "to_spellbook": [
            {"name": "Sample Cinder Drake", "key": "sample-cinder-drake", "quantity": 2}
        ],
        "to_archive": [{"name": "Sample Ember Pup", "key": "sample-ember-pup", "quantity": 2}],
    }
    assert body["counts"] == {
        "before": {"spellbook": 40, "archive": 5},
        "after": {"spellbook": 40, "archive": 5},
    }
    assert body["after"]["legal"] is True


def test_it_reports_changed_sizes_with_the_rulebook_citation(api, sample_pages):
    after = registered(
        {**LEGAL_SPELLBOOK, "sample-moss-gnome": 1}, {**LEGAL_ARCHIVE, "sample-moss-gnome": 2}
    )
    body = post(api, {"before": BEFORE, "after": after}).json()
    assert body["legal"] is False
    assert [p["code"] for p in body["problems"]] == ["swap.spellbook_size", "swap.archive_size"]
    assert "must end up with the same number of Pages" in body["problems"][0]["rule"]
    assert body["problems"][1] | {"before": 5, "after": 4} == body["problems"][1]


def test_it_reports_pages_added_and_removed(api, sample_pages):
    after = registered(
        {**LEGAL_SPELLBOOK, "sample-ember-pup": 3, "sample-thunder-stag": 1}, LEGAL_ARCHIVE
    )
    body = post(api, {"before": BEFORE, "after": after}).json()
    assert [(p["code"], p["cards"]) for p in body["problems"]] == [
        ("swap.removed", ["Sample Ember Pup"]),
        ("swap.added", ["Sample Thunder Stag"]),
    ]
    assert all(p["rule"].startswith("Archive (p. 41)") for p in body["problems"])


def test_a_swap_that_breaks_a_spellbook_restriction_is_illegal_p25(api, sample_pages):
    """Issue 29's decision: a swap whose resulting list breaks a Spellbook Restriction (p. 25)
    is illegal and carries the resulting list's error (it was legal before)."""
    before = registered(
        {**LEGAL_SPELLBOOK, "flame-aura": 13, "killer-clown": 1}, {"headless-horseman": 1}
    )
    after = registered(
        {**LEGAL_SPELLBOOK, "flame-aura": 12, "killer-clown": 1, "headless-horseman": 1},
        {"flame-aura": 1},
    )
    body = post(api, {"before": before, "after": after}).json()
    assert body["legal"] is False
    assert [(p["code"], p["list"]) for p in body["problems"]] == [
        ("spellbook.restriction", "after")
    ]
    assert [e["code"] for e in body["after"]["errors"]] == ["spellbook.restriction"]


def test_it_reports_unknown_pages_in_either_list(api, sample_pages):
    after = {"spellbook": [*BEFORE["spellbook"][:-1], {"name": "Fireblal", "quantity": 3}]}
    after["archive"] = BEFORE["archive"]
    body = post(api, {"before": BEFORE, "after": after}).json()
    assert body["legal"] is False
    unknown = [p for p in body["problems"] if p["code"] == "card.unknown"]
    assert unknown[0]["list"] == "after"
    assert "Fireball" in unknown[0]["suggestions"]


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ([], ["body"]),
        ({"before": BEFORE}, ["after"]),
        ({"before": BEFORE, "after": {"archive": []}}, ["after.spellbook"]),
        ({"before": BEFORE, "after": {**BEFORE, "sideboard": []}}, ["after.sideboard"]),
        (
            {"before": BEFORE, "after": {"spellbook": [{"key": "flame-aura", "quantity": 0}]}},
            ["after.spellbook[0].quantity"],
        ),
        (
            {"before": {"spellbook": [{"quantity": 2}]}, "after": BEFORE},
            ["before.spellbook[0].name"],
        ),
        ({"before": BEFORE, "after": {"spellbook": "40 Fire"}}, ["after.spellbook"]),
        ({"before": BEFORE, "after": BEFORE, "format": 7}, ["format"]),
        ({"before": BEFORE, "after": BEFORE, "format": "standard\x00"}, ["format"]),
        (
            {"before": BEFORE, "after": {"spellbook": [{"key": "a\x00", "quantity": 1}]}},
            ["after.spellbook[0].key"],
        ),
    ],
)
def test_it_refuses_a_request_it_cannot_read_naming_the_field(api, db, body, fields):
    response = post(api, body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert list(response.json()["fields"]) == fields


def test_it_refuses_an_unknown_format(api, sample_pages):
    response = post(api, {"before": BEFORE, "after": BEFORE, "format": "vintage"})
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["format"]


def test_it_refuses_bad_json(api, db):
    response = api.post(URL, "{", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["status"] == 400


def test_an_ambiguous_page_is_a_problem_never_a_silent_drop(api, sample_pages):
    """Archive (p. 41) can only be judged on Pages it knows: a name two different Pages carry
    (Page Layout, p. 5) is a card.ambiguous problem, and the swap is not legal."""
    from cards.models import Card, Game

    game = Game.objects.get(slug="metazoo")
    for key, text in (("test-chupa", "Bite."), ("test-chupa-flame", "Burn.")):
        Card.objects.create(game=game, key=key, name="Test Chupa", type="Beastie", text=text)
    shared = {"name": "Test Chupa", "quantity": 1}
    before = {**BEFORE, "archive": [*BEFORE["archive"], shared]}
    response = post(api, {"before": before, "after": before})
    body = response.json()
    assert body["legal"] is False
    assert {p["code"] for p in body["problems"]} == {"card.ambiguous"}


def test_a_ban_on_a_printing_reaches_one_differing_by_a_final_full_stop_p40(api, sample_pages):
    """Spellbook Rules and Tips (p. 40), functionally the same Page, and issue 29's decision:
    a printing of Fireball whose text lacks the final full stop is the one Page, so a ban on it
    bans the Fireball a list names."""
    from datetime import date

    from cards.models import Card
    from rulebook.core.resolve import EntryRef
    from rules.models import FormatListEntry
    from rules.services.formats import formats_ensure_standard
    from rules.services.validation import deck_validate

    formats_ensure_standard()
    fireball = Card.objects.get(game__slug="metazoo", key="fireball")
    reprint = Card.objects.create(
        game=fireball.game,
        key="fireball-promo",
        name=fireball.name,
        type=fireball.type,
        text=fireball.text.removesuffix("."),
        attributes=fireball.attributes,
    )
    standard = fireball.game.formats.get(slug="standard")
    FormatListEntry.objects.create(
        format=standard, card=reprint, status="banned", effective=date(2024, 1, 1)
    )
    entries = [EntryRef("spellbook", n, key=key) for key, n in LEGAL_SPELLBOOK.items()]
    report = deck_validate(game="metazoo", entries=entries, as_of=date(2024, 2, 1))
    assert [issue.code for issue in report.errors] == ["card.banned"]
    by_name = [EntryRef("spellbook", 1, name="Fireball")]
    named = deck_validate(game="metazoo", entries=by_name)
    assert "card.ambiguous" not in [issue.code for issue in named.errors]
