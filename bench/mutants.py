"""`python -m bench.mutants [MODULE...]`: how many broken rules do the rule tests catch?

    .venv/bin/python -m bench.mutants                        # every rule module, one by one
    .venv/bin/python -m bench.mutants neopets.engine.game    # one (or a few) of them
    .venv/bin/python -m bench.mutants neopets                # every rule module of a game
    .venv/bin/python -m bench.mutants --list
    .venv/bin/python -m bench.mutants keeper.engine.game --sample 200   # an estimate, below

mutmut (3.x, a dev dependency) makes mutants of one module's functions (an operator, a
constant, a comparison or an argument changed; a call's result dropped) and runs, for each, the
rule tests that reach that function; a mutant a test fails on is killed. Only the game's own rule
tests run (tests/rulebook/<game>/): never the golden playthroughs (tests/golden), which flag any
change, right or wrong, and never the Django suite (`-p no:django`, and `--confcutdir` leaves
tests/conftest.py out; the Hypothesis settings come as a plugin, drawn as CI draws them).

Each module runs alone, with one worker process (the machine is shared), in a fresh copy under
var/mutants/<module>/ (mutmut's own `mutants/` folder there; `mutmut results`, `mutmut show NAME`
and `mutmut browse` work inside it afterwards), and is stopped after --minutes (15 by default):
the mutants not yet checked are reported as such. Per module it prints killed / total, the
timeouts (a mutant that loops is caught too), the survivors, the mutants no rule test reaches
("no tests"), the kill rate (killed and timed out, of all) and the minutes the run took, and writes
each survivor's diff to var/mutants/<module>/survivors.txt. The survivors that are equivalent or
unreachable, and why, are listed in docs/testing/mutants.md. Exit 1 if a module is below
--target (90%).

--sample N runs a random sample of N of the module's mutants (drawn with --sample-seed, so the
same sample again) instead of all of them, for modules too big to run in full on a shared
machine, and reports the share of the sample caught with its 95% (Wilson score) interval: an
estimate of the module's share, labelled as such, never a full run's figure. Random mutant
sampling is the estimate of Wong & Mathur (1995) and Zhang et al. (ICSE 2010); see
docs/testing/mutants.md.

--part K/N runs the K-th of N disjoint parts of the module's mutants (every N-th, from the K-th,
of their sorted names, so each part reaches every function), in its own run folder
(var/mutants/<module>.part-K-of-N): a module too big for one core in one sitting runs in full as
parts on several cores or in several sittings, and the parts' figures add up to the module's.

mutmut mutates functions only (not module-level tables) and leaves decorated functions
(properties) alone; the player policies (`policy.py`) are not rules and are not mutated, and
neither is a `__repr__`, the text a debugger shows for an object (NOT_RULES).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulebook.simulation.wilson import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "var" / "mutants"
MUTMUT = Path(sys.executable).with_name("mutmut")
# What a run's copy needs besides the rules library and the tests: the sample card files.
ALSO_COPY = ("cards/sample_data",)
GAMES = ("neopets", "keeper", "metazoo", "millennium_blades")
ENGINE_RULES = {
    "neopets": ("actions", "cards", "dice", "game", "state"),
    "keeper": ("cards", "effects", "game", "legal", "payments", "plays", "state", "targets"),
    "metazoo": (
        "aura", "cards", "chain", "combat", "contracts", "effects", "game", "legal", "state",
        "statuses", "turns",
    ),
    "millennium_blades": ("cards", "game", "state"),
}  # fmt: skip
# Construction (deck legality) rules, after the engines'.
CONSTRUCTION_RULES = {
    "neopets": ("construction",),
    "keeper": ("construction",),
    "metazoo": ("construction",),
    "millennium_blades": ("construction", "fix"),
}
# A sample none of whose mutants was checked says nothing of the module: any share is possible.
NOTHING_CHECKED = (0.0, 1.0)
STATUSES = ("killed", "timeout", "survived", "no tests", "not checked")
# Methods of the rule modules that are no rule, left unmutated as the policies are: `__repr__`,
# the text a debugger or a failing test shows for an object. No rule, result, log or decision's
# words read it (a decision's option is worded by its card's name, rulebook.core.wording).
NOT_RULES = frozenset(("__repr__",))


Part = tuple[int, int]  # the K-th of N parts


def part_of(text: str) -> Part:
    """ "K/N", 1 <= K <= N, as `--part` takes it."""
    index, _, of = text.partition("/")
    if not (index.isdigit() and of.isdigit() and 1 <= int(index) <= int(of)):
        raise argparse.ArgumentTypeError(f"{text!r}: give K/N, e.g. 1/2 for the first of two parts")
    return int(index), int(of)


@dataclass(frozen=True)
class Module:
    game: str
    name: str  # dotted, under rulebook.<game>: "engine.game", "construction"

    @property
    def key(self) -> str:
        return f"{self.game}.{self.name}"

    @property
    def path(self) -> str:
        return f"rulebook/{self.game}/{self.name.replace('.', '/')}.py"

    @property
    def tests(self) -> str:
        return f"tests/rulebook/{self.game}"


MODULES = [
    *(Module(game, f"engine.{name}") for game in GAMES for name in ENGINE_RULES[game]),
    *(Module(game, name) for game in GAMES for name in CONSTRUCTION_RULES[game]),
]


def named(module: Module, name: str) -> bool:
    """A game ("keeper") names its modules, "keeper.engine" its engine's, a module itself."""
    return module.key == name or module.key.startswith(f"{name}.")


