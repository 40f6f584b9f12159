"""The runnable examples of README.md and of the documentation site's pages (docs/**/*.md):
fenced blocks whose info string is `sh example`.

    ```sh example
    curl 'localhost:8000/api/v1/cards/?game=neopets&type=Food'
    # -> 200 {"count": 7, "results": [{"name": "Frozen Negg", ...}, ...]}
    ```

In such a block every command line (`\\` continues it, as does an unclosed quote) is an
example; a `# -> ` comment under it states its answer, continued on comment lines that start
with `#` and two or more spaces: an HTTP status or `exit N`, then the answer's JSON or text (see
patterns.py). Without a status, the example must succeed (2xx, or exit 0). Other comments
are for the reader.

The pages run in one session, in reading order (`pages`): the README, then the site's pages in
the order of mkdocs.yml's `nav`, then any page `nav` leaves out, so a page may use the token or
decks an earlier page made.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulebook.samples import PROJECT_ROOT

README = PROJECT_ROOT / "README.md"
MARK = "example"
_FENCE = re.compile(r"^\s*```(.*)$")
_ANSWER = re.compile(r"^\s*# -> ?(.*)$")
_ANSWER_MORE = re.compile(r"^\s*#\s\s+(.*)$")
_STATUS = re.compile(r"^(?:exit (?P<exit>\d+)|(?P<status>[1-5]\d\d))(?:\s+|$)(?P<body>.*)$", re.S)
CURL = re.compile(r"\bcurl\s+(-|'|\"|localhost|http)")


def pages(root: Path = PROJECT_ROOT) -> list[Path]:
    """Every Markdown file a reader is given, in reading order: README.md, the pages of
    mkdocs.yml's `nav` in its order, then every other page under the docs folder by path."""
    config = yaml.safe_load((root / "mkdocs.yml").read_text())
    docs = root / config.get("docs_dir", "docs")
    in_nav = [docs / name for name in _nav_files(config.get("nav", []))]
    rest = sorted(set(docs.rglob("*.md")) - set(in_nav))
    return [root / "README.md", *in_nav, *rest]


def _nav_files(nav) -> Iterator[str]:
    """The Markdown files a `nav` names, in order (an entry is a file, a titled file, a titled
    section or an outside link)."""
    for entry in nav if isinstance(nav, list) else [nav]:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        if isinstance(value, list):
            yield from _nav_files(value)
        elif isinstance(value, str) and value.endswith(".md") and "://" not in value:
            yield value


@dataclass(frozen=True)
class Answer:
    status: int | None = None
    exit: int | None = None
    body: str = ""


@dataclass
class Example:
    line: int
    command: str
    answer: Answer | None = None


@dataclass(frozen=True)
class Block:
    line: int  # the line after the opening fence
    info: str
    lines: list[str]

    @property
    def is_example(self) -> bool:
        return MARK in self.info.split()[1:]


def blocks(text: str) -> Iterator[Block]:
    """Every fenced block of the Markdown text."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        index += 1
        if not opening:
            continue
        start = index
        while index < len(lines) and not _FENCE.match(lines[index]):
            index += 1
        yield Block(start + 1, opening.group(1).strip(), lines[start:index])
        index += 1


def examples(text: str) -> list[Example]:
    """The examples of every `sh example` block of one page, in its order."""
    found: list[Example] = []
    for block in blocks(text):
        if block.is_example:
            found += _block_examples(block)
    return found


def _block_examples(block: Block) -> list[Example]:
    found: list[Example] = []
    pending: list[str] = []
    answer_lines: list[str] | None = None
    for number, line in enumerate(block.lines, start=block.line):
        if pending:
            pending.append(line)
        elif answer_lines is not None and _ANSWER_MORE.match(line):
            answer_lines.append(_ANSWER_MORE.match(line).group(1))
            continue
        else:
            if answer_lines is not None:
                found[-1].answer = _answer(answer_lines)
                answer_lines = None
            if _ANSWER.match(line):
                if not found:
                    raise ValueError(f"line {number}: an answer with no command above it")
                answer_lines = [_ANSWER.match(line).group(1)]
                continue
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            pending = [line]
            start = number
        if not _complete(pending):
            continue
        found.append(Example(start, "\n".join(pending)))
        pending = []
    if pending:
        raise ValueError(f"line {start}: the command never ends: {pending[0]!r}")
    if answer_lines is not None:
        found[-1].answer = _answer(answer_lines)
    return found


def _complete(lines: list[str]) -> bool:
    """A command ends at a line without a trailing backslash, outside any quote."""
    if lines[-1].rstrip().endswith("\\"):
        return False
    try:
        shlex.split("\n".join(lines), comments=True)
    except ValueError:  # an unclosed quote: the command goes on
        return False
    return True


def _answer(lines: list[str]) -> Answer:
    text = "\n".join(lines).strip()
    match = _STATUS.match(text)
    if not match:
        return Answer(body=text)
    return Answer(
        status=int(match["status"]) if match["status"] else None,
        exit=int(match["exit"]) if match["exit"] else None,
        body=match["body"].strip(),
    )


def unmarked_curls(text: str) -> list[tuple[int, str]]:
    """curl commands a page shows outside `sh example` blocks (so no test runs them)."""
    inside: set[int] = set()
    for block in blocks(text):
        if block.is_example:
            inside.update(range(block.line, block.line + len(block.lines)))
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if CURL.search(line) and number not in inside
    ]
