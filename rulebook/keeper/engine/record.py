"""The outcome of one Keeper game, as the simulation statistics read it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What happened in one game between deck A (0) and deck B (1)."""

    winner: int | None  # 0 = deck A, 1 = deck B, None = a draw
    first: int  # which deck took the first turn
    rounds: int  # rounds of turns (each player one turn)
    turns: int
    battles: int
    damage: int  # total battle damage dealt, to creatures and players
    plays: tuple[dict[str, int], dict[str, int]]  # card name -> times summoned, cast or set
    card_damage: tuple[dict[str, int], dict[str, int]]  # card name -> damage it dealt
    drawn: tuple[frozenset[str], frozenset[str]]  # the cards each deck drew
    opening: tuple[dict[str, bool], dict[str, bool]]  # {"creature": opening hand held one}
    unsupported: dict[str, tuple[str, ...]]  # card name -> components it cannot play
    simplifications: tuple[str, ...]  # where the engine plays a rule simpler than it reads
    capped: bool  # the game stopped at the turn cap, not by a rule
    log: tuple[dict, ...] | None
