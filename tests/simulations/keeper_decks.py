"""Keeper decks of user-made cards only, inline as a request carries them (all made up here)."""

from __future__ import annotations

from rulebook.cardfile import MemoryPool, read_cards
from rulebook.core.resolve import EntryRef
from rulebook.keeper.cards import GAME
from rulebook.keeper.cost import explain_cost
from rulebook.simulation import ENGINES, run_chunk
from rulebook.validate import resolve_and_check, standard_format


def made(name: str, type_: str, text: str, offense: int = 0, defense: int = 0) -> dict:
    """A user-made card in the import format, printed with the guide's cost for it."""
    attributes = {"cost": explain_cost(type_, text, offense, defense).cost, "edition": 11}
    if type_ == "Creature":
        attributes |= {"offense": offense, "defense": defense}
    return {"name": name, "type": type_, "text": text, "attributes": attributes}


BRUTE = made("Homebrew Brute", "Creature", "This card has no abilities.", 3, 10)
SHIELD = made("Homebrew Shield", "Creature", "This creature cannot attack.", 1, 25)
ZAP = made(
    "Homebrew Zap",
    "Spell",
    "Target up to 1 card in play. Roll 2 six-sided dice and inflict the result of each die as "
    "damage to one target.",
)
SWORD = made(
    "Homebrew Sword",
    "Spell",
    "Target up to 2 cards in play. Increase targets' offense by a total of 4.",
)


def homebrew(*counts: tuple[dict, int]) -> dict:
    """An inline deck of user-made cards only."""
    return {
        "cards": [card for card, _ in counts],
        "sections": {"deck": [{"name": card["name"], "quantity": n} for card, n in counts]},
    }


DECK_A = homebrew((BRUTE, 24), (SHIELD, 8), (ZAP, 8))
DECK_B = homebrew((BRUTE, 30), (SWORD, 10))


def in_process_result(games: int, seed: int) -> dict:
    """DECK_A against DECK_B, `games` games from `seed`, played here in one chunk."""
    engine = ENGINES["keeper"]
    decks = []
    for inline in (DECK_A, DECK_B):
        pool = MemoryPool(read_cards({"game": "keeper", "cards": inline["cards"]}), GAME)
        entries = [
            EntryRef(section="deck", quantity=line["quantity"], name=line["name"])
            for line in inline["sections"]["deck"]
        ]
        deck, report = resolve_and_check(GAME, entries, pool, standard_format(GAME))
        assert report.legal, report.errors
        decks.append(engine.prepare(deck))
    return run_chunk(engine, *decks, job_seed=seed, first_game=0, count=games).result()
