"""Formats: the standard row every game gets, and banned and restricted lists evaluated for a day
(the latest entry per card effective on or before it rules; `legal` lifts)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from basics.errors import InvalidRequest
from cards.models import Game
from rulebook.core.resolve import EntryRef
from rulebook.registry import GAMES
from rules.models import Format, FormatListEntry
from rules.services.formats import formats_ensure_standard
from rules.services.validation import deck_resolve, deck_validate, format_info
from tests.rulebook.core.factories import legal_entries
from tests.validation.conftest import sections_body


def test_it_gives_every_game_a_default_standard_format_naming_its_rulebook(db):
    rows = {row.game.slug: row for row in Format.objects.filter(is_default=True)}
    assert set(rows) == set(GAMES)
    neopets = rows["neopets"]
    assert (neopets.slug, neopets.ruleset) == ("standard", "neopets")
    assert neopets.rules_version == "neopets-battledome-comprehensive-rules.txt"


@pytest.fixture
def standard(db) -> Format:
    return Format.objects.get(game__slug="neopets", slug="standard")


def list_entry(fmt, card, status, effective, limit=None):
    return FormatListEntry.objects.create(
        format=fmt, card=card, status=status, effective=effective, limit=limit
    )


@pytest.fixture
def faerie_history(standard, neopets_cards):
    """Test Faerie: banned from 2024-01-01, legal again from 2024-06-01, restricted to 1 copy
    of Test Food 0 from 2024-03-01."""
    faerie, food = neopets_cards["Test Faerie"], neopets_cards["Test Food 0"]
    list_entry(standard, faerie, "banned", date(2024, 1, 1))
    list_entry(standard, faerie, "legal", date(2024, 6, 1))
    list_entry(standard, food, "restricted", date(2024, 3, 1), limit=1)
    return standard


@pytest.mark.parametrize(
    ("day", "banned", "restricted"),
    [
        (date(2023, 12, 31), set(), {}),
        (date(2024, 1, 1), {"test-faerie"}, {}),
        (date(2024, 3, 1), {"test-faerie"}, {"test-food-0": 1}),
        (date(2024, 6, 1), set(), {"test-food-0": 1}),
    ],
)
def test_it_evaluates_the_lists_in_force_on_a_day(faerie_history, day, banned, restricted):
    info = format_info(game="neopets", as_of=day)
    assert (set(info.banned), dict(info.restricted)) == (banned, restricted)


def error_codes(as_of: date) -> list[str]:
    report = deck_validate(game="neopets", entries=legal_entries(), as_of=as_of)
    return sorted(issue.code for issue in report.errors)


def test_it_reports_banned_and_restricted_cards_as_of_a_day(faerie_history):
    assert error_codes(date(2024, 4, 1)) == ["card.banned", "card.restricted"]
    assert error_codes(date(2024, 7, 1)) == ["card.restricted"]


def test_it_evaluates_as_of_through_the_api(api, faerie_history):
    body = {**sections_body(), "as_of": "2024-02-01"}
    codes = [
        error["code"]
        for error in api.post("/api/v1/validate/", body, format="json").json()["errors"]
    ]
    assert codes == ["card.banned"]
    body["as_of"] = "2023-02-01"
    assert api.post("/api/v1/validate/", body, format="json").json()["legal"] is True


def test_it_uses_a_named_format_with_its_own_ruleset_and_lists(neopets_cards):
    game = Game.objects.get(slug="neopets")
    league = Format.objects.create(game=game, slug="league", name="League", ruleset="neopets")
    list_entry(league, neopets_cards["Test Hero"], "banned", date(2000, 1, 1))
    report = deck_validate(game="neopets", entries=legal_entries(), format="league")
    assert (report.format, [issue.code for issue in report.errors]) == ("league", ["card.banned"])
    assert deck_validate(game="neopets", entries=legal_entries()).legal


def test_it_refuses_an_unknown_game_or_format_naming_the_field(db):
    with pytest.raises(InvalidRequest) as caught:
        format_info(game="chess")
    assert caught.value.field == "game"
    with pytest.raises(InvalidRequest) as caught:
        format_info(game="neopets", format="nope")
    assert caught.value.field == "format"
    assert "standard" in caught.value.message


def test_it_refuses_a_format_whose_ruleset_the_server_lacks(db):
    game = Game.objects.get(slug="neopets")
    Format.objects.create(game=game, slug="odd", name="Odd", ruleset="no-such-ruleset")
    with pytest.raises(InvalidRequest) as caught:
        format_info(game="neopets", format="odd")
    assert caught.value.field == "format"


def test_it_hands_simulations_the_resolved_deck_with_its_report(neopets_cards):
    deck, report = deck_resolve(game="neopets", entries=legal_entries())
    assert report.legal
    assert deck.count("main") == 50
    assert {entry.card.id for entry in deck.entries("neopets")} == {
        neopets_cards[name].id for name in ("Red Kau", "Blue Acara", "Green Poogle")
    }


def test_it_adds_a_missing_standard_format_without_taking_over_the_default(db):
    game = Game.objects.get(slug="neopets")
    Format.objects.filter(game=game).delete()
    Format.objects.create(
        game=game, slug="league", name="League", ruleset="neopets", is_default=True
    )
    formats_ensure_standard()
    formats_ensure_standard()  # a second run changes nothing
    rows = {row.slug: row.is_default for row in Format.objects.filter(game=game)}
    assert rows == {"league": True, "standard": False}


def test_6_7_2_a_ban_reaches_every_key_of_the_same_card(standard, neopets_cards):
    """6.7.2: one card stored under two keys (same name and rules) is one card, so banning one
    key bans a deck naming the other."""
    from cards.models import Card

    faerie = neopets_cards["Test Faerie"]
    reprint = Card.objects.create(
        game=faerie.game,
        key="test-faerie-promo",
        name=faerie.name,
        type=faerie.type,
        attributes=faerie.attributes,
    )
    list_entry(standard, reprint, "banned", date(2024, 1, 1))
    report = deck_validate(game="neopets", entries=legal_entries(), as_of=date(2024, 2, 1))
    assert [issue.code for issue in report.errors] == ["card.banned"]


def _reprint(card, key: str):
    from cards.models import Card

    return Card.objects.create(
        game=card.game, key=key, name=card.name, type=card.type, attributes=card.attributes
    )


@pytest.mark.parametrize("named_by", ["test-faerie", "test-faerie-promo"])
def test_6_7_2_the_latest_entry_for_a_card_rules_every_key_of_it(standard, neopets_cards, named_by):
    """Issue 14, class 2: a ban recorded on one key and lifted on another key of the same card
    (6.7.2) is lifted, whichever key the deck names; before the lift, banned under both."""
    faerie = neopets_cards["Test Faerie"]
    promo = _reprint(faerie, "test-faerie-promo")
    list_entry(standard, faerie, "banned", date(2024, 1, 1))
    list_entry(standard, promo, "legal", date(2024, 6, 1))
    entries = [
        e if e.name != faerie.name else replace(e, name=None, key=named_by) for e in legal_entries()
    ]
    before = deck_validate(game="neopets", entries=entries, as_of=date(2024, 2, 1))
    after = deck_validate(game="neopets", entries=entries, as_of=date(2024, 7, 1))
    assert [issue.code for issue in before.errors] == ["card.banned"]
    assert after.legal, after.as_dict()


def test_7_9_4_a_banned_card_set_aside_in_the_rainbow_pool_is_banned(standard, neopets_cards):
    """Issue 14, class 1: a card that begins the game in the Rainbow Pool (7.9.4, 8.2.1) is
    set aside from the pool's count, but it is in the deck: a ban on it applies."""
    pool_location = neopets_cards["Test Pool Location"]
    list_entry(standard, pool_location, "banned", date(2024, 1, 1))
    entries = [*legal_entries(), EntryRef("rainbow_pool", 1, name=pool_location.name)]
    report = deck_validate(game="neopets", entries=entries, as_of=date(2024, 2, 1))
    assert [issue.code for issue in report.errors] == ["card.banned"]
    assert report.not_counted == {"rainbow_pool": 1}


def test_a_banned_card_in_the_wrong_section_is_banned_as_well_as_misplaced(standard, neopets_cards):
    """Issue 14, class 1: a banned Faerie put in the Rainbow Pool (8.2.1) is reported both
    ways; the list check reads every copy, counted or not."""
    faerie = neopets_cards["Test Faerie"]
    list_entry(standard, faerie, "banned", date(2024, 1, 1))
    entries = [
        e if e.name != faerie.name else replace(e, section="rainbow_pool") for e in legal_entries()
    ]
    report = deck_validate(game="neopets", entries=entries, as_of=date(2024, 2, 1))
    assert {"card.banned", "card.section"} <= {issue.code for issue in report.errors}