def chosen(names: list[str]) -> list[Module]:
    if not names:
        return MODULES
    unknown = [name for name in names if not any(named(m, name) for m in MODULES)]
    if unknown:
        sys.exit(f"unknown module(s): {', '.join(unknown)}; see --list")
    return [m for m in MODULES if any(named(m, name) for name in names)]


# mutmut stops a mutant's tests after (their clean time + a constant) x this x 2 of CPU time and
# counts it caught ("timeout"). Its default, 15, let one looping MetaZoo mutant (whose rule tests
# judge 3,000 games) hold the run's one worker for 40 minutes; 2 stops it at four times.
TIMEOUT_MULTIPLIER = 2.0


def config(module: Module, timeout_multiplier: float) -> str:
    """The run's pyproject.toml: mutmut's settings and pytest's, for a Django-free run."""
    pytest_args = [
        "-p", "no:django", "-p", "no:cacheprovider", "-p", "tests.hypothesis_profile",
        f"--confcutdir={module.tests}",
    ]  # fmt: skip
    return "\n".join(
        [
            "[tool.mutmut]",
            'source_paths = ["rulebook"]',
            f"only_mutate = {json.dumps([module.path])}",
            f"also_copy = {json.dumps(list(ALSO_COPY))}",
            f"pytest_add_cli_args = {json.dumps(pytest_args)}",
            f"pytest_add_cli_args_test_selection = {json.dumps([module.tests])}",
            "use_git_change_detection = false",
            f"timeout_multiplier = {timeout_multiplier}",
            "",
            "[tool.pytest.ini_options]",
            'python_files = ["test_*.py"]',
            "",
        ]
    )


def prepare(module: Module, timeout_multiplier: float, part: Part | None) -> Path:
    """A fresh run folder (a part's its own): the worktree's rules library, tests and sample
    cards, linked."""
    run = WORK / (f"{module.key}.part-{part[0]}-of-{part[1]}" if part else module.key)
    shutil.rmtree(run, ignore_errors=True)
    run.mkdir(parents=True)
    for name in ("rulebook", "tests", "cards"):
        (run / name).symlink_to(ROOT / name)
    (run / "pyproject.toml").write_text(config(module, timeout_multiplier))
    return run


def mutmut(run: Path, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DECKWARDEN_PURE_PYTHON": "1", "CI": "true"}
    with subprocess.Popen(
        [str(MUTMUT), *args], cwd=run, env=env, text=True, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    ) as process:  # fmt: skip
        try:
            out, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGTERM)  # mutmut and the worker it forked
            out, _ = process.communicate()
        return subprocess.CompletedProcess(process.args, process.returncode, out, "")


