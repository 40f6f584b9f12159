"""A small invented catalogue across the four games, made per test (never the shipped samples)."""

from __future__ import annotations

import pytest

from cards.models import Card, CardSet, Game, Printing

# name, type, text, attributes; every card is sample data made up for these tests.
CARDS = {
    "neopets": [
        (
            "Red Acara",
            "Neopet",
            "",
            {"species": "Acara", "hp": 8, "attack": 3, "defence": 2, "agility": 6},
        ),
        (
            "Blue Kau",
            "Neopet",
            "",
            {"species": "Kau", "hp": 9, "attack": 4, "defence": 3, "agility": 2},
        ),
        (
            "Rainbow Acara",
            "Rainbow Pool Neopet",
            "",
            {"species": "Acara", "hp": 10, "attack": 5, "defence": 4, "agility": 6},
        ),
        ("Hot Dog", "Food", "Draw a card. Heal 2 HP.", {"level": 1}),
        ("Hot Dog of Justice", "Food", "Heal 4 HP.", {"level": 2}),
        ("Teeny Hot Dog", "Food", "Draw a card.", {}),
        ("Mau Codestone", "Codestone", "+1 Attack", {"stat_boost": {"attack": 1}}),
        ("Exploding Potion", "Potion", "Deal 3 damage to target Neopet.", {"level": 3}),
    ],
    "keeper": [
        ("Stone Golem", "Creature", "Guard.", {"cost": 4, "offense": 5, "defense": 6}),
        ("Fire Bolt", "Spell", "Deal 3 damage to target creature.", {"cost": 2}),
    ],
    "metazoo": [
        (
            "Mothman",
            "Beastie",
            "Draw a card when Mothman enters.",
            {"aura_cost": {"frost": 2}, "lp": 60, "spellbook_limit": 1},
        ),
        ("Air Aura", "Aura", "", {"basic": True}),
    ],
    "millennium-blades": [
        ("Blade of Dawn", "Single", "", {"stars": 3}),
        ("Dragon Box", "Deck Box", "", {}),
    ],
}
# set code -> (game, [(card name, collector number)])
PRINTINGS = {
    "SMP": ("neopets", [("Red Acara", "001"), ("Hot Dog", "010"), ("Mau Codestone", "020")]),
    "AAA": ("neopets", [("Hot Dog", "005"), ("Hot Dog of Justice", "006")]),
    "K11": ("keeper", [("Stone Golem", "1")]),
}


def make_card(game: str, name: str, type: str, text: str = "", attributes=None, **extra) -> Card:
    return Card.objects.create(
        game=Game.objects.get(slug=game),
        key=extra.pop("key", name.lower().replace(" ", "-")),
        name=name,
        type=type,
        text=text,
        attributes=attributes or {},
        is_sample=extra.pop("is_sample", True),
        **extra,
    )


@pytest.fixture
def catalogue(db) -> dict[str, Card]:
    """Every card of CARDS, by name, with the printings of PRINTINGS."""
    cards = {
        name: make_card(game, name, type, text, attributes)
        for game, rows in CARDS.items()
        for name, type, text, attributes in rows
    }
    for code, (game, printings) in PRINTINGS.items():
        card_set = CardSet.objects.create(
            game=Game.objects.get(slug=game), code=code, name=f"{code} sample set", is_sample=True
        )
        for name, number in printings:
            Printing.objects.create(card=cards[name], set=card_set, number=number)
    return cards
