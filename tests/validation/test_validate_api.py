"""POST /api/v1/validate/: the report DESIGN fixes, and a 400 naming the field for anything it
cannot read."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlencode

import pytest

from cards.models import Card, Game
from rulebook.cardfile import CardFileError, read_cards
from rules.models import Format, FormatListEntry
from tests.validation.conftest import MB_SINGLES, legal_text, sections_body

URL = "/api/v1/validate/"


def post(api, body, **kwargs):
    return api.post(URL, body, format="json", **kwargs)


def test_it_answers_a_legal_deck_given_as_sections(api, neopets_cards):
    response = post(api, sections_body())
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "legal": True,
        "game": "neopets",
        "format": "standard",
        "errors": [],
        "warnings": [],
        "counts": {"main": 50, "neopets": 3, "rainbow_pool": 2},
        "not_counted": {},
    }


def test_it_answers_a_legal_deck_given_as_a_decklist(api, neopets_cards):
    response = post(api, {"game": "neopets", "text": legal_text()})
    assert response.status_code == 200
    assert response.json()["legal"] is True


def test_it_reports_rule_errors_in_the_designs_shape(api, neopets_cards):
    body = sections_body()
    body["sections"]["main"].pop()  # a Food, now 48 cards
    response = post(api, body)
    assert response.status_code == 200
    data = response.json()
    assert data["legal"] is False
    assert data["errors"] == [
        {
            "code": "main.size",
            "rule": "8.3.1",
            "section": "main",
            "cards": [],
            "message": "Main Deck has 48 cards; it must have exactly 50: add 2.",
        }
    ]


def test_it_reports_unknown_cards_with_suggestions_not_a_400(api, neopets_cards):
    body = sections_body()
    body["sections"]["main"].append({"name": "Test Fearie", "quantity": 1})
    response = post(api, body)
    assert response.status_code == 200
    unknown = [e for e in response.json()["errors"] if e["code"] == "card.unknown"]
    assert unknown[0]["cards"] == ["Test Fearie"]
    assert "Test Faerie" in unknown[0]["suggestions"]


def test_it_finds_cards_by_key_or_id_and_pinned_printings(api, neopets_cards):
    body = sections_body()
    faerie = neopets_cards["Test Faerie"]
    main = [e for e in body["sections"]["main"] if e["name"] != faerie.name]
    body["sections"]["main"] = [*main, {"id": faerie.id, "quantity": 1, "set": "X", "number": "1"}]
    assert post(api, body).json()["legal"] is True
    body["sections"]["main"] = [*main, {"key": faerie.key, "quantity": 1}]
    assert post(api, body).json()["legal"] is True


def test_it_reports_an_unknown_section_in_the_report(api, neopets_cards):
    body = sections_body()
    body["sections"]["sideboard"] = [{"name": "Test Faerie", "quantity": 1}]
    response = post(api, body)
    assert response.status_code == 200
    assert [e["code"] for e in response.json()["errors"]] == ["section.unknown"]


def bad_request_field(response) -> list[str]:
    assert response.status_code == 400, response.content
    data = response.json()
    assert data["status"] == 400 and data["code"] == "invalid"
    return list(data["fields"])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"game": None}, "game"),
        ({"format": "no-such-format"}, "format"),
        ({"format": 7}, "format"),
        ({"as_of": "2024-13-01"}, "as_of"),
        ({"as_of": "yesterday"}, "as_of"),
        ({"sections": ["main"]}, "sections"),
        ({"sections": {"main": {"name": "Test Faerie"}}}, "sections.main"),
        ({"sections": {"main": [{"quantity": 1}]}}, "sections.main[0].name"),
        ({"sections": {"main": ["Test Faerie"]}}, "sections.main[0]"),
        ({"sections": {"main": [{"name": "", "quantity": 1}]}}, "sections.main[0].name"),
        ({"sections": {"main": [{"id": "7", "quantity": 1}]}}, "sections.main[0].id"),
        (
            {"sections": {"main": [{"name": "A", "quantity": 1, "set": "X"}]}},
            "sections.main[0].number",
        ),
        ({"sections": {"main": [{"name": "A", "quantity": 1, "qty": 2}]}}, "sections.main[0].qty"),
        ({"text": 42}, "text"),
        ({"fix": True}, "fix"),
        ({"fix": "perhaps"}, "fix"),
    ],
)
def test_it_answers_400_naming_the_field_it_cannot_read(api, neopets_cards, change, field):
    body = {**sections_body(), **change}
    if "text" in change:
        del body["sections"]
    assert bad_request_field(post(api, body)) == [field]


@pytest.mark.parametrize("quantity", [0, 1000, -1, True, False, "2", 2.5, None])
def test_it_answers_400_for_a_quantity_that_is_not_an_integer_from_1_to_999(
    api, neopets_cards, quantity
):
    body = {
        "game": "neopets",
        "sections": {"main": [{"name": "Test Faerie", "quantity": quantity}]},
    }
    response = post(api, body)
    assert bad_request_field(response) == ["sections.main[0].quantity"]
    assert response.json()["fields"]["sections.main[0].quantity"] == [
        "must be an integer from 1 to 999"
    ]


def test_it_names_every_bad_field_at_once(api, db):
    body = {"game": "neopets", "as_of": "soon", "sections": {"main": [{"quantity": 0}]}}
    assert set(bad_request_field(post(api, body))) == {
        "as_of",
        "sections.main[0].name",
        "sections.main[0].quantity",
    }


def test_it_answers_400_for_sections_and_text_together_or_neither(api, db):
    assert bad_request_field(post(api, {"game": "neopets"})) == ["sections"]
    both = {"game": "neopets", "sections": {}, "text": "1 Test Faerie"}
    assert bad_request_field(post(api, both)) == ["sections"]


def test_it_answers_400_for_bad_json(api, db):
    response = api.post(URL, data='{"game": ', content_type="application/json")
    assert bad_request_field(response) == ["body"]


@pytest.mark.parametrize("body", ["[1, 2]", '"deck"', "null", "3"])
def test_it_answers_400_for_a_body_that_is_not_an_object(api, db, body):
    response = api.post(URL, data=body, content_type="application/json")
    assert bad_request_field(response) == ["body"]


def test_it_lists_each_unreadable_decklist_line_and_checks_every_other_line(api, neopets_cards):
    """Issue 7 item 7: unreadable lines are decklist.unreadable errors with their numbers; the
    readable lines are still checked (here a second Test Faerie breaks 7.3.2)."""
    text = "Main Deck:\n2 Test Faerie\nnot a card line\nGraveyard:\n0 Test Food 0\n"
    response = post(api, {"game": "neopets", "text": text})
    assert response.status_code == 200
    errors = response.json()["errors"]
    assert [(e["line"], e["text"]) for e in errors if e["code"] == "decklist.unreadable"] == [
        (3, "not a card line"),
        (4, "Graveyard:"),
        (5, "0 Test Food 0"),
    ]
    assert "copies.limit" in {e["code"] for e in errors}


def test_it_answers_413_json_for_a_body_over_the_limit(api, db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    text = "1 Test Faerie\n" * 200
    response = post(api, {"game": "neopets", "text": text})
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "too_large"
    assert list(response.json()["fields"]) == ["body"]


def test_it_takes_format_and_as_of_from_the_query_string(api, neopets_cards):
    response = api.post(f"{URL}?format=standard&as_of=2020-01-01", sections_body(), format="json")
    assert response.status_code == 200
    response = api.post(f"{URL}?as_of=bad", sections_body(), format="json")
    assert bad_request_field(response) == ["as_of"]


def mb_body(**extra):
    singles = [{"name": name, "quantity": 1} for name in MB_SINGLES]
    return {"game": "millennium-blades", "sections": {"singles": singles}, **extra}


def test_it_offers_the_millennium_blades_fix_the_same_for_the_same_seed(api, mb_cards):
    first = post(api, mb_body(fix=True, seed=7)).json()
    again = api.post(f"{URL}?fix=true&seed=7", mb_body(), format="json").json()
    assert first == again
    assert first["legal"] is False
    assert first["fix"]["seed"] == 7
    assert len(first["fix"]["removed"]) == 2
    kept = first["fix"]["deck"]["sections"]["singles"]
    assert len(kept) == 8
    removed = {item["name"] for item in first["fix"]["removed"]}
    assert removed.isdisjoint(entry["name"] for entry in kept)


def test_it_chooses_and_returns_a_seed_when_a_fix_names_none(api, mb_cards):
    data = post(api, mb_body(fix=True)).json()
    assert isinstance(data["fix"]["seed"], int)
    again = post(api, mb_body(fix=True, seed=data["fix"]["seed"])).json()
    assert again["fix"] == data["fix"]


def test_the_fix_lists_an_unknown_card_it_removes_and_says_whether_the_fixed_deck_is_legal(
    api, mb_cards
):
    """Tournament Phase fix: an unknown card is one of the cards the draw may remove; it is
    listed when removed (key null), and a fixed deck that keeps it is not legal."""
    body = mb_body(fix=True)
    body["sections"]["singles"].append({"name": "Mystery Blade", "quantity": 1})
    outcomes = {}
    for seed in range(12):
        fix = post(api, {**body, "seed": seed}).json()["fix"]
        assert len(fix["removed"]) == 3 and all(r["reason"] == "random" for r in fix["removed"])
        removed_unknown = {"section": "singles", "name": "Mystery Blade", "key": None}
        kept = {entry["name"] for entry in fix["deck"]["sections"]["singles"]}
        if any({k: r[k] for k in removed_unknown} == removed_unknown for r in fix["removed"]):
            assert fix["legal"] is True and fix["errors"] == []
            outcomes["removed"] = True
        else:
            assert "Mystery Blade" in kept
            assert fix["legal"] is False
            assert [error["code"] for error in fix["errors"]] == ["card.unknown"]
            outcomes["kept"] = True
    assert outcomes == {"removed": True, "kept": True}


def test_the_fix_removes_the_requested_formats_banned_cards_first(api, mb_cards):
    """Format list: a card the format bans goes first, before the random draw."""
    game = Game.objects.get(slug="millennium-blades")
    league = Format.objects.create(
        game=game, slug="league", name="League", ruleset="millennium-blades"
    )
    for card in mb_cards[:2]:
        FormatListEntry.objects.create(
            format=league, card=card, status="banned", effective=date(2000, 1, 1)
        )
    fix = post(api, mb_body(fix=True, seed=3, format="league")).json()["fix"]
    assert [(r["name"], r["reason"]) for r in fix["removed"]] == [
        (card.name, "banned") for card in mb_cards[:2]
    ]
    assert fix["legal"] is True


def test_it_leaves_out_the_fix_unless_asked(api, mb_cards):
    assert "fix" not in post(api, mb_body()).json()


def test_it_finds_a_card_whose_name_has_non_ascii_capitals(api, db):
    """SQLite's lower() folds ASCII only; the name as written still finds the card."""
    game = Game.objects.get(slug="neopets")
    Card.objects.create(game=game, key="eclair-test", name="Éclair Test Food", type="Food")
    body = {"game": "neopets", "sections": {"main": [{"name": "Éclair Test Food", "quantity": 2}]}}
    errors = post(api, body).json()["errors"]
    assert "card.unknown" not in [error["code"] for error in errors]


