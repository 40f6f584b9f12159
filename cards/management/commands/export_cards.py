"""`manage.py export_cards GAME [--format json|csv] [--output FILE]`: write a game's cards in the
card data format, canonically ordered so an export re-imported and exported is byte-identical."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.cardfile.files import FORMATS, card_file_render
from cards.services.exporter import cards_export
from rulebook.registry import GAMES


class Command(BaseCommand):
    help = "Export a game's sets, cards and printings as a JSON or CSV card file."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game", choices=sorted(GAMES))
        parser.add_argument("--format", choices=FORMATS, default="json", dest="fmt")
        parser.add_argument("--output", type=Path, help="Write here instead of standard output.")

    def handle(self, *args, game: str, fmt: str, output: Path | None, **options) -> None:
        text = card_file_render(cards_export(game=game), fmt)
        if output is None:
            self.stdout.write(text, ending="")
        else:
            try:
                with output.open("w", encoding="utf-8", newline="") as handle:
                    handle.write(text)
            except OSError as exc:
                raise CommandError(f"{output}: cannot be written: {exc.strerror}") from None
