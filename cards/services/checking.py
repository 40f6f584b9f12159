"""Checking card data before anything is written, and saying what importing it would do.

`cards_check` finds every problem of a parsed card file in one pass: the file's own (types,
the game's schema, its construction grammar: cards.cardfile.parsing) and the ones that need the
database (a name already taken by a card of other rules). `cards_preview` compares the
well-formed cards with the stored ones: added, changed field by field, unchanged.
`upload_check` does both for an uploaded file (CSV with a header, or a JSON card file) and
names each problem by the spreadsheet's row and column, so a curator sees at once which of
300 rows to fix; nothing is written (issue 36, item 1).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from basics.chunks import in_chunks
from rulebook.core.identity import differing_namesakes, identity
from rulebook.core.jsontext import NotJson, json_loads
from rulebook.readout import effects_readout

from ..cardfile.csv_format import csv_read_located
from ..cardfile.parsing import card_file_check
from ..cardfile.problems import Problem
from ..cardfile.records import CardFile, CardRecord
from ..models import REVISED_FIELDS, Card, CardSet
from ..selectors import catalogue_names


@dataclass(frozen=True)
class CardFileCheck:
    """A card file checked whole: its well-formed records and every problem found."""

    card_file: CardFile
    problems: tuple[Problem, ...]


def cards_check(*, data: Any, source: str) -> CardFileCheck:
    """Every problem of parsed card data (as `import_cards` reads it), found in one pass."""
    slug = data.get("game") if isinstance(data, dict) else None
    slug = slug if isinstance(slug, str) else ""
    known_sets = CardSet.objects.filter(game__slug=slug).values_list("code", flat=True)
    card_file, problems = card_file_check(
        data,
        source=source,
        known_sets=set(known_sets),
        # the names a card's construction text may name: the catalogue's and the file's own
        known_names=catalogue_names(game=slug) if slug else frozenset(),
    )
    return CardFileCheck(card_file, (*problems, *namesake_problems(card_file, source)))


def namesake_problems(card_file: CardFile, source: str) -> list[Problem]:
    """A problem for each card of the file that shares its name with a card of other rules (in
    the file or already stored) without `"distinct_namesake": true` (issue 7 item 1):
    otherwise one card entered twice with a slip would count as two for copy limits."""
    keys = {record.key for record in card_file.cards}
    names = sorted({identity(record.name) for record in card_file.cards})
    stored = [
        card
        for part in in_chunks(names)  # SQLite's limit on variables (basics.chunks)
        for card in Card.objects.filter(game__slug=card_file.game, folded_name__in=part)
        if card.key not in keys
    ]
    differing = differing_namesakes([*card_file.cards, *stored])
    return [
        Problem(
            source,
            f'cards[{record.index}] "{record.name}"',
            "distinct_namesake",
            f"{record.name} has the name of {', '.join(differing[record.key])} but other rules; "
            'if it is a different card, say so with "distinct_namesake": true, else give it '
            "the same rules (copies count by the card, whatever its key: Neopets CR 6.7.2)",
        )
        for record in card_file.cards
        if record.key in differing and not record.distinct_namesake
    ]


@dataclass(frozen=True)
class CardChange:
    """A stored card the file would change: each field that differs, (before, after)."""

    key: str
    name: str
    fields: dict[str, tuple[Any, Any]]


@dataclass(frozen=True)
class Preview:
    """What importing the well-formed cards would do, by card key."""

    added: tuple[str, ...]
    changed: tuple[CardChange, ...]
    unchanged: tuple[str, ...]


def record_values(record: CardRecord) -> dict[str, Any]:
    """A card record's revised fields (cards.models.REVISED_FIELDS), as the Card row holds them."""
    return {
        "name": record.name,
        "type": record.type,
        "text": record.text,
        "attributes": record.attributes,
        "is_sample": record.is_sample,
    }


def cards_preview(*, card_file: CardFile) -> Preview:
    """Which cards would be added, changed (field by field) and left alone; writes nothing."""
    keys = [record.key for record in card_file.cards]
    stored: dict[str, Card] = {}
    for part in in_chunks(keys):
        found = Card.objects.filter(game__slug=card_file.game, owner__isnull=True, key__in=part)
        stored.update((card.key, card) for card in found.only("key", *REVISED_FIELDS))
    added, changed, unchanged = [], [], []
    for record in card_file.cards:
        card = stored.get(record.key)
        if card is None:
            added.append(record.key)
            continue
        fields = {
            name: (getattr(card, name), value)
            for name, value in record_values(record).items()
            if getattr(card, name) != value
        }
        if fields:
            changed.append(CardChange(record.key, record.name, fields))
        else:
            unchanged.append(record.key)
    return Preview(tuple(added), tuple(changed), tuple(unchanged))


@dataclass(frozen=True)
class FileProblem:
    """A problem of an uploaded file where a spreadsheet shows it: its row (the header is row
    1; in a JSON file the card's place among its cards, from 1) and column (a field path)."""

    row: int | None
    column: str
    message: str


@dataclass(frozen=True)
class UploadCheck:
    card_file: CardFile
    problems: tuple[FileProblem, ...]
    preview: Preview


