"""Random legal user-made MetaZoo Spellbooks, written the way a user writes Pages.

The Pages are made here from the effect vocabulary as a user reads it in the README and the
importer's help (every action, keyword, Trait and Status Effect), not from the engine's own
tables; each is checked by the importer's attribute schema, and each Spellbook by the
construction rules, so every Page and Spellbook is one a user could submit.
"""

from __future__ import annotations

import random

from rulebook.cardfile import MemoryPool
from rulebook.core.cards import CardInfo, Deck
from rulebook.core.resolve import EntryRef
from rulebook.core.schema import check_attributes
from rulebook.metazoo.cards import GAME
from rulebook.validate import resolve_and_check, standard_format

AURAS = (
    "cosmic",
    "dark",
    "earth",
    "flame",
    "forest",
    "frost",
    "light",
    "lightning",
    "spirit",
    "water",
)
TERRAS = ("river", "forest", "cemetery", "mountain", "city", "night")
STATUSES = ("frozen", "burn", "paralyze", "poison", "scared", "sleep", "confusion")
TRAITS = ("First Strike", "Flight", "Fleet", "Stoneskin", "Magiproof", "Regen", "Trap")
TRIBES = ("Beastie Sasquatch", "Beastie Cryptid", "Beastie Fearsome Critter")
LIMIT = 4


def _fives(rng: random.Random, low: int, high: int) -> int:
    return rng.randrange(low, high + 1, 5)


def _spell_effects(rng: random.Random, aura: str) -> list[dict]:
    choices = [
        {
            "do": "damage",
            "n": _fives(rng, 10, 50),
            "target": rng.choice(
                ["beastie", "opposing_beastie", "opposing_caster", "each_opposing_beastie"]
            ),
        },
        {
            "do": "inflict",
            "status": rng.choice(STATUSES),
            "target": "opposing_beastie",
            "automatically": rng.random() < 0.5,
        },
        {"do": "recover", "n": _fives(rng, 10, 40), "target": "own_beastie"},
        {"do": "bookmark", "n": rng.randint(1, 2)},
        {"do": "destroy", "target": "every_beastie", "aura": rng.choice(AURAS)},
        {"do": "destroy", "target": "opposing_artifact"},
        {"when": "any_time", "do": "nullify", "target": "spell"},
        {"when": "any_time", "do": "redirect"},
        {"do": "no_attacks"},
        {"do": "shroud"},
        {"do": "grant_trait", "trait": rng.choice(TRAITS[:6]), "target": "own_beastie"},
    ]
    return [rng.choice(choices)]


def random_page(rng: random.Random, name: str, aura: str) -> CardInfo:
    """One Page of a random type of this Aura Type, as a user would write it."""
    kind = rng.choices(["Beastie", "Spell", "Potion", "Artifact"], [6, 2, 1, 1])[0]
    cost = {aura: rng.randint(1, 2)}
    if rng.random() < 0.5:
        cost["neutral"] = rng.randint(1, 2)
    attributes: dict = {"aura_cost": cost, "spellbook_limit": LIMIT}
    text = ""
    if kind == "Beastie":
        attributes["lp"] = _fives(rng, 20, 120)
        attacks = []
        for number in range(rng.choice([1, 1, 2])):
            attack = {"name": f"{name} Attack {number}", "damage": _fives(rng, 10, 60)}
            if rng.random() < 0.3:
                attack["status"] = rng.choice(STATUSES)
            if rng.random() < 0.2:
                attack["advantage"] = rng.choice(AURAS)
            if rng.random() < 0.2:
                attack["terra"] = {rng.choice(TERRAS): 20}
            attacks.append(attack)
        attributes["attacks"] = attacks
        if rng.random() < 0.4:
            attributes["traits"] = rng.sample(TRAITS, rng.randint(1, 2))
        if rng.random() < 0.4:
            attributes["tribe"] = rng.choice(TRIBES)
            attributes["tribal_boost"] = rng.random() < 0.5
        roll = rng.random()
        if roll < 0.15:
            attributes["effects"] = [
                {"when": "any_time", "do": "recover", "n": 10, "target": "own_beastie"}
            ]
        elif roll < 0.3:
            attributes["effects"] = [
                {"when": "enter", "do": "damage", "n": 20, "target": "opposing_beastie"}
            ]
        elif roll < 0.4:
            attributes["effects"] = [
                {"when": "destroyed", "do": "damage", "n": 30, "target": "opposing_caster"}
            ]
        elif roll < 0.5:
            attributes["effects"] = [{"when": "power", "do": "bookmark", "n": 1}]
        elif roll < 0.55:
            attributes["effects"] = [
                {"when": "contract", "do": "place_under", "target": "opposing_beastie"}
            ]
        elif roll < 0.6:
            attributes["effects"] = [
                {"when": "end_of_turn", "do": "damage", "n": 10, "target": "opposing_caster"}
            ]
        elif roll < 0.65:  # effects that choose a target with no Action to choose it
            attributes["effects"] = [
                {"when": "destroyed", "do": "damage", "n": 20, "target": "opposing_beastie"}
            ]
        elif roll < 0.7:
            attributes["effects"] = [
                {"when": "start_of_turn", "do": "inflict", "status": "burn", "target": "beastie"}
            ]
        elif roll < 0.75:
            attributes["effects"] = [
                {"when": "end_of_turn", "do": "recover", "n": 10, "target": "own_beastie"},
                {"when": "end_of_turn", "do": "destroy", "target": "opposing_artifact"},
            ]
    elif kind in ("Spell", "Potion"):
        if kind == "Potion":
            attributes["aura_cost"] = {}
        effects = _spell_effects(rng, aura)
        if rng.random() < 0.25:
            attributes["traits"] = ["Trap"]
            effects = [{"when": "flipped", "do": "damage", "n": 30, "target": "attacker"}]
        attributes["effects"] = effects
        text = "An effect."
    else:
        attributes["lp"] = _fives(rng, 20, 80)
        attributes["effects"] = [
            rng.choice(
                [
                    {"when": "arena", "do": "damage_bonus", "n": 10},
                    {
                        "when": "arena",
                        "do": "grant_trait",
                        "trait": "Magiproof",
                        "target": "own_beastie",
                    },
                    {"do": "equip", "n": 20, "target": "own_beastie"},
                    {"when": "power", "do": "damage", "n": 10, "target": "opposing_caster"},
                    {"when": "arena", "do": "lp_bonus", "n": 10},
                ]
            )
        ]
        text = "An effect."
    problems = check_attributes(GAME.attributes, attributes)
    assert not problems, (name, problems)
    return CardInfo(
        key=name.lower().replace(" ", "-"), name=name, type=kind, text=text, attributes=attributes
    )