def test_it_answers_411_for_a_chunked_body_rather_than_reading_it_as_empty(api, db):
    response = api.post(
        URL, data="", content_type="application/json", HTTP_TRANSFER_ENCODING="chunked"
    )
    assert response.status_code == 411
    assert list(response.json()["fields"]) == ["body"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"format": "stand\x00ard"}, "format"),
        (
            {"sections": {"main": [{"name": "Test\x00Faerie", "quantity": 1}]}},
            "sections.main[0].name",
        ),
        ({"sections": {"main": [{"key": "\x00", "quantity": 1}]}}, "sections.main[0].key"),
        (
            {"sections": {"main": [{"name": "A", "quantity": 1, "set": "S\x00", "number": "1"}]}},
            "sections.main[0].set",
        ),
        ({"text": "1 Test Faerie\x00"}, "text"),
    ],
)
def test_it_refuses_nul_characters_naming_the_field(api, neopets_cards, change, field):
    """No card or format holds a NUL, and PostgreSQL cannot be asked about one: a 400, not a 500."""
    body = {**sections_body(), **change}
    if "text" in change:
        del body["sections"]
    response = post(api, body)
    assert bad_request_field(response) == [field]


def test_it_refuses_a_nul_character_in_the_query_strings_format(api, neopets_cards):
    response = api.post(f"{URL}?format=standard%00", sections_body(), format="json")
    assert bad_request_field(response) == ["format"]


