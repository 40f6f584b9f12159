"""A table's statistics: a match's (ChunkStats), and each deck's placements and the cards the
rulebook's random fix removed from it, which a table game of two to five seats reports.

A seat that ties shares its placement (rulebook.core.outcome: three seats where two tie for
first place 1, 1, 3); `placements` counts, for each deck, the games it finished in each place,
every place from 1 to the table's size, shared ones included. `wins` stays the games a deck
finished first alone (a shared first place is a draw, counted in `draws`).

An engine that plays an illegal deck after a random fix (Millennium Blades: "randomly remove
cards until it meets the card limit") names each game's removed cards in the seat's `removed`
figure; `removed` reports, for each deck, in how many games something was removed and how often
each card was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from rulebook.core.outcome import Outcome

from .stats import ChunkStats


@dataclass
class TableStats(ChunkStats):
    # per seat: games something was removed in, and card name -> copies removed over all games
    fixed_games: list[int] = field(default_factory=list)
    removed: list[Counter[str]] = field(default_factory=list)

    def add(self, game: Outcome, *, number: int, seed: int) -> None:
        super().add(game, number=number, seed=seed)
        self._widen(len(game.seats))
        for seat, figures in enumerate(game.seats):
            names = figures.get("removed")
            if names:
                self.fixed_games[seat] += 1
                self.removed[seat].update(names)

    def _widen(self, seats: int) -> None:
        while len(self.removed) < seats:
            self.fixed_games.append(0)
            self.removed.append(Counter())

    def merge(self, other: ChunkStats) -> TableStats:
        merged = super().merge(other)
        mine = TableStats(**{f.name: getattr(merged, f.name) for f in fields(ChunkStats)})
        for part in (self, other):
            if isinstance(part, TableStats):
                mine._widen(len(part.removed))
                for seat, counts in enumerate(part.removed):
                    mine.fixed_games[seat] += part.fixed_games[seat]
                    mine.removed[seat].update(counts)
        return mine

    def as_json(self) -> dict[str, Any]:
        return {
            **super().as_json(),
            "fixed_games": list(self.fixed_games),
            "removed": [dict(sorted(counts.items())) for counts in self.removed],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableStats:
        base = ChunkStats.from_json(data)
        return cls(
            **{f.name: getattr(base, f.name) for f in fields(ChunkStats)},
            fixed_games=list(data.get("fixed_games", ())),
            removed=[Counter(counts) for counts in data.get("removed", ())],
        )

    def result(self) -> dict[str, Any]:
        """A match's figures, and per deck: `placements` ({"1": games, "2": games, ...} for
        every place of the table) and `removed` (games fixed, copies removed by card)."""
        seats = len(self.decks)
        fixed = self.fixed_games + [0] * (seats - len(self.fixed_games))
        removed = self.removed + [Counter()] * (seats - len(self.removed))
        return {
            **super().result(),
            "placements": [
                {str(place): tally.placements[place] for place in range(1, seats + 1)}
                for tally in self.decks
            ],
            "removed": [
                {"games": games, "cards": dict(sorted(counts.items()))}
                for games, counts in zip(fixed, removed, strict=True)
            ],
        }