# Run inside a run folder (mutmut reads its settings there): every mutant's status and, for those
# not killed, its diff, as JSON; mutmut's own `results` and `show`, in one process. Given names
# (JSON on stdin), only those mutants: a sample's, without diffing the rest, unrun.
RESULTS = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
from mutmut.mutation.data import SourceFileMutationData
from mutmut.stats import status_by_exit_code
from mutmut.utils.file_utils import walk_mutatable_files

only = set(json.load(sys.stdin))
found = {}
for path in walk_mutatable_files():
    data = SourceFileMutationData(path=path)
    data.load()
    for name, code in data.exit_code_by_key.items():
        if only and name not in only:
            continue
        status = status_by_exit_code[code]
        diff = "" if status == "killed" else get_diff_for_mutant(name, path=path)
        found[name] = [status, diff]
print(json.dumps(found))
"""


# Run inside a run folder: every mutant name mutmut makes of the module, without running a test
# (the names `mutmut run` takes, and the keys `results` gives).
NAMES = """
import json, sys
from pathlib import Path
from mutmut.mutation.file_mutation import mutate_file_contents
from mutmut.utils.format_utils import get_mutant_name

path = Path(sys.argv[1])
mutated = mutate_file_contents(str(path), path.read_text())
print(json.dumps([get_mutant_name(path, name) for name in mutated.mutant_names]))
"""


def mutant_names(run: Path, module: Module) -> list[str]:
    env = {**os.environ, "DECKWARDEN_PURE_PYTHON": "1"}
    command = [sys.executable, "-c", NAMES, module.path]
    done = subprocess.run(command, cwd=run, env=env, capture_output=True, text=True, check=True)
    return sorted(json.loads(done.stdout))


def method(name: str) -> str:
    """The function or method a mutant name breaks: "...xǁSlotǁ__repr____mutmut_3" is
    `__repr__`, "...x_strike__mutmut_1" is `strike`."""
    function = name.rpartition("__mutmut_")[0].rpartition(".")[2]
    return function.rpartition("ǁ")[2] if "ǁ" in function else function.removeprefix("x_")


def rule_mutants(names: list[str]) -> list[str]:
    """The names of the mutants that break a rule: all but those of NOT_RULES' methods."""
    return [name for name in names if method(name) not in NOT_RULES]


def split(names: list[str], part: Part) -> list[str]:
    """The part's names: every N-th of the sorted names from the K-th, so that the N parts are
    disjoint, cover every name, and each reaches every function of the module."""
    index, of = part
    return sorted(names)[index - 1 :: of]


def draw_sample(names: list[str], size: int, seed: int) -> list[str]:
    """A simple random sample (without replacement) of the names, the same for the same seed."""
    return sorted(random.Random(seed).sample(sorted(names), min(size, len(names))))


