"""The validation report: every problem found, each with a stable code and the rule it cites."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Issue:
    code: str  # stable, e.g. "main.size"; clients switch on it
    rule: str  # the rulebook's rule number or section name
    message: str  # for people: says what to change
    section: str | None = None
    cards: tuple[str, ...] = ()  # card names involved
    severity: str = ERROR
    details: tuple[tuple[str, Any], ...] = ()  # extra fields, e.g. suggestions

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "rule": self.rule,
            "section": self.section,
            "cards": list(self.cards),
            "message": self.message,
        }
        data.update(self.details)
        return data


@dataclass
class Report:
    """Collects errors and warnings; never stops at the first."""

    game: str
    format: str
    counts: dict[str, int] = field(default_factory=dict)  # as the rules count each section
    not_counted: dict[str, int] = field(default_factory=dict)  # copies there but not counted
    errors: list[Issue] = field(default_factory=list)
    warnings: list[Issue] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.errors

    def add(self, issue: Issue) -> None:
        (self.warnings if issue.severity == WARNING else self.errors).append(issue)

    def error(self, code: str, rule: str, message: str, **kwargs: Any) -> None:
        self.add(_issue(code, rule, message, ERROR, kwargs))

    def warn(self, code: str, rule: str, message: str, **kwargs: Any) -> None:
        self.add(_issue(code, rule, message, WARNING, kwargs))

    def as_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "game": self.game,
            "format": self.format,
            "errors": [issue.as_dict() for issue in self.errors],
            "warnings": [issue.as_dict() for issue in self.warnings],
            "counts": dict(self.counts),
            "not_counted": dict(self.not_counted),
        }


def _issue(code: str, rule: str, message: str, severity: str, kwargs: dict[str, Any]) -> Issue:
    section = kwargs.pop("section", None)
    cards = tuple(kwargs.pop("cards", ()))
    return Issue(code, rule, message, section, cards, severity, tuple(kwargs.items()))


def issues_text(issues: list[dict[str, Any]]) -> str:
    """Issues (as_dict) in one line, for a CSV cell: `code (rule): message`, joined by ` | `."""
    return " | ".join(f"{i['code']} ({i['rule']}): {i['message']}" for i in issues)
