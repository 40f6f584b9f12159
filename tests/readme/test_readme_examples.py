"""README.md and the documentation site (docs/): every example runs as written against `make run`'s
sample data and answers what its page says it answers (issue 7 item 10, issue 35 item 6).

The examples are the `sh example` blocks of the README and of every page under docs/ (readme.py
says how to write one); they run in reading order (`pages`: the README, then mkdocs.yml's `nav`)
against one database holding the sample cards, as a new user would type them into a shell while
`make run` serves. No worker plays test games here, so a job submitted in an example stays
queued; the pages' answers for jobs say no more than that allows.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from rulebook.samples import PROJECT_ROOT

from .patterns import json_pattern, mismatches, text_matches
from .readme import Example, examples, pages, unmarked_curls
from .shell import CannotRun, ReadmeShell, Result


@pytest.fixture
def sample_cards(db) -> None:
    call_command("load_samples", stdout=None)


def run_pages(paths: list[Path]) -> tuple[int, list[str]]:
    """Run every example of the pages in order, in one shell: how many ran, and each failure
    named by its page and line."""
    shell = ReadmeShell()
    ran, failures = 0, []
    for path in paths:
        name = path.relative_to(PROJECT_ROOT) if path.is_relative_to(PROJECT_ROOT) else path
        for example in examples(path.read_text()):
            ran += 1
            try:
                result = shell.run(example.command)
            except CannotRun as exc:
                failures.append(f"{name} line {example.line}: {exc}")
                continue
            problems = check(example, result, shell)
            failures += [f"{name} line {example.line}: {problem}" for problem in problems]
    return ran, failures


def test_every_example_of_the_readme_and_the_docs_answers_what_its_page_says(sample_cards):
    ran, failures = run_pages(pages())
    assert ran, "neither the README nor docs/ has an `sh example` block"
    assert not failures, "\n".join(failures)


def check(example: Example, result: Result, shell: ReadmeShell) -> list[str]:
    """How the result differs from the answer the page states (or from plain success)."""
    answer = example.answer
    if answer is None or (answer.status is None and answer.exit is None):
        if not result.succeeded:
            return [f"failed ({result.status or f'exit {result.exit}'}): {result.output[:500]}"]
    elif answer.status is not None and answer.status != result.status:
        return [f"status {result.status}, the page says {answer.status}: {result.output[:500]}"]
    elif answer.exit is not None and answer.exit != result.exit:
        return [f"exit {result.exit}, the page says {answer.exit}: {result.output[:500]}"]
    if answer is None or not answer.body:
        return []
    body = shell.expand(answer.body)  # `{"id": "$SIM"}`: the id an earlier example kept
    if body[0] in "{[":
        if result.json is None:
            return [f"the page shows JSON; the answer is {result.output[:300]!r}"]
        return mismatches(json_pattern(body), result.json)
    if not text_matches(body, result.output):
        return [f"the output\n{result.output}\ndoes not match the page's\n{body}"]
    return []


def test_every_curl_in_the_readme_and_the_docs_is_an_example_this_test_runs():
    """A curl shown outside a `sh example` block would escape the test above."""
    unmarked = {
        str(path.relative_to(PROJECT_ROOT)): unmarked_curls(path.read_text()) for path in pages()
    }
    assert {name: curls for name, curls in unmarked.items() if curls} == {}


def test_the_examples_are_read_from_the_readme_and_every_page_in_reading_order(tmp_path):
    """README first, then mkdocs.yml's nav in its order (sections too), then the pages nav
    leaves out, so a new page's examples run even before it is listed."""
    (tmp_path / "mkdocs.yml").write_text(
        "docs_dir: docs\nnav:\n  - Home: index.md\n  - Part:\n      - b/second.md\n"
        "      - First: a.md\n  - Elsewhere: https://example.org/x.md\n"
    )
    for name in ("README.md", "docs/index.md", "docs/a.md", "docs/b/second.md", "docs/z/new.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("# page\n")
    order = [str(path.relative_to(tmp_path)) for path in pages(tmp_path)]
    assert order == ["README.md", "docs/index.md", "docs/b/second.md", "docs/a.md", "docs/z/new.md"]


def test_an_example_that_breaks_on_a_docs_page_fails_naming_the_page_and_line(
    sample_cards, tmp_path
):
    page = tmp_path / "page.md"
    page.write_text(
        "# A page\n\n```sh example\ncurl localhost:8000/api/v1/health/live/\n"
        '# -> {"status": "down"}\n```\n'
    )
    ran, failures = run_pages([page])
    assert ran == 1
    assert failures == [f"{page} line 4: answer.status: expected 'down', got 'ok'"]