def results(run: Path, names: Sequence[str] = ()) -> dict[str, tuple[str, str]]:
    """Every mutant of the run (or those named): its status, and its diff unless killed."""
    env = {**os.environ, "DECKWARDEN_PURE_PYTHON": "1"}
    command = [sys.executable, "-c", RESULTS]
    done = subprocess.run(
        command, cwd=run, env=env, input=json.dumps(list(names)), capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    return {name: (status, diff) for name, (status, diff) in json.loads(done.stdout).items()}


def measure(
    module: Module,
    minutes: float,
    timeout_multiplier: float,
    sample: int | None,
    seed: int,
    part: Part | None = None,
) -> dict[str, object]:
    run = prepare(module, timeout_multiplier, part)
    names = rule_mutants(mutant_names(run, module))
    chosen_names = (
        draw_sample(names, sample, seed) if sample else split(names, part) if part else names
    )
    started = time.monotonic()
    done = mutmut(run, "run", "--max-children", "1", *chosen_names, timeout=minutes * 60)
    seconds = time.monotonic() - started
    (run / "run.log").write_text(done.stdout)
    found = results(run, chosen_names)  # the chosen only: the rest were never run
    total = len(names)
    counts = Counter(status for status, _ in found.values())
    caught = counts["killed"] + counts["timeout"]
    with (run / "survivors.txt").open("w") as out:
        for name, (status, diff) in sorted(found.items()):
            if status not in ("killed", "timeout"):
                out.write(f"# {name}: {status}\n{diff}\n")
    # A sample's estimate is of the mutants it checked (a stopped sample says how many it missed).
    checked = len(found) - counts["not checked"]
    return {
        "module": module.key,
        **{status: counts[status] for status in STATUSES},
        "other": len(found) - sum(counts[status] for status in STATUSES),
        "total": total,
        "sample": {
            "size": len(found),
            "seed": seed,
            "interval": wilson_interval(caught, checked) or NOTHING_CHECKED,
        }
        if sample
        else None,
        "part": {"index": part[0], "of": part[1], "size": len(found)} if part else None,
        "rate": caught / (checked if sample else len(found)) if checked else 0.0,
        "minutes": round(seconds / 60, 1),
        "stopped": done.returncode != 0 and seconds >= minutes * 60,
    }


def row(figures: dict[str, object]) -> str:
    rate = float(figures["rate"])  # type: ignore[arg-type]
    stopped = " (stopped)" if figures["stopped"] else ""
    sample = figures.get("sample")
    if sample:  # an estimate: say so, and how sure it is
        low, high = sample["interval"]  # type: ignore[index]
        size = sample["size"]  # type: ignore[index]
        run = f"sample of {size} / {figures['total']} (seed {sample['seed']})"  # type: ignore[index]
        caught = f"estimate {rate:.1%} (95% interval {low:.1%} to {high:.1%})"
        killed = f"{figures['killed']} / {size}"
    elif figures.get("part"):  # in full, over the part's own mutants
        part = figures["part"]
        size = part["size"]  # type: ignore[index]
        run = f"part {part['index']} of {part['of']}: {size} / {figures['total']}"  # type: ignore[index]
        caught, killed = f"{rate:.1%} of the part", f"{figures['killed']} / {size}"
    else:
        run, caught, killed = "full", f"{rate:.1%}", f"{figures['killed']} / {figures['total']}"
    return (
        f"| {figures['module']} | {run} | {killed} "
        f"| {figures['timeout']} | {figures['survived']} | {figures['no tests']} "
        f"| {figures['not checked']} | {caught} | {figures['minutes']}{stopped} |"
    )


HEADER = (
    "| module | run | killed / run | timeout | survived | no tests | not checked | caught "
    "| minutes |\n|---|---|---|---|---|---|---|---|---|"
)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="game or game.module, e.g. keeper.engine.plays")
    parser.add_argument("--minutes", type=float, default=15.0, help="stop a module's run after")
    parser.add_argument("--target", type=float, default=0.90, help="least share caught")
    parser.add_argument("--list", action="store_true", help="list the modules and stop")
    parser.add_argument(
        "--timeout-multiplier",
        type=float,
        default=TIMEOUT_MULTIPLIER,
        help="a mutant's tests are stopped (and it is caught) past about twice this times their "
        "clean run's time",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="run a random sample of N of each module's mutants: an estimate, with its 95%% "
        "interval",
    )
    parser.add_argument("--sample-seed", type=int, default=1, help="which random sample")
    parser.add_argument(
        "--part",
        type=part_of,
        metavar="K/N",
        help="run the K-th of N disjoint parts of each module's mutants, in full",
    )
    args = parser.parse_args(argv)
    if args.part and args.sample:
        parser.error("--part and --sample choose mutants two ways: give one of them")
    modules = chosen(args.modules)
    if args.list:
        print("\n".join(f"{m.key}  ({m.path}; tests: {m.tests})" for m in modules))
        return 0
    print(HEADER, flush=True)
    below = []
    for module in modules:
        figures = measure(
            module, args.minutes, args.timeout_multiplier, args.sample, args.sample_seed, args.part
        )
        print(row(figures), flush=True)
        with (WORK / "figures.jsonl").open("a") as log:
            log.write(json.dumps(figures) + "\n")
        if float(figures["rate"]) < args.target:  # type: ignore[arg-type]
            below.append(module.key)
    if below:
        print(f"\nbelow {args.target:.0%}: {', '.join(below)}")
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
