"""The outcome of one game, as the simulation statistics read it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What happened in one game between deck A (0) and deck B (1)."""

    winner: int | None  # 0 = deck A, 1 = deck B, None = a draw (the turn cap was reached)
    first: int  # which deck took the first turn of the game
    rounds: int
    turns: int
    round_winners: tuple[int, ...]
    battles: int  # Battle Phases in which an attack was rolled
    damage: int  # total battle damage dealt
    plays: tuple[dict[str, int], dict[str, int]]  # card name -> times played/attached, per deck
    opening_codestone: tuple[bool, bool]  # the final opening Inventory held >= 1 Codestone
    mulligan: tuple[bool, bool]
    unsupported: dict[str, tuple[str, ...]]  # card name -> effects the engine cannot play
    simplifications: tuple[str, ...]  # where the engine plays a rule simpler than it reads
    capped: bool  # the game stopped at the turn cap, not by a rule
    log: tuple[dict, ...] | None  # the full event log when asked for (record_log=True)