def upload_check(*, name: str, content: bytes, game: str) -> UploadCheck:
    """An uploaded card file (CSV with a header, or JSON: by its name, else its content) checked
    whole for `game`, every problem named by row and column, with the preview of its
    well-formed cards. A contribution's effect data must be data its game's engine plays (an
    importer only lists what it cannot). Writes nothing."""
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return _refused(FileProblem(None, "file", f"is not UTF-8 text (byte {exc.start})"))
    locate = _Locator()
    if _is_csv(name, text):
        read = csv_read_located(text, source=name)
        data: Any = read.data
        locate = _Locator(read.card_rows, read.set_rows)
        early = [locate(problem) for problem in read.problems]
    else:
        try:
            data = json_loads(text)
        except NotJson as exc:
            return _refused(FileProblem(None, "file", f"is not valid JSON or CSV: {exc}"))
        early = []
    return _checked(data, game=game, source=name, locate=locate, early=early)


def _is_csv(name: str, text: str) -> bool:
    """CSV by its name, or by its content when the name says neither (`cards.txt`)."""
    suffix = name.lower().rpartition(".")[2]
    if suffix in ("csv", "json"):
        return suffix == "csv"
    return not text.lstrip().startswith(("{", "["))


def data_check(*, data: Any, game: str, source: str) -> UploadCheck:
    """`upload_check` for card data already parsed (a proposal's card in its little file): each
    problem's row is the card's place in the file, its column the field path."""
    return _checked(data, game=game, source=source, locate=_Locator(), early=[])


def _checked(
    data: Any, *, game: str, source: str, locate: _Locator, early: list[FileProblem]
) -> UploadCheck:
    if isinstance(data, dict) and (data.get("game") or game) != game:
        early.append(FileProblem(None, "game", f"is {data['game']!r}; this upload is for {game}"))
        return _refused(*early)
    if isinstance(data, dict) and not data.get("game"):
        # the upload names the game: a spreadsheet without a game column, or whose rows all
        # failed, names none
        data = {**data, "game": game}
    checked = cards_check(data=data, source=source)
    problems = [*early, *(locate(problem) for problem in checked.problems)]
    problems += _unplayable_effects(checked.card_file, locate)
    return UploadCheck(
        checked.card_file, tuple(problems), cards_preview(card_file=checked.card_file)
    )


def _refused(*problems: FileProblem) -> UploadCheck:
    empty = CardFile(game="", sets=(), cards=())
    return UploadCheck(empty, problems, Preview((), (), ()))


def _unplayable_effects(card_file: CardFile, locate: _Locator) -> list[FileProblem]:
    """A problem for each card whose `effects` data names what its engine cannot play."""
    problems: list[FileProblem] = []
    for record in card_file.cards if card_file.game else ():
        if "effects" not in record.attributes:
            continue  # rules text alone: the readout lists it as unsupported, nothing refused
        effects = record.attributes["effects"]
        for part in effects_readout(card_file.game, record.text, effects).unsupported:
            problem = Problem("", f"cards[{record.index}]", "attributes.effects", "")
            row, column = locate.where(problem)
            problems.append(
                FileProblem(row, column, f"attributes.effects: the engine cannot play {part}")
            )
    return problems


_ITEM = re.compile(r"(?P<list>cards|sets)\[(?P<index>\d+)\]|row (?P<row>\d+)")
_PRINTING = re.compile(r"printings\[(\d+)\]\.(\w+)")
# A set's fields as CSV columns name them (cards.cardfile.csv_format).
_SET_COLUMNS = {"code": "set", "name": "set_name", "released": "set_released"}


class _Locator:
    """Turns a Problem's record and field (`cards[3] "Hot Dog"`, `printings[1].set`) into the
    row and column of the file: a CSV's rows as read (`card_rows`, `set_rows`), or a JSON
    file's place in its list when no rows are given."""

    def __init__(
        self, card_rows: Sequence[Sequence[int]] | None = None, set_rows: Sequence[int] = ()
    ) -> None:
        self.card_rows = card_rows
        self.set_rows = set_rows

    def __call__(self, problem: Problem) -> FileProblem:
        row, column = self.where(problem)
        said = problem.field if column != problem.field and problem.field else ""
        return FileProblem(row, column, f"{said} {problem.message}".strip())

    def where(self, problem: Problem) -> tuple[int | None, str]:
        found = _ITEM.match(problem.record)
        if found is None:
            return None, problem.field
        if found["row"] is not None:
            return int(found["row"]), problem.field
        index = int(found["index"])
        if self.card_rows is None:  # a JSON file: the field path is the column
            return index + 1, problem.field
        if found["list"] == "sets":
            row = self.set_rows[index] if index < len(self.set_rows) else None
            return row, _SET_COLUMNS.get(problem.field, problem.field)
        rows = self.card_rows[index] if index < len(self.card_rows) else ()
        printing = _PRINTING.match(problem.field)
        if printing is not None:
            number = int(printing[1])
            return (rows[number] if number < len(rows) else rows[0] if rows else None), printing[2]
        return (rows[0] if rows else None), problem.field.split(".")[0]
