"""Each game's sample decks (the `<name>.txt` decklists of its registration's `sample_decks`,
rulebook/<game>/sample_decks/ for a shipped game), resolved against its sample cards (its
`sample_cards`, cards/sample_data/<game>.json: all plainly sample data) without Django: for the
engines' and simulations' tests, the benchmarks, the docs and the site.

    NEOPETS.deck("strong")                 # a rulebook.core.cards.Deck, legal by construction rules
    KEEPER.text("aggro")                   # the decklist as written
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from pathlib import Path

from .cardfile import MemoryPool, read_cards
from .core.cards import Deck
from .core.decklist import parse_decklist
from .core.game import GameSpec
from .core.jsontext import json_loads
from .core.resolve import EntryRef
from .plugin import GamePlugin
from .registry import PLUGINS
from .validate import resolve_and_check, standard_format

# Where the shipped games and the project are (the tests and tools find files from here).
RULEBOOK = Path(__file__).resolve().parent
PROJECT_ROOT = RULEBOOK.parent


class SampleDecks:
    """The `<name>.txt` decklists in `folder`, of `game`, built from the cards of `cards_file`."""

    def __init__(self, game: GameSpec, folder: Path, cards_file: Path) -> None:
        self.game = game
        self.folder = folder
        self.cards_file = cards_file

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


class _Samples(Mapping[str, SampleDecks]):
    """The registered games that ship sample decks and cards, by slug: follows the registry,
    each game's SampleDecks made once (its cards read once)."""

    def __init__(self) -> None:
        self._made: dict[str, tuple[GamePlugin, SampleDecks]] = {}

    def _shipping(self) -> dict[str, GamePlugin]:
        return {
            slug: plugin
            for slug, plugin in PLUGINS.items()
            if plugin.sample_decks is not None and plugin.sample_cards is not None
        }

    def __getitem__(self, slug: str) -> SampleDecks:
        plugin = self._shipping()[slug]
        made = self._made.get(slug)
        if made is None or made[0] is not plugin:  # first asked, or the game registered anew
            made = self._made[slug] = (plugin, _sample_decks(plugin))
        return made[1]

    def __iter__(self) -> Iterator[str]:
        return iter(self._shipping())

    def __len__(self) -> int:
        return len(self._shipping())


def _sample_decks(plugin: GamePlugin) -> SampleDecks:
    if plugin.sample_decks is None or plugin.sample_cards is None:
        raise KeyError(plugin.slug)
    return SampleDecks(plugin.spec, plugin.sample_decks, plugin.sample_cards)


# The games that ship sample decks, by slug.
SAMPLES: Mapping[str, SampleDecks] = _Samples()
NEOPETS = SAMPLES["neopets"]
KEEPER = SAMPLES["keeper"]
METAZOO = SAMPLES["metazoo"]
MILLENNIUM_BLADES = SAMPLES["millennium-blades"]
