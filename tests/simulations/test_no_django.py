"""rules.simulation is plain Python: chunks can be played and merged without Django."""

import subprocess
import sys

from rules.neopets.sample_decks import PROJECT_ROOT as ROOT


def test_rules_simulation_loads_no_django_module():
    code = (
        "import sys, rules.simulation.chunks, rules.simulation.engines; "
        "import rules.neopets.sample_decks; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
