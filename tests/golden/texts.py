"""Golden playthroughs a person can read (OpenSpiel's playthrough files): a few games of each
engine written out in text, every decision (seat, question, options, the answer), every chance
draw, and the game's log events after each answer, as the engine wrote them.

They sit beside the digests (playthroughs.py), which pin every golden game: a digest says that
play changed, a text file says where. `python -m tests.golden --texts` writes them afresh from
the golden files' stored decks; the test compares line by line and names the first line where
play differs, with both sides.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulebook.core.stepping import GameState
from rulebook.core.views import game_objects
from rulebook.core.wording import option_words
from rulebook.simulation import engine_for

from .playthroughs import GoldenGame, deck_from_json

TEXTS = Path(__file__).resolve().parent / "texts"


def games(golden: GoldenGame) -> list[tuple[str, int]]:
    """The games written out: each set of players on the first seating, the first seed 0, the
    next seed 1."""
    return [(players, seed) for seed, players in enumerate(golden.players)]


def text_path(golden: GoldenGame, players: str, seed: int) -> Path:
    return TEXTS / f"{golden.slug}-{players}-seed{seed}.txt"


def playthrough(golden: GoldenGame, stored: dict[str, Any], players: str, seed: int) -> list[str]:
    """One golden game, written out: the first seating of the stored decks, these players."""
    engine = engine_for(golden.slug)
    assert engine is not None
    names = golden.seatings(sorted(stored["decks"]))[0]
    decks = [engine.prepare(deck_from_json(golden.slug, stored["decks"][name])) for name in names]
    bots = golden.players[players]() or (golden.play.default_policy,) * len(decks)
    bots = bots[: len(decks)]
    lines = [f"# {golden.slug}: {' vs '.join(names)}, players {players}, seed {seed}"]

    def drawn(name: str, result: object) -> None:
        lines.append(f"chance {name}: {option_words(result)}")

    state = GameState(golden.play.game_class, decks, seed, record_log=True, chance_observer=drawn)
    shown = _events(state, lines, 0)
    for seat, bot in enumerate(bots):
        bot.begin(seed, seat)
    while not state.is_terminal():
        words = state.words()
        assert words is not None and state.decision is not None
        seat = words["seat"]
        lines.append(f"decision seat {seat} {words['kind']}: {words['question']}")
        if words["options"] is not None:
            lines.append("  options: " + " | ".join(words["options"]))
        answer = bots[seat].answer(state.view(seat), state.decision)
        lines.append(f"  answer: {option_words(game_objects(answer))}")  # as the game takes it
        state.apply(answer)
        shown = _events(state, lines, shown)
    outcome = state.outcome
    assert outcome is not None
    turns = outcome.figures["turns"]
    lines.append(f"outcome: placements {list(outcome.placements)}, turns {turns}")
    return lines


def _events(state: GameState, lines: list[str], shown: int) -> int:
    """The game's log events since the last `shown`, one line each; how many are shown now."""
    log = state.log or []
    for event in log[shown:]:
        lines.append("  log: " + json.dumps(event, sort_keys=True, default=str))
    return len(log)


def first_difference(stored: list[str], played: list[str]) -> str | None:
    """Where play first differs, both sides shown with the line before; None if it does not."""
    for number, (old, new) in enumerate(zip(stored, played, strict=False), start=1):
        if old != new:
            before = stored[number - 2] if number > 1 else ""
            return f"line {number} (after: {before!r})\n  recorded: {old}\n  now:      {new}"
    if len(stored) != len(played):
        return f"the recorded game has {len(stored)} lines, the game now {len(played)}"
    return None


def record_texts(goldens: list[GoldenGame]) -> None:
    TEXTS.mkdir(exist_ok=True)
    for golden in goldens:
        stored = json.loads(golden.path.read_text())
        for players, seed in games(golden):
            path = text_path(golden, players, seed)
            path.write_text("\n".join(playthrough(golden, stored, players, seed)) + "\n")
            print(f"{path.name}: written")
