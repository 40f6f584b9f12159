"""Reading a POST /validate/batch/ body: up to MAX_DECKS decks, each read like /validate/'s.

The body is JSON (`{"decks": [...]}`) or CSV (`Content-Type: text/csv`): a header naming the
columns of CSV_COLUMNS, then one deck a row, its decklist in the `text` cell.

A deck that cannot be read (unknown game, bad entries, unreadable lines) becomes a result with
its own `deck.invalid` error; only a body that is not a batch at all, or is over the limits,
refuses the whole request. The limits bound what a batch costs, not only its size: at most
MAX_DECKS decks, MAX_ENTRIES entries over all decks and MAX_DISTINCT_CARDS different cards
named (each unknown name costs a "did you mean" lookup).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from django.conf import settings
from rest_framework import status
from rest_framework.request import Request

from api.codes import BATCH_DECK_INVALID
from api.entries import Problems, RequestProblems, is_integer
from api.errors import ApiError
from api.request_fields import unknown_field_problems
from basics.csvfiles import csv_rows
from rulebook.core.identity import identity
from rulebook.core.jsontext import UnreadableValue, json_loads
from rulebook.core.report import Issue, Report, issues_text
from rules.services.validation import DeckRequest, InvalidRequest

from .requests import read_as_of, read_validate_request

MAX_DECKS = 2000
MAX_ENTRIES = 200_000  # 2,000 decks of 100 lines
MAX_DISTINCT_CARDS = 5_000  # more than any game's whole card pool

CSV_COLUMNS = ("id", "game", "format", "as_of", "text")


@dataclass(frozen=True)
class BatchDeck:
    """One deck of the batch: its client id and either a readable request or its problems."""

    id: str | int | None
    request: DeckRequest | None = None
    problems: Mapping[str, list[str]] | None = None


def batch_body(request: Request) -> Any:
    """The parsed body (JSON, or CSV read into the JSON shape), read under the batch's own size
    limit (larger than one deck's)."""
    limit = settings.BATCH_MAX_BODY_BYTES
    length = int(request.META.get("CONTENT_LENGTH") or 0)
    if length > limit:
        raise ApiError(
            f"The request body is larger than {limit} bytes.",
            code="too_large",
            status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            fields={"body": [f"must be at most {limit} bytes"]},
        )
    raw = request.stream.read() if length else b""
    if request.content_type.split(";")[0].strip().lower() == "text/csv":
        return _csv_body(raw)
    try:
        body = json_loads(raw.decode("utf-8-sig"), name_records=False)  # the API's strict reader
    except UnreadableValue as exc:
        fields = {exc.path: [exc.problem]}
        raise ApiError(f"The request's {exc.path} {exc.problem}.", fields=fields) from None
    except ValueError as exc:  # NotJson, or bytes that are not UTF-8
        raise ApiError("The request body is not valid JSON.", fields={"body": [str(exc)]}) from None
    if length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:  # too large for UnknownFieldRefusal
        problems = unknown_field_problems(request.path_info, request.method, body)
        if problems:
            raise ApiError("The request has fields a batch does not read.", fields=problems)
    return body


def _csv_body(raw: bytes) -> dict[str, Any]:
    """A CSV batch as the JSON body it stands for: one deck a row; empty cells are left out."""
    try:
        rows = csv_rows(raw.decode("utf-8"))
        columns = rows.fieldnames or []
        unknown = [name for name in columns if name not in CSV_COLUMNS]
        missing = [name for name in ("game", "text") if name not in columns]
        if unknown or missing:
            message = f"The CSV header must name the columns {', '.join(CSV_COLUMNS)}"
            problems = [f"unknown column {name!r}" for name in unknown]
            problems += [f"lacks the column {name!r}" for name in missing]
            raise ApiError(f"{message}.", fields={"body": problems})
        decks = []
        for row in rows:
            if None in row:
                line = rows.line_num
                raise ApiError(
                    f"CSV line {line} has more cells than the header has columns.",
                    fields={"body": [f"line {line}: more cells than columns"]},
                )
            decks.append({column: value for column, value in row.items() if value})
    except UnicodeDecodeError as exc:
        message = f"is not UTF-8 text (byte {exc.start})"
        raise ApiError("The CSV body is not UTF-8.", fields={"body": [message]}) from None
    except csv.Error as exc:
        raise ApiError("The CSV body cannot be read.", fields={"body": [str(exc)]}) from None
    return {"decks": decks}


def read_batch_request(body: Any) -> list[BatchDeck]:
    """The batch's decks; ApiError when the body is no batch or holds more than MAX_DECKS."""
    if not isinstance(body, dict) or not isinstance(body.get("decks"), list):
        raise ApiError(
            "The body must be an object with a list of decks.",
            fields={"decks": ["must be a list of deck objects"]},
        )
    decks = body["decks"]
    if len(decks) > MAX_DECKS:
        _over_limit(
            f"A batch holds at most {MAX_DECKS} decks; this one has {len(decks)}.",
            "too_many_decks",
            f"must hold at most {MAX_DECKS} decks",
        )
    options = {}
    if "as_of" in body:  # the batch's own field: a bad one refuses the batch
        problems = Problems()
        read_as_of(body["as_of"], problems)
        if problems.fields:
            raise RequestProblems(problems)
        options["as_of"] = body["as_of"]
    batch = [_deck({**options, **deck} if isinstance(deck, dict) else deck) for deck in decks]
    _refuse_costly(batch)
    return batch


def _refuse_costly(batch: list[BatchDeck]) -> None:
    """413 naming the limit when the batch would cost more than one batch may."""
    requests = [deck.request for deck in batch if deck.request is not None]
    entries = sum(len(request.entries) for request in requests)
    if entries > MAX_ENTRIES:
        _over_limit(
            f"A batch holds at most {MAX_ENTRIES} entries over all its decks; this one has "
            f"{entries}.",
            "too_many_entries",
            f"must hold at most {MAX_ENTRIES} entries in all",
        )
    cards = {
        (request.game, entry.id, entry.key, identity(entry.name) if entry.name else None)
        for request in requests
        for entry in request.entries
    }
    if len(cards) > MAX_DISTINCT_CARDS:
        _over_limit(
            f"A batch names at most {MAX_DISTINCT_CARDS} different cards over all its decks; "
            f"this one names {len(cards)}.",
            "too_many_cards",
            f"must name at most {MAX_DISTINCT_CARDS} different cards in all",
        )


def _over_limit(message: str, code: str, limit: str) -> NoReturn:
    """413 with this code, naming the batch's limit under `decks`."""
    raise ApiError(
        message,
        code=code,
        status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        fields={"decks": [limit]},
    )


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
            parsed.game.slug,
            parsed.entries,
            parsed.format,
            parsed.as_of,
            parsed.unreadable,
            parsed.cards,
        ),
    )


def invalid_report(problems: Mapping[str, list[str]]) -> Report:
    """The report of a deck that could not be read: one error naming its fields."""
    fields = ", ".join(problems)
    message = "; ".join(f"{field}: {' '.join(messages)}" for field, messages in problems.items())
    report = Report(game="", format="")
    report.add(
        Issue(
            BATCH_DECK_INVALID,
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


BATCH_COLUMNS = ("id", "legal", "error_codes", "errors", "warnings", "counts")


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
