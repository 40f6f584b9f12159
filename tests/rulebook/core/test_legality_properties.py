"""Legality that cannot be fooled (issue 14), as properties over all four games' sample cards,
with several keys of one card (reprints), odd names (apostrophes, dashes, parentheses) and
cards set aside: the verdict and the errors do not depend on how the deck is written.

- reordered, split across lines, named by another key of the card, by a typographic variant of
  its name, or sent as a text decklist: the same verdict and errors (Neopets CR 6.7.2 and its
  equivalents: copies are counted by the card, whatever names it);
- a banned card added to any section makes the deck illegal with card.banned (format lists
  apply to every copy, counted or set aside);
- every copy asked for is in `counts`, `not_counted` or a problem: nothing is dropped;
- a Millennium Blades fix that says legal is legal when its deck is validated again.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.cardfile import MemoryPool, read_cards
from rulebook.core.cards import CardInfo, FormatInfo
from rulebook.core.decklist import parse_decklist, write_decklist
from rulebook.core.resolve import EntryRef
from rulebook.millennium_blades.fix import fix_deck
from rulebook.registry import GAMES
from rulebook.samples import PROJECT_ROOT
from rulebook.validate import resolve_and_check, standard_format, validate

EXAMPLES = settings(max_examples=40, deadline=None)
SAMPLE_DATA = PROJECT_ROOT / "cards" / "sample_data"
REPRINT = "-reprint"


@cache
def game_cards(game: str) -> tuple[CardInfo, ...]:
    """The game's sample cards, and a second key of every third card (same name and rules: a
    reprint stored under its own key)."""
    cards = read_cards(json.loads((SAMPLE_DATA / f"{game}.json").read_text()))
    reprints = [replace(card, key=card.key + REPRINT, id=None) for card in cards[::3]]
    return (*cards, *reprints)


@cache
def pool(game: str) -> MemoryPool:
    return MemoryPool(game_cards(game), game)


def typed(name: str) -> str:
    """The name as a phone or a word processor types it: curly apostrophes, en dashes,
    no-break spaces, capitals."""
    return name.replace("'", "\u2019").replace("-", "\u2013").replace(" ", "\u00a0").upper()


@st.composite
def decks(draw, game: str | None = None):
    """(game, entries): up to 12 lines of the game's cards in any of its sections (so some are
    misplaced or set aside), each named by name and key."""
    slug = game or draw(st.sampled_from(sorted(GAMES)))
    sections = GAMES[slug].section_slugs
    lines = draw(
        st.lists(
            st.tuples(
                st.sampled_from(sections), st.sampled_from(game_cards(slug)), st.integers(1, 4)
            ),
            min_size=1,
            max_size=12,
        )
    )
    return slug, [EntryRef(s, n, name=card.name, key=card.key) for s, card, n in lines]


def verdict(game: str, entries: list[EntryRef], fmt: FormatInfo | None = None):
    """The verdict and the errors (code, section, cards), in an order of their own."""
    report = validate(GAMES[game], entries, pool(game), fmt or standard_format(GAMES[game]))
    errors = sorted((i.code, i.section or "", tuple(sorted(i.cards))) for i in report.errors)
    return report.legal, errors


def card_of(game: str, entry: EntryRef) -> CardInfo:
    return next(card for card in game_cards(game) if card.key == entry.key)


def other_key(game: str, card: CardInfo) -> str:
    """Another key of the same card, when it has one (its reprint, or the card reprinted)."""
    keys = [c.key for c in game_cards(game) if c.same_card == card.same_card and c != card]
    return keys[0] if keys else card.key


@EXAMPLES
@given(decks(), st.randoms(use_true_random=False))
def test_the_order_of_the_entries_changes_nothing(deck, rng):
    game, entries = deck
    shuffled = list(entries)
    rng.shuffle(shuffled)
    assert verdict(game, shuffled) == verdict(game, entries)


@EXAMPLES
@given(decks())
def test_splitting_an_entry_across_lines_changes_nothing(deck):
    game, entries = deck
    split = [
        part
        for entry in entries
        for part in (
            [entry]
            if entry.quantity == 1
            else [replace(entry, quantity=1), replace(entry, quantity=entry.quantity - 1)]
        )
    ]
    assert verdict(game, split) == verdict(game, entries)


@EXAMPLES
@given(decks(), st.lists(st.sampled_from(["key", "other key", "typed name", "name"])))
def test_naming_a_card_another_way_changes_nothing(deck, ways):
    """By key alone, by another key of the same card (6.7.2), by its name typed on a phone, or
    by name alone where the name is one card's: the same card."""
    game, entries = deck
    renamed = []
    for index, entry in enumerate(entries):
        card = card_of(game, entry)
        way = ways[index % len(ways)] if ways else "key"
        namesakes = {c.same_card for c in game_cards(game) if c.name == card.name}
        if way == "key":
            renamed.append(replace(entry, name=None))
        elif way == "other key":
            renamed.append(replace(entry, name=None, key=other_key(game, card)))
        elif len(namesakes) == 1:  # a name several different cards carry needs its key
            name = typed(card.name) if way == "typed name" else card.name
            renamed.append(replace(entry, name=name, key=None))
        else:
            renamed.append(replace(entry, name=typed(card.name)))
    assert verdict(game, renamed) == verdict(game, entries)


