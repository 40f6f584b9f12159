"""Checking a whole card file before anything is written: every problem is collected.

JSON types are checked first (a name must be a string, not 5), then each value the way the
models check it (lengths, slugs, dates, URLs: `Model.clean_fields`), then each card's type and
attributes against its game's schema (`GameSpec.card_problems`), then what spans records:
duplicate set codes, duplicate card keys, a printing naming an unknown set, a set and collector
number printed twice.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.text import slugify

from rulebook.core.game import GameSpec
from rulebook.registry import GAMES

from ..models import Card, CardSet, Printing
from .problems import CardFileError, Problem
from .records import CardFile, CardRecord, PrintingRecord, SetRecord


@dataclass(frozen=True, slots=True)
class _Field:
    types: tuple[type, ...]
    required: bool = False


_STR = _Field((str,))
_REQUIRED_STR = _Field((str,), required=True)
_BOOL = _Field((bool,))

_FILE_FIELDS = {
    "game": _REQUIRED_STR,
    "sample": _BOOL,
    "sets": _Field((list,)),
    "cards": _Field((list,), required=True),
}
_SET_FIELDS = {
    "code": _REQUIRED_STR,
    "name": _REQUIRED_STR,
    "released": _Field((str, type(None))),
    "sample": _BOOL,
}
_CARD_FIELDS = {
    "key": _STR,
    "name": _REQUIRED_STR,
    "type": _REQUIRED_STR,
    "text": _STR,
    "attributes": _Field((dict,)),
    "sample": _BOOL,
    "printings": _Field((list,)),
    "distinct_namesake": _BOOL,
}
_PRINTING_FIELDS = {
    "set": _REQUIRED_STR,
    "number": _REQUIRED_STR,
    "rarity": _STR,
    "image_url": _STR,
}

_KINDS: dict[type, str] = {
    str: "a string",
    bool: "true or false",
    dict: "an object",
    list: "a list",
    type(None): "null",
}


def card_file_parse(
    data: Any,
    *,
    source: str,
    known_sets: Collection[str] = (),
    known_names: Collection[str] = (),
) -> CardFile:
    """The checked content of a parsed card file, or CardFileError naming every problem.

    `known_sets` are the set codes the database already holds for the file's game: printings
    may name them without the file listing the set again. `known_names` are the names of its
    cards: a card's construction text may name them, as it may the file's cards.
    """
    card_file, problems = card_file_check(
        data, source=source, known_sets=known_sets, known_names=known_names
    )
    if problems:
        raise CardFileError(problems)
    return card_file


def card_file_check(
    data: Any,
    *,
    source: str,
    known_sets: Collection[str] = (),
    known_names: Collection[str] = (),
) -> tuple[CardFile, list[Problem]]:
    """`card_file_parse` that does not raise: the records with no problem, and every problem
    (a bulk upload previews the good records beside the problems of the others)."""
    check = _Checker(source)
    top = check.fields(data, _FILE_FIELDS, record="")
    if top is None:
        return CardFile(game="", sets=(), cards=()), check.problems
    game = _game(check, top.get("game"))
    sample = top.get("sample", False)
    sets, codes = _sets(check, top.get("sets", []), sample)
    raw_cards = top.get("cards", [])
    names = {*known_names, *(raw.get("name") for raw in raw_cards if isinstance(raw, dict))}
    cards = _cards(check, game, raw_cards, sample, codes | set(known_sets), {n for n in names if n})
    slug = top.get("game") if game is not None else ""
    return CardFile(game=slug or "", sets=tuple(sets), cards=tuple(cards)), check.problems


class _Checker:
    """Collects the problems of one file, each with its record and field path."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def add(self, record: str, field: str, message: str) -> None:
        self.problems.append(Problem(self.source, record, field, message))

    def fields(
        self, raw: Any, spec: Mapping[str, _Field], record: str, prefix: str = ""
    ) -> dict[str, Any] | None:
        """The well-typed fields of a JSON object; every missing, unknown or mistyped one is
        a problem. None when `raw` is not an object at all."""
        if not isinstance(raw, dict):
            self.add(record, prefix.rstrip("."), f"must be an object, not {_show(raw)}")
            return None
        for name in sorted(set(raw) - set(spec), key=str):
            self.add(record, prefix + str(name), f"is not a field here; use {', '.join(spec)}")
        values: dict[str, Any] = {}
        for name, field in spec.items():
            if name not in raw:
                if field.required:
                    self.add(record, prefix + name, "is required")
            elif not isinstance(raw[name], field.types):
                kinds = " or ".join(_KINDS[kind] for kind in field.types)
                self.add(record, prefix + name, f"must be {kinds}, not {_show(raw[name])}")
            elif list not in field.types and _has_nul(raw[name]):  # lists hold records
                self.add(record, prefix + name, "must not contain NUL (\\u0000) characters")
            else:
                values[name] = raw[name]
        return values

    def model_fields(
        self,
        model: type[models.Model],
        values: Mapping[str, Any],
        record: str,
        prefix: str = "",
    ) -> dict[str, Any]:
        """Values checked and converted the way the model's fields do it (lengths, slugs,
        dates, URLs); a value with a problem is left out."""
        cleaned: dict[str, Any] = {}
        for name, value in values.items():
            try:
                cleaned[name] = model._meta.get_field(name).clean(value, None)
            except ValidationError as exc:
                for message in exc.messages:
                    self.add(record, prefix + name, message)
        return cleaned


def _has_nul(value: Any) -> bool:
    """Whether a JSON value holds a NUL character anywhere: PostgreSQL cannot store one."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(key) or _has_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_has_nul(item) for item in value)
    return False


def _show(value: Any) -> str:
    """A short JSON rendering of a value for a message."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."


