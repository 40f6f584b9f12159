"""A paired comparison ("test this card"): deck A with a card and deck A without it, each
against the same reference deck on the same seeds, and the difference the card makes.

Game i of both matches is played from the same seed, so the two games share their luck (the
shuffle of the reference deck, who goes first, much of the dice); the difference in win rate is
read from the pairs, with Tango's paired score interval. Counts only, mergeable like ChunkStats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rulebook.core.outcome import Outcome

from .stats import DECIMALS, ChunkStats, Mergeable
from .wilson import paired_difference_interval

WITH, WITHOUT = "with_card", "without_card"
# How a pair of games ended for deck A: both won, only with the card, only without it, neither.
PAIR_KINDS = ("both", "with_only", "without_only", "neither")


@dataclass
class PairedStats(Mergeable):
    with_card: ChunkStats = field(default_factory=ChunkStats)
    without_card: ChunkStats = field(default_factory=ChunkStats)
    pairs: Counter[str] = field(default_factory=Counter)

    def add(self, with_game: Outcome, without_game: Outcome, *, number: int, seed: int) -> None:
        """Count one pair: deck A won a game when it placed first alone."""
        self.with_card.add(with_game, number=number, seed=seed)
        self.without_card.add(without_game, number=number, seed=seed)
        won = (with_game.winner == 0, without_game.winner == 0)
        self.pairs[PAIR_KINDS[(not won[0]) * 2 + (not won[1])]] += 1

    def merge(self, other: PairedStats) -> PairedStats:
        pairs = Counter(self.pairs)
        pairs.update(other.pairs)
        return PairedStats(
            self.with_card.merge(other.with_card),
            self.without_card.merge(other.without_card),
            pairs,
        )

    def as_json(self) -> dict[str, Any]:
        return {
            WITH: self.with_card.as_json(),
            WITHOUT: self.without_card.as_json(),
            "pairs": {kind: self.pairs[kind] for kind in PAIR_KINDS},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PairedStats:
        return cls(
            ChunkStats.from_json(data[WITH]),
            ChunkStats.from_json(data[WITHOUT]),
            Counter(data["pairs"]),
        )

    def result(self) -> dict[str, Any]:
        """Both matches' results and the difference in deck A's win rate the card makes."""
        counts = [self.pairs[kind] for kind in PAIR_KINDS]
        games = sum(counts)
        interval = paired_difference_interval(*counts)
        with_rate = (counts[0] + counts[1]) / games if games else None
        without_rate = (counts[0] + counts[2]) / games if games else None
        difference = None
        if with_rate is not None and without_rate is not None:  # both, or neither (no games)
            difference = with_rate - without_rate
        return {
            "games": games,
            "difference": {
                "win_rate": None if difference is None else round(difference, DECIMALS),
                "ci95": None if interval is None else [round(b, DECIMALS) for b in interval],
                "pairs": dict(zip(PAIR_KINDS, counts, strict=True)),
            },
            WITH: self.with_card.result(),
            WITHOUT: self.without_card.result(),
        }