@pytest.mark.parametrize("seed", ["²", "٣", "9" * 5000, "1e3", "seven", "-"])
def test_it_refuses_a_query_strings_seed_that_is_not_an_integer(api, mb_cards, seed):
    """Digits that str.isdigit() admits but int() refuses are a 400 naming seed, not a 500."""
    response = api.post(
        URL, mb_body(), format="json", QUERY_STRING=urlencode({"fix": "true", "seed": seed})
    )
    assert bad_request_field(response) == ["seed"]


def test_it_reads_a_negative_seed_from_the_query_string(api, mb_cards):
    response = api.post(f"{URL}?fix=true&seed=-7", mb_body(), format="json")
    assert response.status_code == 200
    assert response.json()["fix"]["seed"] == -7


def test_the_fix_reads_a_name_two_keys_of_one_card_share_as_that_card(api, mb_cards):
    """Tournament Phase fix, one copy per card: a Single stored under two keys is one card,
    named by its name; the fix neither keeps it twice (once as "unknown") nor drops it, and a
    fix that says legal is legal when the deck it leaves is validated again (issue 14)."""
    single = mb_cards[0]
    Card.objects.create(game=single.game, key="single-0-promo", name=single.name, type="Single")
    body = mb_body(fix=True, seed=3)
    fix = post(api, body).json()["fix"]
    kept = fix["deck"]["sections"]["singles"]
    assert sum(entry["quantity"] for entry in kept) == 8 and all(entry["key"] for entry in kept)
    assert fix["legal"] is True
    again = {"game": "millennium-blades", "sections": fix["deck"]["sections"]}
    assert post(api, again).json()["legal"] is True