def basics() -> list[CardInfo]:
    """A Basic Aura Page of each type, two Special Aura Pages, Basic Terra and two Special
    Terra."""
    pages = [
        CardInfo(
            key=f"{aura}-aura",
            name=f"{aura.title()} Aura",
            type="Aura",
            attributes={"aura_type": aura, "basic": True},
        )
        for aura in AURAS
    ]
    pages.append(
        CardInfo(
            key="wild-aura",
            name="Wild Aura",
            type="Aura",
            text="Any Aura.",
            attributes={
                "aura_type": "flame",
                "spellbook_limit": 2,
                "effects": [{"do": "generate_aura", "aura": "any", "n": 1}],
            },
        )
    )
    pages.append(
        CardInfo(
            key="omen-aura",
            name="Omen Aura",
            type="Aura",
            text="As it enters, Scare target opposing Beastie.",
            attributes={
                "aura_type": "dark",
                "spellbook_limit": 2,
                "effects": [
                    {
                        "when": "enter",
                        "do": "inflict",
                        "status": "scared",
                        "target": "opposing_beastie",
                    }
                ],
            },
        )
    )
    pages += [
        CardInfo(
            key=f"{terra}-terra",
            name=f"{terra.title()} Terra",
            type="Terra",
            attributes={"terra": terra, "basic": True},
        )
        for terra in TERRAS
    ]
    pages.append(
        CardInfo(
            key="old-grove",
            name="Old Grove",
            type="Terra",
            text="Stacks.",
            attributes={
                "terra": "forest",
                "spellbook_limit": 2,
                "effects": [{"when": "arena", "do": "lp_bonus", "n": 10}],
            },
        )
    )
    pages.append(
        CardInfo(
            key="storm-coast",
            name="Storm Coast",
            type="Terra",
            text="As it enters, 20 Damage to target Beastie.",
            attributes={
                "terra": "river",
                "spellbook_limit": 2,
                "effects": [{"when": "enter", "do": "damage", "n": 20, "target": "beastie"}],
            },
        )
    )
    return pages


def random_spellbooks(count: int, seed: int, terra: tuple[int, int] = (0, 3)) -> list[Deck]:
    """`count` legal Spellbooks of 40 to 44 Pages of two Aura Types each, with `terra` (the
    fewest, the most) copies of one Basic Terra."""
    rng = random.Random(seed)
    made = basics()
    by_aura = {
        aura: [random_page(rng, f"{aura.title()} Page {n}", aura) for n in range(8)]
        for aura in AURAS
    }
    for pages in by_aura.values():
        made += pages
    pool = MemoryPool(made, GAME)
    decks = []
    for _ in range(count):
        auras = rng.sample(AURAS, 2)
        refs = [
            EntryRef("spellbook", rng.randint(8, 10), name=f"{aura.title()} Aura") for aura in auras
        ]
        refs.append(EntryRef("spellbook", rng.randint(0, 2), name="Wild Aura"))
        refs.append(
            EntryRef("spellbook", rng.randint(*terra), name=f"{rng.choice(TERRAS).title()} Terra")
        )
        refs.append(EntryRef("spellbook", rng.randint(0, 2), name="Old Grove"))
        for special in ("Omen Aura", "Storm Coast"):  # (ENTER effects that choose a target)
            refs.append(EntryRef("spellbook", rng.randint(0, 2), name=special))
        size = sum(ref.quantity for ref in refs)
        candidates = by_aura[auras[0]] + by_aura[auras[1]]
        for page in rng.sample(candidates, len(candidates)):
            if size >= 40 + rng.randint(0, 4):
                break
            copies = rng.randint(1, LIMIT)
            refs.append(EntryRef("spellbook", copies, name=page.name))
            size += copies
        refs = [ref for ref in refs if ref.quantity]
        deck, report = resolve_and_check(GAME, refs, pool, standard_format(GAME))
        assert report.legal, [issue.message for issue in report.errors]
        decks.append(deck)
    return decks
