"""The golden playthroughs replay: every engine plays its golden games and jobs exactly as when
they were recorded (tests/golden/playthroughs.py says what they are and how to re-record)."""

from __future__ import annotations

import json

import pytest

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
