"""README.md: every example runs as written against `make run`'s sample data and answers what
the README says it answers (issue 7 item 10).

The examples are the README's `sh example` blocks (readme.py says how to write one); they run
in README order against one database holding the sample cards, as a new user would type them
into a shell while `make run` serves. No worker plays test games here, so a job submitted in an
example stays queued; the README's answers for jobs say no more than that allows.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from .patterns import json_pattern, mismatches, text_matches
from .readme import README, Example, examples, unmarked_curls
from .shell import CannotRun, ReadmeShell, Result


@pytest.fixture
def sample_cards(db) -> None:
    call_command("load_samples", stdout=None)


def test_every_readme_example_answers_what_the_readme_says(sample_cards):
    shell = ReadmeShell()
    failures: list[str] = []
    ran = examples(README.read_text())
    for example in ran:
        try:
            result = shell.run(example.command)
        except CannotRun as exc:
            failures.append(f"README line {example.line}: {exc}")
            continue
        problems = check(example, result, shell)
        failures += [f"README line {example.line}: {problem}" for problem in problems]
    assert ran, "the README has no `sh example` blocks"
    assert not failures, "\n".join(failures)


def check(example: Example, result: Result, shell: ReadmeShell) -> list[str]:
    """How the result differs from the answer the README states (or from plain success)."""
    answer = example.answer
    if answer is None or (answer.status is None and answer.exit is None):
        if not result.succeeded:
            return [f"failed ({result.status or f'exit {result.exit}'}): {result.output[:500]}"]
    elif answer.status is not None and answer.status != result.status:
        return [f"status {result.status}, the README says {answer.status}: {result.output[:500]}"]
    elif answer.exit is not None and answer.exit != result.exit:
        return [f"exit {result.exit}, the README says {answer.exit}: {result.output[:500]}"]
    if answer is None or not answer.body:
        return []
    body = shell.expand(answer.body)  # `{"id": "$SIM"}`: the id an earlier example kept
    if body[0] in "{[":
        if result.json is None:
            return [f"the README shows JSON; the answer is {result.output[:300]!r}"]
        return mismatches(json_pattern(body), result.json)
    if not text_matches(body, result.output):
        return [f"the output\n{result.output}\ndoes not match the README's\n{body}"]
    return []


def test_every_curl_in_the_readme_is_an_example_this_test_runs():
    """A curl shown outside a `sh example` block would escape the test above."""
    assert unmarked_curls(README.read_text()) == []
