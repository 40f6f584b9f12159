"""Golden playthroughs: fixed (decks, seed, players) games and fixed jobs, with the digest of each
game's full log and of each job's result, recorded once and replayed by every later change.

A change that means no change of play (a move, a refactoring, a faster loop) must replay every
one of them to the same digest; a change that means one re-records them on purpose
(`python -m tests.golden`) and says so in its commit. The decks are stored whole in the golden
files (every card's data), so editing the sample cards or a deck builder changes no golden game:
only the engine can.

The games: each engine's sample decks and random legal decks, every pair in both seat orders
(a table game: tables of every size it seats), the engine's default players and a random player,
on several seeds. The jobs: a match and a paired card test (a table game: tables), split into
chunks and merged, as the workers do.

A game's `record_sha256` is the digest of its record's fields as they were recorded: each
engine's golden says how to read those fields from the Outcome an engine now gives
(`GoldenGame.record_fields`: the same names and values the engine's GameRecord had), so the
interface changed and the digests did not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.core import frozen
from rulebook.core.cards import Deck
from rulebook.core.outcome import Outcome
from rulebook.simulation import JobKind, engine_for, plan_chunks, run_job_chunk, stats_type

HERE = Path(__file__).resolve().parent
SEEDS = range(4)
JOB_GAMES, JOB_CHUNK = 240, 64


def digest(value: Any) -> str:
    """SHA-256 of the canonical JSON of `value` (sorted keys, no spaces)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=_jsonable)
    return hashlib.sha256(text.encode()).hexdigest()


def _jsonable(value: Any) -> Any:
    if isinstance(value, frozenset | set):
        return sorted(value)
    raise TypeError(f"not JSON: {value!r}")


def deck_json(deck: Deck) -> dict[str, Any]:
    """A deck, every card's data included, as JSON: its sections (rulebook.core.frozen)."""
    return frozen.deck_freeze(deck)["sections"]


def deck_from_json(game: str, data: dict[str, Any]) -> Deck:
    return frozen.deck_thaw(game, {"sections": data})


def pairs(names: list[str]) -> list[list[str]]:
    """A two-seat game's seatings: each ordered pair of decks, each deck's mirror included."""
    return [[a, b] for a in names for b in names]


def job_cases(names: list[str]) -> list[dict[str, Any]]:
    """A match between the first two decks, and a paired test of the second deck against the
    first as "without" (the third deck the reference), each seeded."""
    return [
        {"kind": "match", "decks": names[:2], "seed": 11},
        {"kind": "card_test", "decks": [names[1], names[0], names[2]], "seed": 12},
    ]


@dataclass(frozen=True)
class GoldenGame:
    """How one engine's golden games are made: its decks (built when recording) and players
    (policies for as many seats as the engine's largest table; each game takes the first of
    them), how its record's fields are read from an outcome, and which seatings and jobs it
    plays (a two-seat game: every pair, a match and a card test)."""

    slug: str
    build_decks: Callable[[], dict[str, Deck]]
    players: dict[str, Callable[[], tuple[Any, ...] | None]]
    play: Callable[..., Outcome]
    record_fields: Callable[[Outcome], dict[str, Any]]
    seatings: Callable[[list[str]], list[list[str]]] = pairs
    jobs: Callable[[list[str]], list[dict[str, Any]]] = job_cases

    @property
    def path(self) -> Path:
        return HERE / f"{self.slug}.json"


def game_summary(outcome: Outcome) -> dict[str, Any]:
    """The few figures of a game a reader of a golden file's diff wants to see."""
    return {"winner": outcome.winner, "first": outcome.first, "turns": outcome.figures["turns"]}


