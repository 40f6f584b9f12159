"""Reading a POST /validate/batch/ body: up to MAX_DECKS decks, each read like /validate/'s.

A deck that cannot be read (unknown game, bad entries, unreadable lines) becomes a result with
its own `deck.invalid` error; only a body that is not a batch at all, or is over the limits,
refuses the whole request.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from rest_framework import status
from rest_framework.request import Request

from api.entries import Problems, RequestProblems, is_integer
from api.errors import ApiError
from rules.core.report import Issue, Report, issues_text
from rules.services.validation import DeckRequest, InvalidRequest

from .requests import read_as_of, read_validate_request

MAX_DECKS = 2000
INVALID = "deck.invalid"


@dataclass(frozen=True)
class BatchDeck:
    """One deck of the batch: its client id and either a readable request or its problems."""

    id: str | int | None
    request: DeckRequest | None = None
    problems: Mapping[str, list[str]] | None = None


def batch_body(request: Request) -> Any:
    """The parsed JSON body, read under the batch's own size limit (larger than one deck's)."""
    limit = settings.BATCH_MAX_BODY_BYTES
    length = int(request.META.get("CONTENT_LENGTH") or 0)
    if length > limit:
        raise ApiError(
            f"The request body is larger than {limit} bytes.",
            code="too_large",
            status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            fields={"body": [f"must be at most {limit} bytes"]},
        )
    try:
        return json.loads(request.stream.read() if length else b"")
    except (ValueError, RecursionError) as exc:
        raise ApiError("The request body is not valid JSON.", fields={"body": [str(exc)]}) from None


def read_batch_request(body: Any) -> list[BatchDeck]:
    """The batch's decks; ApiError when the body is no batch or holds more than MAX_DECKS."""
    if not isinstance(body, dict) or not isinstance(body.get("decks"), list):
        raise ApiError(
            "The body must be an object with a list of decks.",
            fields={"decks": ["must be a list of deck objects"]},
        )
    decks = body["decks"]
    if len(decks) > MAX_DECKS:
        raise ApiError(
            f"A batch holds at most {MAX_DECKS} decks; this one has {len(decks)}.",
            code="too_many_decks",
            status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            fields={"decks": [f"must hold at most {MAX_DECKS} decks"]},
        )
    options = {}
    if "as_of" in body:  # the batch's own field: a bad one refuses the batch
        problems = Problems()
        read_as_of(body["as_of"], problems)
        if problems.fields:
            raise RequestProblems(problems)
        options["as_of"] = body["as_of"]
    return [_deck({**options, **deck} if isinstance(deck, dict) else deck) for deck in decks]


def _deck(deck: Any) -> BatchDeck:
    deck_id = deck.get("id") if isinstance(deck, dict) else None
    problems = Problems()
    if not (deck_id is None or isinstance(deck_id, str) or is_integer(deck_id)):
        problems.add("id", f"must be a string or an integer; not {deck_id!r}")
        deck_id = None
    if isinstance(deck, dict) and "fix" in deck:
        problems.add("fix", "is not offered in a batch; use /validate/ for one deck")
    try:
        parsed = read_validate_request(deck, {})
    except RequestProblems as exc:
        for field, messages in exc.problems.fields.items():
            problems.fields.setdefault(field, []).extend(messages)
        return BatchDeck(deck_id, problems=problems.fields)
    if problems.fields:
        return BatchDeck(deck_id, problems=problems.fields)
    return BatchDeck(
        deck_id,
        DeckRequest(
            parsed.game.slug, parsed.entries, parsed.format, parsed.as_of, parsed.unreadable
        ),
    )


def invalid_report(problems: Mapping[str, list[str]]) -> Report:
    """The report of a deck that could not be read: one error naming its fields."""
    fields = ", ".join(problems)
    message = "; ".join(f"{field}: {' '.join(messages)}" for field, messages in problems.items())
    report = Report(game="", format="")
    report.add(
        Issue(
            INVALID,
            "",
            f"The deck's {fields} cannot be read. {message}",
            details=(("fields", dict(problems)),),
        )
    )
    return report


def failed_report(error: InvalidRequest) -> Report:
    return invalid_report({error.field: [error.message]})


def batch_answer(decks: list[BatchDeck], reports: list[Report]) -> dict[str, Any]:
    """{"results": [...], "summary": {...}}: one result per deck, in the request's order."""
    results = []
    by_code: dict[str, int] = {}
    for deck, report in zip(decks, reports, strict=True):
        data = report.as_dict()
        results.append({"id": deck.id, **{k: data[k] for k in RESULT_KEYS}})
        for code in sorted({issue.code for issue in report.errors}):
            by_code[code] = by_code.get(code, 0) + 1  # decks with the error, not errors
    legal = sum(result["legal"] for result in results)
    summary = {
        "decks": len(results),
        "legal": legal,
        "illegal": len(results) - legal,
        "by_code": dict(sorted(by_code.items())),
    }
    return {"results": results, "summary": summary}


RESULT_KEYS = ("legal", "errors", "warnings", "counts")


def batch_rows(answer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One CSV row per deck: the result flattened, issues as `code (rule): message` joined."""
    return [
        {
            "id": result["id"],
            "legal": result["legal"],
            "error_codes": " ".join(issue["code"] for issue in result["errors"]),
            "errors": issues_text(result["errors"]),
            "warnings": issues_text(result["warnings"]),
            "counts": " ".join(f"{slug}={n}" for slug, n in result["counts"].items()),
        }
        for result in answer["results"]
    ]
