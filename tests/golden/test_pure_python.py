"""The compiled engine modules are a cache of their sources (rulebook/compiled.py): run from
source, every engine plays its golden games and jobs exactly as recorded, as the rest of the
suite shows them played by the compiled modules."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rulebook import compiled

ROOT = Path(__file__).resolve().parents[2]

REPLAY = """
import json
from rulebook import compiled
from tests.golden.engines import GOLDENS
from tests.golden.playthroughs import replay

compiled_ones = [name for name, fast in compiled.status().items() if fast]
assert not compiled_ones, f"compiled, though asked for pure Python: {compiled_ones}"
for golden in GOLDENS:
    stored = json.loads(golden.path.read_text())
    played = replay(golden, stored)
    assert played["games"] == stored["games"], f"{golden.slug}: a game plays differently"
    assert played["jobs"] == stored["jobs"], f"{golden.slug}: a job reports differently"
    print(golden.slug, len(stored["games"]), "games as recorded")
"""


def test_every_golden_plays_as_recorded_with_every_engine_module_run_from_source():
    result = subprocess.run(
        [sys.executable, "-c", REPLAY],
        cwd=ROOT,
        env={**os.environ, compiled.PURE_PYTHON: "1"},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert "metazoo" in result.stdout and "neopets" in result.stdout
