"""deck_without_card: "test this card" finds the card's entries however its name is typed."""

from jobs.services.test_games import deck_without_card
from rulebook.core.resolve import EntryRef


def test_it_finds_the_card_named_with_a_curly_apostrophe() -> None:
    """Issue 14, class 3: the deck names "Gambler's Charm", the test names it with U+2019
    (a phone's apostrophe): the same card, replaced."""
    entries = [EntryRef("deck", 2, name="Gambler's Charm"), EntryRef("deck", 1, name="Imp")]
    replaced = deck_without_card(
        entries=entries,
        card=EntryRef("deck", 1, name="Gambler\u2019s Charm"),
        replacement=EntryRef("deck", 1, name="Sprite"),
    )
    assert [(e.name, e.quantity) for e in replaced] == [("Sprite", 2), ("Imp", 1)]