@EXAMPLES
@given(decks())
def test_a_text_decklist_is_judged_as_the_same_deck_sent_as_json(deck):
    game, entries = deck
    parsed = parse_decklist(write_decklist(GAMES[game], entries), GAMES[game])
    assert parsed.problems == []
    assert verdict(game, parsed.entries) == verdict(game, entries)


@EXAMPLES
@given(decks(), st.data())
def test_a_banned_card_in_any_section_makes_the_deck_illegal(deck, data):
    """Format lists apply to every copy, counted or set aside (issue 14, class 1), and to every
    key of the card (class 2)."""
    game, entries = deck
    spec = GAMES[game]
    banned = data.draw(st.sampled_from(game_cards(game)))
    section = data.draw(st.sampled_from(spec.section_slugs))
    keys = frozenset(c.key for c in game_cards(game) if c.same_card == banned.same_card)
    fmt = replace(standard_format(spec), banned=keys)
    by = data.draw(st.sampled_from(sorted(keys)))
    legal, errors = verdict(game, [*entries, EntryRef(section, 1, name=banned.name, key=by)], fmt)
    assert not legal and "card.banned" in {code for code, _, _ in errors}


@EXAMPLES
@given(decks())
def test_every_copy_is_counted_set_aside_or_a_problem(deck):
    game, entries = deck
    spec = GAMES[game]
    report = validate(spec, entries, pool(game), standard_format(spec))
    for section in spec.section_slugs:
        asked = sum(entry.quantity for entry in entries if entry.section == section)
        found = report.counts.get(section, 0) + report.not_counted.get(section, 0)
        assert found == asked, (section, report.as_dict())


@EXAMPLES
@given(decks("millennium-blades"), st.integers(0, 2**32))
def test_a_fix_that_says_legal_is_legal_when_validated_again(deck, seed):
    """Millennium Blades, Tournament Phase: the fix keeps one copy of each card, whichever key
    names it; its verdict is the verdict of the deck it leaves."""
    game, entries = deck
    spec, fmt = GAMES[game], standard_format(GAMES[game])
    resolved, _ = resolve_and_check(spec, entries, pool(game), fmt)
    fixed = fix_deck(resolved, seed, fmt=fmt)
    again = [
        EntryRef(section, entry.quantity, key=entry.card.key)
        for section, kept in fixed.deck.sections.items()
        for entry in kept
    ]
    assert validate(spec, again, pool(game), fmt).legal == fixed.legal


@EXAMPLES
@given(decks(), st.data())
def test_a_key_beside_another_cards_name_is_never_counted_as_the_keyed_card(deck, data):
    """Issue 14, class 5: `{"name": "Bigfoot", "key": "chupacabra-flame"}` is a problem
    (card.mismatch), not silently the keyed card."""
    game, entries = deck
    entry = data.draw(st.sampled_from(entries))
    card = card_of(game, entry)
    others = [c for c in game_cards(game) if c.name.casefold() != card.name.casefold()]
    other = data.draw(st.sampled_from(others))
    mixed = [*entries, replace(entry, name=other.name)]
    legal, errors = verdict(game, mixed)
    assert not legal and "card.mismatch" in {code for code, _, _ in errors}
