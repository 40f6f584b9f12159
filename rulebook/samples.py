"""Each game's sample decks (the `<name>.txt` decklists in rulebook/<game>/sample_decks/),
resolved against its sample cards (cards/sample_data/<game>.json, all plainly sample data)
without Django: for the engines' and simulations' tests, the benchmarks, the docs and the site.

    NEOPETS.deck("strong")                 # a rulebook.core.cards.Deck, legal by construction rules
    KEEPER.text("aggro")                   # the decklist as written
"""

from __future__ import annotations

import functools
from pathlib import Path

from .cardfile import MemoryPool, read_cards
from .core.cards import Deck
from .core.decklist import parse_decklist
from .core.game import GameSpec
from .core.jsontext import json_loads
from .core.resolve import EntryRef
from .keeper.cards import GAME as KEEPER_GAME
from .metazoo.cards import GAME as METAZOO_GAME
from .millennium_blades.cards import GAME as MILLENNIUM_BLADES_GAME
from .neopets.cards import GAME as NEOPETS_GAME
from .validate import resolve_and_check, standard_format

RULEBOOK = Path(__file__).resolve().parent
PROJECT_ROOT = RULEBOOK.parent


class SampleDecks:
    """The `<name>.txt` decklists in `folder`, of `game`, built from cards/sample_data/."""

    def __init__(self, game: GameSpec, folder: Path) -> None:
        self.game = game
        self.folder = folder
        self.cards_file = PROJECT_ROOT / "cards" / "sample_data" / f"{game.slug}.json"

    def names(self) -> list[str]:
        return sorted(path.stem for path in self.folder.glob("*.txt"))

    def text(self, name: str) -> str:
        """The decklist of sample deck `name`."""
        return (self.folder / f"{name}.txt").read_text()

    def entries(self, name: str) -> list[EntryRef]:
        """The decklist's entries; ValueError names every line that cannot be read."""
        parsed = parse_decklist(self.text(name), self.game)
        if parsed.problems:
            lines = "; ".join(f"line {p.line}: {p.message}" for p in parsed.problems)
            raise ValueError(f"sample deck {name!r} has unreadable lines: {lines}")
        return parsed.entries

    @functools.cached_property
    def pool(self) -> MemoryPool:
        """The sample cards, read once."""
        return MemoryPool(read_cards(json_loads(self.cards_file.read_text())), self.game)

    def deck(self, name: str) -> Deck:
        """A sample deck by name; ValueError names every problem if it is not a legal deck."""
        deck, report = resolve_and_check(
            self.game, self.entries(name), self.pool, standard_format(self.game)
        )
        if not report.legal:
            problems = "; ".join(issue.message for issue in report.errors)
            raise ValueError(f"sample deck {name!r}: {problems}")
        return deck


NEOPETS = SampleDecks(NEOPETS_GAME, RULEBOOK / "neopets" / "sample_decks")
KEEPER = SampleDecks(KEEPER_GAME, RULEBOOK / "keeper" / "sample_decks")
METAZOO = SampleDecks(METAZOO_GAME, RULEBOOK / "metazoo" / "sample_decks")
MILLENNIUM_BLADES = SampleDecks(
    MILLENNIUM_BLADES_GAME, RULEBOOK / "millennium_blades" / "sample_decks"
)
# The games whose engines play sample decks, by slug.
SAMPLES: dict[str, SampleDecks] = {
    decks.game.slug: decks for decks in (NEOPETS, KEEPER, METAZOO, MILLENNIUM_BLADES)
}
