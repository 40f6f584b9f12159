"""`manage.py validate_deck FILE... --game G [--format F] [--as-of D] [--json]` for organisers.

One line per file (LEGAL, ILLEGAL or UNREADABLE, then its problems) or a JSON array; the exit
status is 1 when any deck is illegal or unreadable, as scripts expect.
"""

from __future__ import annotations

import json
import sys
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from basics.errors import InvalidRequest
from rulebook.core.decklist_files import check_files
from rulebook.registry import GAMES
from rules.services.validation import deck_validate, format_info


class Command(BaseCommand):
    help = "Check plain-text decklist files against the card database; exit 1 if any is illegal."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument("--game", required=True, choices=sorted(GAMES))
        parser.add_argument("--format", default=None, help="format slug (default: the game's)")
        parser.add_argument("--as-of", default=None, help="evaluate the lists on YYYY-MM-DD")
        parser.add_argument("--json", action="store_true", help="print a JSON array")

    def handle(self, *args: Any, **options: Any) -> None:
        game = GAMES[options["game"]]
        as_of = _date(options["as_of"])
        try:
            format_info(game=game.slug, format=options["format"], as_of=as_of)
        except InvalidRequest as exc:
            raise CommandError(f"--{exc.field}: {exc.message}") from None

        def check(entries, unreadable):
            return deck_validate(
                game=game.slug,
                entries=entries,
                format=options["format"],
                as_of=as_of,
                unreadable=unreadable,
            )

        results = check_files(options["files"], game, check)
        if options["json"]:
            self.stdout.write(json.dumps([result.as_dict() for result in results], indent=2))
        else:
            for result in results:
                self.stdout.write("\n".join(result.lines()))
        if not all(result.legal for result in results):
            sys.exit(1)


def _date(value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise CommandError(f"--as-of must be a date written YYYY-MM-DD, not {value!r}") from None