def play_games(golden: GoldenGame, decks: dict[str, Any]) -> list[dict[str, Any]]:
    """Every golden game of an engine: each seating of its decks (two-seat games: each ordered
    pair, each deck's mirror), each set of players, each seed; the record's digest and its
    log's."""
    names = sorted(decks)
    games = []
    for seating in golden.seatings(names):
        for players_name, players in golden.players.items():
            if players_name != "default" and seating[0] != names[0]:
                continue  # other players on the first deck's games only: enough, and fast
            for seed in SEEDS:
                policies = players()
                outcome = golden.play(
                    [decks[name] for name in seating],
                    seed,
                    policies=None if policies is None else policies[: len(seating)],
                    record_log=True,
                )
                games.append(
                    {
                        "decks": seating,
                        "players": players_name,
                        "seed": seed,
                        **game_summary(outcome),
                        "record_sha256": digest(golden.record_fields(outcome)),
                        "log_sha256": digest(list(outcome.log)),
                    }
                )
    return games


def play_job(slug: str, prepared: dict[str, Any], case: dict[str, Any]) -> dict[str, Any]:
    """A job's result as the API answers it, its chunks played out of order and merged."""
    engine = engine_for(slug)
    assert engine is not None
    decks = [prepared[name] for name in case["decks"]]
    kind = JobKind(case["kind"])
    plans = plan_chunks(JOB_GAMES, JOB_CHUNK)
    parts = [
        run_job_chunk(
            engine, kind, decks, job_seed=case["seed"], first_game=p.first_game, count=p.count
        )
        for p in reversed(plans)
    ]
    result = stats_type(kind).merge_all(parts).result()
    headline = result["difference"] if case["kind"] == "card_test" else result
    return {
        **case,
        "games": JOB_GAMES,
        "chunk_size": JOB_CHUNK,
        "headline": {k: headline[k] for k in ("wins", "draws", "win_rate") if k in headline},
        "result_sha256": digest(result),
    }


def replay(golden: GoldenGame, stored: dict[str, Any]) -> dict[str, Any]:
    """The golden file's content as the engine plays its stored decks today."""
    engine = engine_for(golden.slug)
    assert engine is not None
    prepared = {
        name: engine.prepare(deck_from_json(golden.slug, data))
        for name, data in stored["decks"].items()
    }
    return {
        "decks": stored["decks"],
        "games": play_games(golden, prepared),
        "jobs": [play_job(golden.slug, prepared, case) for case in golden.jobs(sorted(prepared))],
    }


def record(goldens: Iterable[GoldenGame]) -> None:
    """Write each engine's golden file afresh from its deck builders."""
    for golden in goldens:
        decks = {name: deck_json(deck) for name, deck in golden.build_decks().items()}
        content = replay(golden, {"decks": decks})
        golden.path.write_text(json.dumps(content, indent=1, sort_keys=True) + "\n")
        print(f"{golden.path.name}: {len(content['games'])} games, {len(content['jobs'])} jobs")


def record_jobs(goldens: Iterable[GoldenGame]) -> None:
    """Write each engine's golden jobs afresh, its stored decks and games kept; SystemExit if a
    stored game plays differently (that is a change of play: record it all, and say so)."""
    _record_from_stored(goldens, kept=lambda game: game, what="jobs")


def record_records(goldens: Iterable[GoldenGame]) -> None:
    """Write each engine's golden games' record digests and jobs afresh from its stored decks,
    for a change to what a record states beyond play (its `simplifications`); SystemExit if a
    stored game plays differently: its log, turns, first player or winner."""
    _record_from_stored(
        goldens, kept=lambda game: {k: v for k, v in game.items() if k != "record_sha256"},
        what="records and jobs",
    )  # fmt: skip


def _record_from_stored(
    goldens: Iterable[GoldenGame], kept: Callable[[dict[str, Any]], Any], what: str
) -> None:
    for golden in goldens:
        stored = json.loads(golden.path.read_text())
        content = replay(golden, stored)
        if list(map(kept, content["games"])) != list(map(kept, stored["games"])):
            raise SystemExit(f"{golden.path.name}: games play differently; not recording {what}")
        golden.path.write_text(json.dumps(content, indent=1, sort_keys=True) + "\n")
        print(f"{golden.path.name}: {what} recorded from the stored decks, play unchanged")
