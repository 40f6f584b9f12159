"""Checking decklist files, for organisers: one result per file, as text lines or JSON.

The core CLI (`python -m rulebook validate`) and the Django command (`manage.py validate_deck`)
share this; they differ only in where cards and formats come from (the `check` callable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .decklist import LineProblem, parse_decklist
from .game import GameSpec
from .report import Issue, Report
from .resolve import EntryRef

# Checks a file's entries; its unreadable lines are errors of the report (rulebook.validate).
Check = Callable[[Sequence[EntryRef], Sequence[LineProblem]], Report]


@dataclass
class FileResult:
    """A file's report, or why it could not be read at all (a missing file, not UTF-8)."""

    path: str
    report: Report | None = None
    problems: list[LineProblem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return self.report is not None and not self.problems and self.report.legal

    @property
    def verdict(self) -> str:
        if self.report is None:
            return "UNREADABLE"
        return "LEGAL" if self.legal else "ILLEGAL"

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"file": self.path, "verdict": self.verdict}
        if self.problems:
            data["unreadable"] = [
                {"line": p.line, "text": p.text, "message": p.message} for p in self.problems
            ]
        if self.report is not None:
            data.update(self.report.as_dict())
        return data

    def lines(self) -> list[str]:
        """A headline, then one indented line per problem (errors, then warnings)."""
        lines = [f"{self.path}: {self.verdict}"]
        for problem in self.problems:
            if problem.line:
                lines.append(f"  line {problem.line}: {problem.text.strip()!r} {problem.message}")
            else:
                lines.append(f"  the file {problem.message}")
        if self.report is not None:
            lines.extend(_issue_line("error", issue) for issue in self.report.errors)
            lines.extend(_issue_line("warning", issue) for issue in self.report.warnings)
        return lines


def _issue_line(kind: str, issue: Issue) -> str:
    rule = f" ({issue.rule})" if issue.rule else ""
    return f"  {kind} {issue.code}{rule}: {issue.message}"


def check_files(paths: Iterable[str], game: GameSpec, check: Check) -> list[FileResult]:
    """Read and check each decklist file; its unreadable lines are errors of its report, and
    every line that could be read is checked all the same."""
    results = []
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            results.append(
                FileResult(path, problems=[LineProblem(0, "", f"cannot be read: {exc}")])
            )
            continue
        parsed = parse_decklist(text, game)
        results.append(FileResult(path, report=check(parsed.entries, parsed.problems)))
    return results
