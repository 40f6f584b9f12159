"""The rulebook's fix ("randomly remove cards until it meets the card limit", Tournament Phase)."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rulebook.core.cards import CardInfo, Deck, Entry, FormatInfo
from rulebook.core.resolve import EntryRef
from rulebook.millennium_blades.cards import SINGLE
from rulebook.millennium_blades.construction import MillenniumBladesRuleset
from rulebook.millennium_blades.fix import BANNED, COPY, RANDOM, SECTION, fix_deck

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
    removed = Counter((removal.section, removal.key) for removal in result.removed)
    assert content(result.deck) + removed == content(d)


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
        seed: frozenset(removal.key for removal in fix_deck(twelve, seed).removed)
        for seed in range(20)
    }
    assert all(len(removed) == 4 for removed in removed_by_seed.values())
    assert len(set(removed_by_seed.values())) > 1


def test_it_removes_duplicate_copies_before_sampling():
    """Deckbuilding Phase: one copy; extra copies go first, so a deck legal but for them keeps
    every distinct card."""
    d = deck([(SINGLES[0], 3)], [(DECK_BOXES[0], 1)], [(ACCESSORIES[0], 2)])
    result = fix_deck(d, seed=7)
    assert [(r.section, r.card, r.reason) for r in result.removed] == [
        ("singles", SINGLES[0], COPY),
        ("singles", SINGLES[0], COPY),
        ("accessories", ACCESSORIES[0], COPY),
    ]
    assert content(result.deck) == content(
        deck([(SINGLES[0], 1)], [(DECK_BOXES[0], 1)], [(ACCESSORIES[0], 1)])
    )


def test_it_keeps_a_legal_deck_object_unchanged():
    assert fix_deck(legal_deck(), seed=1).deck == legal_deck()


@given(decks, seeds)
def test_it_says_the_fixed_deck_is_legal_and_it_is(d, seed):
    """Tournament Phase: the fixed deck "meets the card limit"; the fix says so."""
    result = fix_deck(d, seed)
    assert result.legal and result.unknown_kept == ()


def unknown(section, name, quantity=1):
    return EntryRef(section, quantity, name=name)


def test_it_lists_an_unknown_card_it_removes():
    """Tournament Phase fix: every removed card is listed, one that could not be looked up too
    (by the name the user gave it, with no key)."""
    nine = deck([(card, 1) for card in SINGLES[:8]])
    removals = [
        fix_deck(nine, seed, unknown=[unknown("singles", "Mystery Blade")]).removed
        for seed in range(30)
    ]
    assert all(len(removed) == 1 for removed in removals)
    unknown_removed = [r for removed in removals for r in removed if r.card is None]
    assert unknown_removed
    assert {(r.section, r.name, r.key, r.reason) for r in unknown_removed} == {
        ("singles", "Mystery Blade", None, RANDOM)
    }


def test_an_unknown_card_is_part_of_the_random_draw_like_any_other():
    """Tournament Phase: "randomly remove cards"; an unknown card is one of the deck's cards, so
    some seeds keep it, and then the fixed deck is not legal (the card is still unknown)."""
    nine = deck([(card, 1) for card in SINGLES[:8]])
    results = [
        fix_deck(nine, seed, unknown=[unknown("singles", "Mystery Blade")]) for seed in range(30)
    ]
    kept_unknown = [result for result in results if result.unknown_kept]
    assert kept_unknown and len(kept_unknown) < len(results)
    for result in kept_unknown:
        assert result.unknown_kept == (unknown("singles", "Mystery Blade"),)
        assert not result.legal
        assert result.deck.count("singles") == 7
    assert all(result.legal for result in results if not result.unknown_kept)


def test_it_removes_extra_copies_of_an_unknown_card():
    """Deckbuilding Phase: one copy, of an unknown card as of any other (same name, same card)."""
    result = fix_deck(deck(), 3, unknown=[unknown("singles", "Mystery Blade", 2)])
    assert [(r.name, r.reason) for r in result.removed] == [("Mystery Blade", COPY)]
    assert result.unknown_kept == (unknown("singles", "Mystery Blade"),)


BANNING = FormatInfo(
    slug="strict",
    name="Strict",
    ruleset="millennium-blades",
    banned=frozenset({SINGLES[0].key, SINGLES[1].key}),
)


@given(seeds)
def test_it_removes_the_formats_banned_cards_first(seed):
    """Format list: a banned card can never stay, so it goes before any random draw, and the
    draw then needs fewer cards: ten Singles with two banned lose exactly those two."""
    ten = deck([(card, 1) for card in SINGLES[:10]])
    result = fix_deck(ten, seed, fmt=BANNING)
    assert [(r.card, r.reason) for r in result.removed] == [
        (SINGLES[0], BANNED),
        (SINGLES[1], BANNED),
    ]
    assert result.legal
    assert RULES.check(result.deck, BANNING).legal


def test_misplaced_cards_are_removed_as_such():
    """Tournament Phase, Setup 3: each section holds its own kind of card."""
    result = fix_deck(deck([(DECK_BOXES[0], 1)]), 1)
    assert [(r.section, r.reason) for r in result.removed] == [("singles", SECTION)]


def test_it_lists_the_cards_of_a_section_the_game_does_not_have():
    """Tournament Phase, Setup 3: a Tournament Deck has Singles, a Deck Box and Accessories
    only; a card written under another heading is removed, and listed."""
    result = fix_deck(deck(), 5, unknown=[unknown("sideboard", "Single 1", 2)])
    assert [(r.section, r.name, r.reason) for r in result.removed] == [
        ("sideboard", "Single 1", SECTION),
        ("sideboard", "Single 1", SECTION),
    ]
    assert result.unknown_kept == () and result.legal


def test_a_card_restricted_to_no_copies_goes_first_too():
    """Format list: restricted to 0 leaves no copy to keep."""
    fmt = FormatInfo("strict", "Strict", "millennium-blades", restricted={SINGLES[2].key: 0})
    result = fix_deck(deck([(card, 1) for card in SINGLES[:9]]), 1, fmt=fmt)
    assert [(r.card, r.reason) for r in result.removed] == [(SINGLES[2], BANNED)]
    assert result.legal


def test_a_card_restricted_to_one_copy_keeps_its_copy_and_a_banned_one_names_its_section():
    """Format list: a restriction of 1 is the one copy the game allows anyway (Deckbuilding
    Phase), so the card stays; a banned card is removed, from the section it was in."""
    fmt = FormatInfo(
        "strict", "Strict", "millennium-blades",
        restricted={SINGLES[1].key: 1}, banned=frozenset({ACCESSORIES[0].key}),
    )  # fmt: skip
    d = deck([(SINGLES[0], 1), (SINGLES[1], 1)], accessories=[(ACCESSORIES[0], 1)])
    result = fix_deck(d, 1, fmt=fmt)
    assert [(r.section, r.name, r.card, r.reason) for r in result.removed] == [
        ("accessories", ACCESSORIES[0].name, ACCESSORIES[0], BANNED)
    ]
    assert content(result.deck) == Counter(
        {("singles", SINGLES[0].key): 1, ("singles", SINGLES[1].key): 1}
    )


def test_the_fixed_deck_keeps_each_kept_cards_printing():
    """The fix only removes cards ("randomly remove cards until it meets the card limit"):
    each card it keeps is the printing the deck named."""
    pinned = Deck("millennium-blades", {"singles": (Entry(SINGLES[0], 2, ("MB-SMP", "101")),)})
    (kept,) = fix_deck(pinned, 1).deck.sections["singles"]
    assert (kept.card, kept.quantity, kept.printing) == (SINGLES[0], 1, ("MB-SMP", "101"))


def test_it_keeps_one_copy_of_a_card_named_by_two_keys() -> None:
    """Deckbuilding Phase, one copy of each card: a Single stored under two keys (one name, the
    same rules) is one card, so the fix removes the second key's copy as a copy, and what it
    leaves is legal (issue 14: it deduped by key and left both, with fix.legal false)."""
    reprint = CardInfo("single-0-promo", SINGLES[0].name, SINGLE, attributes={"stars": 0})
    d = legal_deck()
    d = Deck(d.game, {**d.sections, "singles": (*d.sections["singles"], Entry(reprint, 1))})
    fixed = fix_deck(d, seed=1)
    assert [(r.name, r.reason) for r in fixed.removed] == [(SINGLES[0].name, COPY)]
    assert fixed.legal and RULES.check(fixed.deck, STANDARD).legal


@given(st.integers(min_value=0, max_value=2**16), st.permutations(range(10)))
def test_a_card_named_by_two_keys_is_fixed_the_same_in_any_entry_order(seed, order) -> None:
    """Tournament Phase ("randomly remove cards until it meets the card limit") and the fix's
    promise: the result depends on the seed and the deck's content, never the entry order. A
    Single named under two keys keeps the same key whichever entry comes first (issue 29: the
    kept copy took the first key named, and the draw sorts by key)."""
    reprint = CardInfo("a-single-promo", SINGLES[5].name, SINGLE, attributes={"stars": 5})
    singles = [Entry(card, 1) for card in SINGLES[:9]] + [Entry(reprint, 1)]
    shuffled = tuple(singles[index] for index in order)
    d = legal_deck()
    results = [
        fix_deck(Deck(d.game, {**d.sections, "singles": entries}), seed=seed)
        for entries in (tuple(singles), shuffled)
    ]
    kept = [sorted(e.card.key for e in result.deck.entries("singles")) for result in results]
    removed = [sorted((r.key, r.reason) for r in result.removed) for result in results]
    assert kept[0] == kept[1] and removed[0] == removed[1]


def renamed(card: CardInfo, key: str) -> CardInfo:
    """The same card stored under another key."""
    return CardInfo(key, card.name, card.type, card.text, card.attributes)


def named_removals(result) -> list[tuple[str, str, str]]:
    return [(r.section, r.name, r.reason) for r in result.removed]


def test_ten_singles_lose_the_same_cards_whichever_key_names_one_of_them() -> None:
    """Tournament Phase ("randomly remove cards"): the draw depends on the deck's cards, not on
    the keys the list used. Issue 38: with ten Singles and seed 4, one card named by a key
    beginning a-, m- or z- gave three different removals (the draw sorted by key)."""
    ten = [Entry(card, 1) for card in SINGLES[:10]]
    results = {
        prefix: named_removals(
            fix_deck(
                deck(
                    [(renamed(SINGLES[3], f"{prefix}-single"), 1)]
                    + [(e.card, 1) for e in ten if e.card is not SINGLES[3]]
                ),
                seed=4,
            )
        )
        for prefix in "amz"
    }
    assert len({tuple(removals) for removals in results.values()}) == 1
    assert named_removals(fix_deck(deck([(e.card, 1) for e in ten]), seed=4)) == results["a"]


@given(
    decks,
    seeds,
    st.lists(
        st.text("abcdefghijklmnopqrstuvwxyz-0123456789", min_size=1),
        unique=True,
        min_size=len(ALL_CARDS),
        max_size=len(ALL_CARDS),
    ),
)
def test_renaming_every_key_changes_no_removal(d, seed, keys) -> None:
    """Issue 38: the fix orders cards by their identity (rulebook.core.identity), never by the
    key the list used: any renaming of the keys removes the same cards for the same reasons."""
    new_key = dict(zip((card.key for card in ALL_CARDS), keys, strict=True))
    renamed_deck = Deck(
        d.game,
        {
            section: tuple(Entry(renamed(e.card, new_key[e.card.key]), e.quantity) for e in entries)
            for section, entries in d.sections.items()
        },
    )
    assert named_removals(fix_deck(renamed_deck, seed)) == named_removals(fix_deck(d, seed))


def test_an_unknown_card_kept_is_named_as_the_deck_named_it():
    """Deckbuilding Phase, one copy: of an unknown card asked for twice one copy is kept, still
    named by the key and entry the deck gave it (so it can be looked up again)."""
    asked = EntryRef("singles", 2, name="Mystery Blade", key="mystery-blade", id=7)
    result = fix_deck(deck(), 3, unknown=[asked])
    assert result.unknown_kept == (
        EntryRef("singles", 1, name="Mystery Blade", key="mystery-blade", id=7),
    )
