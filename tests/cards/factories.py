"""Card files for the importer tests, built fresh for each test so a test may change them."""

from typing import Any


def acara(**changes: Any) -> dict[str, Any]:
    card = {
        "name": "Acara",
        "type": "Neopet",
        "text": "",
        "attributes": {"species": "Acara", "hp": 8, "attack": 3, "defence": 2, "agility": 6},
        "printings": [{"set": "TST", "number": "001", "rarity": "common"}],
    }
    return {**card, **changes}


def food(name: str, number: str) -> dict[str, Any]:
    return {
        "name": name,
        "type": "Food",
        "text": "Heal 1 HP.",
        "printings": [{"set": "TST", "number": number, "rarity": "common"}],
    }


def neopets_file(cards: list[dict[str, Any]] | None = None, **changes: Any) -> dict[str, Any]:
    """A good Neopets card file exercising every field of the format."""
    data = {
        "game": "neopets",
        "sets": [
            {"code": "TST", "name": "Test Set", "released": "2024-01-01"},
            {"code": "EMPTY", "name": "A set with no printings yet", "released": None},
        ],
        "cards": cards
        if cards is not None
        else [
            acara(),
            {
                "key": "mau-codestone",
                "name": "Mau Codestone",
                "type": "Codestone",
                "text": 'Codestone, with a comma and a "quote"\nand a second line.',
                "attributes": {"stat_boost": {"attack": 1}},
                "sample": False,
                "printings": [
                    {"set": "TST", "number": "101", "rarity": "common"},
                    {
                        "set": "TST",
                        "number": "101a",
                        "rarity": "foil",
                        "image_url": "https://example.org/mau.png",
                    },
                ],
            },
            {
                "name": "Hot Dog of Justice",
                "type": "Food",
                "text": "",
                "attributes": {
                    "effects": [{"do": "heal", "n": 2, "when": "turn_start"}],
                    "level": 0,
                },
            },
            {"name": "Kauvara\u2019s Café", "type": "Location", "sample": True},
        ],
    }
    return {**data, **changes}
