"""The golden playthroughs replay: every engine plays its golden games and jobs exactly as when
they were recorded (tests/golden/playthroughs.py says what they are and how to re-record)."""

from __future__ import annotations

import json

import pytest

from . import texts
from .engines import GOLDENS
from .playthroughs import replay


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda golden: golden.slug)
def test_it_plays_every_golden_game_and_job_as_recorded(golden):
    stored = json.loads(golden.path.read_text())
    played = replay(golden, stored)
    changed = [
        (old["decks"], old["players"], old["seed"])
        for old, new in zip(stored["games"], played["games"], strict=True)
        if old != new
    ]
    assert not changed, f"{len(changed)} golden games play differently, first: {changed[:3]}"
    assert played["jobs"] == stored["jobs"]


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda golden: golden.slug)
def test_its_golden_games_are_not_all_alike(golden):
    """Goldens that pin something: both seats win some games, and the logs all differ."""
    games = json.loads(golden.path.read_text())["games"]
    assert {game["winner"] for game in games} >= {0, 1}
    assert len({game["log_sha256"] for game in games}) == len(games)


TEXT_GAMES = [
    (golden, players, seed) for golden in GOLDENS for players, seed in texts.games(golden)
]


@pytest.mark.parametrize(
    ("golden", "players", "seed"),
    TEXT_GAMES,
    ids=[f"{golden.slug}-{players}" for golden, players, _ in TEXT_GAMES],
)
def test_it_plays_each_readable_playthrough_line_for_line(golden, players, seed):
    stored = json.loads(golden.path.read_text())
    recorded = texts.text_path(golden, players, seed).read_text().splitlines()
    played = texts.playthrough(golden, stored, players, seed)
    difference = texts.first_difference(recorded, played)
    where = f"{golden.slug}, {players}, seed {seed}"
    assert difference is None, f"{where}: play differs at {difference}"


def test_a_difference_is_named_by_its_first_line_with_both_sides():
    recorded = ["# game", "decision seat 0 mulligan: Keep?", "  answer: yes", "outcome: [0, 1]"]
    played = ["# game", "decision seat 0 mulligan: Keep?", "  answer: no", "outcome: [1, 0]"]
    difference = texts.first_difference(recorded, played)
    assert difference is not None
    assert "line 3" in difference and "answer: yes" in difference and "answer: no" in difference
    assert texts.first_difference(recorded, recorded) is None
    shorter = texts.first_difference(recorded, recorded[:2])
    assert shorter == "the recorded game has 4 lines, the game now 2"
