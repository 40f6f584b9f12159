"""Reading a POST /metazoo/archive-swap/ body: two registered lists, each entry as in /validate/."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from api.entries import NUL, Problems, RequestProblems, section_entries
from rulebook.core.resolve import EntryRef
from rulebook.metazoo.construction import ARCHIVE, SPELLBOOK

LISTS = ("before", "after")


@dataclass(frozen=True)
class SwapRequest:
    before: list[EntryRef]
    after: list[EntryRef]
    format: str | None = None


def read_swap_request(body: Any) -> SwapRequest:
    """The two lists' entries; RequestProblems naming every field it cannot read otherwise."""
    problems = Problems()
    if not isinstance(body, Mapping):
        problems.add("body", "must be a JSON object with before and after")
        raise RequestProblems(problems)
    lists = {name: _list_entries(name, body.get(name), problems) for name in LISTS}
    fmt = body.get("format")
    if fmt is not None and not (isinstance(fmt, str) and fmt and NUL not in fmt):
        problems.add("format", f"must be a format slug such as standard; not {fmt!r}")
    if problems.fields:
        raise RequestProblems(problems)
    return SwapRequest(lists["before"], lists["after"], fmt)


def _list_entries(name: str, value: Any, problems: Problems) -> list[EntryRef]:
    """One registered list, {"spellbook": [...], "archive": [...]}; the Archive may be left out."""
    if not isinstance(value, Mapping):
        problems.add(name, "must be an object with a spellbook list and an archive list")
        return []
    for section in value:
        if section not in (SPELLBOOK, ARCHIVE):
            problems.add(f"{name}.{section}", "is not a section: use spellbook and archive")
    if SPELLBOOK not in value:
        problems.add(f"{name}.{SPELLBOOK}", "is required")
    sections = {s: value[s] for s in (SPELLBOOK, ARCHIVE) if s in value}
    return section_entries(sections, problems, path=name)
