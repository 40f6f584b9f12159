"""MkDocs hooks for the documentation site (mkdocs.yml names this file).

- A runnable example's fence says `sh example` (tests/readme/ runs those blocks); Python-Markdown
  reads a fence's info string as one language word, so the site is shown the fence as `sh`.
- The map of the code lives once, in README.md between `<!-- map:start -->` and
  `<!-- map:end -->`; a page holding `<!-- include: README.md map -->` shows it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent
_EXAMPLE_FENCE = re.compile(r"^(\s*```[\w+-]+)[ \t]+[^`\n]*\bexample\b[^`\n]*$", re.M)
_INCLUDE = re.compile(r"^<!-- include: (?P<file>\S+) (?P<part>[\w-]+) -->$", re.M)


def on_page_markdown(markdown: str, **kwargs) -> str:
    markdown = _EXAMPLE_FENCE.sub(r"\1", markdown)
    return _INCLUDE.sub(lambda match: _part(match["file"], match["part"]), markdown)


def _part(name: str, part: str) -> str:
    text = (ROOT / name).read_text()
    start = re.search(rf"^<!-- {part}:start\b.*-->$", text, re.M)
    end = re.search(rf"^<!-- {part}:end -->$", text, re.M)
    if not (start and end and start.end() < end.start()):
        # An include that finds nothing would show a page without its part: stop the build.
        raise ValueError(f"{name} has no <!-- {part}:start --> ... <!-- {part}:end --> part")
    return text[start.end() : end.start()].strip("\n")
