"""`python -m rulebook validate FILE... --game G --cards CARDS.json [--json]`: no Django needed.

Checks plain-text decklists against a card file in the DESIGN import format, with the same core
code the service runs (rulebook.validate), in the game's standard format. Exit status 1 when
any deck is illegal or unreadable, 2 when the command itself is misused.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rulebook.cardfile import CardFileError, MemoryPool, read_cards
from rulebook.core.decklist_files import check_files
from rulebook.core.jsontext import json_loads
from rulebook.registry import GAMES
from rulebook.validate import standard_format, validate


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulebook", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("validate", help="check decklist files")
    command.add_argument("files", nargs="+", metavar="FILE")
    command.add_argument("--game", required=True, choices=sorted(GAMES))
    command.add_argument("--cards", required=True, help="card file (DESIGN JSON format)")
    command.add_argument("--json", action="store_true", help="print a JSON array")
    args = parser.parse_args(argv)

    game = GAMES[args.game]
    try:
        data = json_loads(Path(args.cards).read_text(encoding="utf-8"))
        cards = read_cards(data)
    except (OSError, ValueError) as exc:  # CardFileError and NotJson are ValueErrors
        detail = (
            "; ".join(f"{c}: {p} {m}" for c, p, m in exc.problems)
            if isinstance(exc, CardFileError)
            else str(exc)
        )
        print(f"{args.cards}: cannot use this card file: {detail}", file=sys.stderr)
        return 2
    if data.get("game") != game.slug:
        print(f"{args.cards} holds {data.get('game')} cards, not {game.slug}", file=sys.stderr)
        return 2
    pool, fmt = MemoryPool(cards, game), standard_format(game)
    results = check_files(
        args.files, game, lambda entries, unreadable: validate(game, entries, pool, fmt, unreadable)
    )
    if args.json:
        print(json.dumps([result.as_dict() for result in results], indent=2))
    else:
        for result in results:
            print("\n".join(result.lines()))
    return 0 if all(result.legal for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
