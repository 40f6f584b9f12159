"""The rulebook's fix ("randomly remove cards until it meets the card limit", Tournament Phase)."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rules.core.cards import Deck
from rules.millennium_blades.construction import MillenniumBladesRuleset
from rules.millennium_blades.fix import fix_deck

from .factories import ACCESSORIES, DECK_BOXES, SINGLES, STANDARD, deck, legal_deck

RULES = MillenniumBladesRuleset()
ALL_CARDS = SINGLES + DECK_BOXES + ACCESSORIES


def entries(cards):
    """(card, quantity) pairs drawn from `cards`: repeats and overfull sections allowed."""
    return st.lists(st.tuples(st.sampled_from(cards), st.integers(1, 3)), max_size=14)


# Decks that break every limit, including cards in a section that may not hold them.
decks = st.builds(
    lambda singles, deck_box, accessories: deck(singles, deck_box, accessories),
    entries([*SINGLES, DECK_BOXES[0]]),
    entries(DECK_BOXES),
    entries([*ACCESSORIES, SINGLES[0]]),
)
seeds = st.integers(0, 2**32)


def content(d: Deck) -> Counter:
    return Counter(
        (section, e.card.key)
        for section, es in d.sections.items()
        for e in es
        for _ in range(e.quantity)
    )


def reversed_entries(d: Deck) -> Deck:
    return Deck(
        d.game, {section: tuple(reversed(es)) for section, es in reversed(d.sections.items())}
    )


@given(decks, seeds)
def test_it_fixes_the_same_deck_the_same_way_for_the_same_seed(d, seed):
    """Tournament Phase fix: deterministic for a seed."""
    first, second = fix_deck(d, seed), fix_deck(d, seed)
    assert first.removed == second.removed
    assert first.deck == second.deck


@given(decks, seeds)
def test_it_always_leaves_a_legal_tournament_deck(d, seed):
    """Tournament Phase: remove cards "until it meets the card limit" — and one copy of each."""
    fixed = fix_deck(d, seed).deck
    assert RULES.check(fixed, STANDARD).legal


@given(decks, seeds)
def test_it_removes_exactly_what_the_fixed_deck_lacks(d, seed):
    """Every removed copy is listed once: fixed deck plus removed cards is the original deck."""
    result = fix_deck(d, seed)
    assert content(result.deck) + Counter((s, c.key) for s, c in result.removed) == content(d)


@given(decks, seeds)
def test_it_does_not_depend_on_the_order_of_entries_or_sections(d, seed):
    """Cards are sorted before sampling, so reordering the decklist changes nothing removed."""
    result, reordered = fix_deck(d, seed), fix_deck(reversed_entries(d), seed)
    assert Counter(result.removed) == Counter(reordered.removed)
    assert content(result.deck) == content(reordered.deck)


@given(st.integers(0, 8), st.integers(0, 1), st.integers(0, 2), seeds)
def test_it_removes_nothing_from_a_legal_deck(singles, deck_boxes, accessories, seed):
    """A deck that meets the Tournament Phase limits is already legal: the fix leaves it alone."""
    d = deck(
        [(card, 1) for card in SINGLES[:singles]],
        [(card, 1) for card in DECK_BOXES[:deck_boxes]],
        [(card, 1) for card in ACCESSORIES[:accessories]],
    )
    result = fix_deck(d, seed)
    assert result.removed == []
    assert result.deck == d


def test_it_removes_random_singles_until_eight_remain():
    """Tournament Phase: twelve Singles lose four chosen by the seed, not the first or last four."""
    twelve = deck([(card, 1) for card in SINGLES])
    removed_by_seed = {
        seed: frozenset(card.key for _, card in fix_deck(twelve, seed).removed)
        for seed in range(20)
    }
    assert all(len(removed) == 4 for removed in removed_by_seed.values())
    assert len(set(removed_by_seed.values())) > 1


def test_it_removes_duplicate_copies_before_sampling():
    """Deckbuilding Phase: one copy; extra copies go first, so a deck legal but for them keeps
    every distinct card."""
    d = deck([(SINGLES[0], 3)], [(DECK_BOXES[0], 1)], [(ACCESSORIES[0], 2)])
    result = fix_deck(d, seed=7)
    assert result.removed == [
        ("singles", SINGLES[0]),
        ("singles", SINGLES[0]),
        ("accessories", ACCESSORIES[0]),
    ]
    assert content(result.deck) == content(
        deck([(SINGLES[0], 1)], [(DECK_BOXES[0], 1)], [(ACCESSORIES[0], 1)])
    )


def test_it_keeps_a_legal_deck_object_unchanged():
    assert fix_deck(legal_deck(), seed=1).deck == legal_deck()
