"""`python -m bench NAME... OPTION...` runs each named benchmark with the options given."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench import __main__ as command


@pytest.fixture
def runs(monkeypatch) -> list[list[str]]:
    """The command lines the bench command starts, each answered as a success."""
    started: list[list[str]] = []

    def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
        started.append(args)
        return subprocess.CompletedProcess(args, 0)

    monkeypatch.setattr(command.subprocess, "run", run)
    return started


def test_options_after_the_names_go_to_each_named_benchmark(runs):
    assert command.main(["search", "suggestions", "--database", "mine", "--reuse"]) == 0
    assert runs == [
        [sys.executable, "-m", "bench.search", "--database", "mine", "--reuse"],
        [sys.executable, "-m", "bench.suggestions", "--database", "mine", "--reuse"],
    ]


def test_a_name_alone_runs_its_benchmark_without_options(runs):
    assert command.main(["doctor"]) == 0
    assert runs == [[sys.executable, "-m", "bench.doctor"]]


def test_options_without_a_benchmark_named_are_refused(runs, capsys):
    assert command.main(["--database", "mine"]) == 2
    assert runs == [] and "name the benchmark(s)" in capsys.readouterr().out


def test_an_unknown_benchmark_is_refused(runs, capsys):
    assert command.main(["serch", "--reuse"]) == 2
    assert runs == [] and "unknown benchmark(s): serch" in capsys.readouterr().out