INLINE_FOOD = {"name": "Homemade Hot Dog", "type": "Food", "text": "Heal 2 HP."}


def test_it_reads_inline_user_made_cards_as_simulations_do(api, neopets_cards):
    """Issue 14's decision: /validate/ reads a request's `cards` (import format) as
    /simulations/ does; the entries name them, and copy limits count them (7.8.2)."""
    body = sections_body()
    body["sections"]["main"] = [e for e in body["sections"]["main"] if e["name"] != "Test Food 0"]
    body["sections"]["main"].append({"name": "Homemade Hot Dog", "quantity": 2})
    report = post(api, {**body, "cards": [INLINE_FOOD]}).json()
    assert report["legal"], report
    body["sections"]["main"][-1]["quantity"] = 3
    report = post(api, {**body, "cards": [INLINE_FOOD]}).json()
    assert {issue["code"] for issue in report["errors"]} == {"copies.limit", "main.size"}
    batch = {"decks": [{"id": 1, **body, "cards": [INLINE_FOOD]}]}
    result = api.post("/api/v1/validate/batch/", batch, format="json").json()["results"][0]
    assert "card.unknown" not in {issue["code"] for issue in result["errors"]}, result


def test_it_names_the_field_of_an_inline_card_it_cannot_read(api, neopets_cards):
    bad = {**INLINE_FOOD, "type": "Sandwich"}
    response = post(api, {**sections_body(), "cards": [bad]})
    assert response.status_code == 400
    assert "cards[0].type" in response.json()["fields"]


@pytest.mark.parametrize("name", [{"name": "Hot Dog"}, ["Hot Dog"]], ids=["object", "list"])
@pytest.mark.parametrize("path", ["/api/v1/validate/", "/api/v1/simulations/"])
def test_an_inline_card_named_by_an_object_or_a_list_is_a_400_naming_it(
    api, neopets_cards, path, name
):
    """Issue 43: every raw name went into a set before it was checked (an unhashable 500)."""
    deck = {**sections_body(), "cards": [{**INLINE_FOOD, "name": name}]}
    if "simulations" in path:
        deck.pop("game")
        deck = {"game": "neopets", "decks": [deck, deck], "games": 10}
    response = api.post(path, deck, format="json")
    assert response.status_code == 400, response.content
    fields = response.json()["fields"]
    assert any(field.endswith("cards[0].name") for field in fields), fields


def test_a_card_file_keying_a_marked_card_by_an_object_names_the_key():
    """The sibling of the name's 500: a marked namesake's raw key went into a set unchecked."""
    card = {**INLINE_FOOD, "key": {"k": 1}, "distinct_namesake": True}
    with pytest.raises(CardFileError) as refused:
        read_cards({"game": "neopets", "cards": [card]})
    assert refused.value.problems == [
        ("cards[0]", "key", "must be a non-empty string (or a name that slugifies)")
    ]
