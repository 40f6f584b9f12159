"""The card builder: one user-made card read, costed, explained and checked, as a plain dict.

This is what `POST /api/v1/keeper/cost/` answers; it stays here, in plain Python, so the view
only validates the request and the same answer is available without Django.
"""

from __future__ import annotations

from typing import Any

from rulebook.core.cards import CardInfo
from rulebook.core.report import Report

from .cards import GAME
from .construction import KeeperRuleset
from .cost import explain_cost


def card_review(
    *,
    card_type: str,
    text: str,
    name: str | None = None,
    offense: int | None = None,
    defense: int | None = None,
    cost: int | None = None,
    edition: int | None = None,
    ruleset: KeeperRuleset | None = None,
) -> dict[str, Any]:
    """The card's cost with its steps, what could not be read, and every problem the
    construction rules find with the card itself (banned text, edition, printed cost)."""
    ruleset = ruleset or KeeperRuleset()
    explanation = explain_cost(card_type, text, offense or 0, defense or 0, ruleset.tables)
    attributes = {
        key: value
        for key, value in {
            "cost": cost,
            "offense": offense,
            "defense": defense,
            "edition": edition,
        }.items()
        if value is not None
    }
    card = CardInfo(
        key="card", name=name or "This card", type=card_type, text=text, attributes=attributes
    )
    report = Report(game=GAME.slug, format="")
    ruleset.check_card(card, report)
    answer: dict[str, Any] = {
        "name": name,
        "type": card_type,
        "cost": explanation.cost,
        "steps": [step.as_dict() for step in explanation.steps],
        "unparsed": [
            {
                "text": unread.text,
                "reason": unread.reason,
                "code": unread.code,
                "nearest": [near.as_dict() for near in unread.nearest],
            }
            for unread in explanation.parsed.unread
        ],
    }
    if cost is not None:
        answer["printed_cost"] = cost
        # Unknown while part of the text is unread: the formula has not seen all of it.
        answer["matches_printed"] = None if explanation.parsed.unread else cost == explanation.cost
    answer["legal"] = report.legal
    answer["errors"] = [issue.as_dict() for issue in report.errors]
    answer["warnings"] = [issue.as_dict() for issue in report.warnings]
    return answer