def _label(kind: str, index: int, raw: Any, name_field: str) -> str:
    """How a message names a record: its position, and its name when it has one."""
    name = raw.get(name_field) if isinstance(raw, dict) else None
    return f'{kind}[{index}] "{name}"' if isinstance(name, str) else f"{kind}[{index}]"


def _game(check: _Checker, slug: str | None) -> GameSpec | None:
    if slug is None:
        return None
    if slug not in GAMES:
        check.add("", "game", f"must be one of {', '.join(GAMES)}; not {slug!r}")
        return None
    return GAMES[slug]


def _sets(check: _Checker, raw_sets: list[Any], sample: bool) -> tuple[list[SetRecord], set[str]]:
    """The file's sets, and every code it lists (even of a set with problems)."""
    records: list[SetRecord] = []
    first_index: dict[str, int] = {}
    for index, raw in enumerate(raw_sets):
        record = _label("sets", index, raw, "code")
        before = len(check.problems)
        values = check.fields(raw, _SET_FIELDS, record)
        if values is None:
            continue
        code = values.get("code")
        if code is not None and code in first_index:
            check.add(record, "code", f"is already the code of sets[{first_index[code]}]")
        elif code is not None:
            first_index[code] = index
        fields = {name: values[name] for name in ("code", "name", "released") if name in values}
        cleaned = check.model_fields(CardSet, fields, record)
        if len(check.problems) == before:
            released = cleaned.get("released")
            is_sample = values.get("sample", sample)
            records.append(SetRecord(cleaned["code"], cleaned["name"], released, is_sample))
    return records, set(first_index)


def _cards(
    check: _Checker,
    game: GameSpec | None,
    raw_cards: list[Any],
    sample: bool,
    codes: Collection[str],
    known_names: Collection[str],
) -> list[CardRecord]:
    cards = _CardChecks(check, game, codes, known_names)
    records = [cards.card(index, raw, sample) for index, raw in enumerate(raw_cards)]
    return [record for record in records if record is not None]


class _CardChecks:
    """Checks cards one by one, and what spans them: unique keys, each printing once."""

    def __init__(
        self,
        check: _Checker,
        game: GameSpec | None,
        codes: Collection[str],
        known_names: Collection[str],
    ) -> None:
        self.check = check
        self.game = game
        self.codes = codes
        self.known_names = frozenset(n for n in known_names if isinstance(n, str))
        self.keys: dict[str, str] = {}  # key -> the record that has it
        self.printed: dict[tuple[str, str], str] = {}  # (set code, number) -> where printed

    def card(self, index: int, raw: Any, sample: bool) -> CardRecord | None:
        """The checked card, or None when it has problems (all of them recorded)."""
        record = _label("cards", index, raw, "name")
        before = len(self.check.problems)
        values = self.check.fields(raw, _CARD_FIELDS, record)
        if values is None:
            return None
        key = self.key(record, values)
        self.check.model_fields(
            Card, {name: values[name] for name in ("key", "name") if name in values}, record
        )
        attributes_ok = "attributes" in values or "attributes" not in raw
        if self.game is not None and "type" in values and attributes_ok:
            attributes = values.get("attributes", {})
            for path, message in self.game.card_problems(
                values["type"],
                attributes,
                name=values.get("name", ""),
                text=values.get("text", ""),
                known_names=self.known_names,
            ):
                self.check.add(record, path, message)
        printings = [
            self.printing(record, f"printings[{number}].", raw_printing)
            for number, raw_printing in enumerate(values.get("printings", []))
        ]
        if len(self.check.problems) > before:
            return None
        return CardRecord(
            key=key,
            name=values["name"],
            type=values["type"],
            text=values.get("text", ""),
            # what its construction text states, kept as reviewed data (GameSpec)
            attributes=self.game.reviewed_attributes(
                values["name"],
                values.get("text", ""),
                values.get("attributes", {}),
                self.known_names,
            )
            if self.game is not None
            else values.get("attributes", {}),
            is_sample=values.get("sample", sample),
            printings=tuple(p for p in printings if p is not None),
            distinct_namesake=values.get("distinct_namesake", False),
            index=index,
        )

    def key(self, record: str, values: Mapping[str, Any]) -> str:
        """The card's key: as given, else the slug of its name; each key once per file."""
        given = "key" in values
        key = values["key"] if given else slugify(values.get("name", ""))
        if not key and not given and "name" in values:
            self.check.add(record, "key", "is needed: the name has no letters or digits for one")
        if key in self.keys:
            origin = "" if given else " (the slug of the name)"
            self.check.add(
                record,
                "key",
                f"{key!r}{origin} is already the key of {self.keys[key]}; keys are unique per "
                "game, so give one of them a distinct key",
            )
        elif key:
            self.keys[key] = record
        return key

    def printing(self, record: str, prefix: str, raw: Any) -> PrintingRecord | None:
        values = self.check.fields(raw, _PRINTING_FIELDS, record, prefix)
        if values is None:
            return None
        code, number = values.get("set"), values.get("number")
        if code is not None and code not in self.codes:
            self.check.add(
                record,
                prefix + "set",
                f"{code!r} is neither in the file's sets nor in the database",
            )
        if code is not None and number is not None:
            where = f"{record} {prefix.rstrip('.')}"
            earlier = self.printed.setdefault((code, number), where)
            if earlier != where:
                self.check.add(
                    record, prefix + "number", f"{code} {number} is already printed as {earlier}"
                )
        fields = {
            name: values[name] for name in ("number", "rarity", "image_url") if name in values
        }
        self.check.model_fields(Printing, fields, record, prefix)
        if code is None or number is None:
            return None
        return PrintingRecord(code, number, values.get("rarity", ""), values.get("image_url", ""))
