"""`manage.py import_cards FILE [FILE...]`: load card files (JSON, or CSV by extension).

Every file is checked whole first; any problem in any file refuses them all, lists every
problem and exits non-zero, having written nothing. The format is documented in `cards.cardfile`.
"""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.cardfile.problems import CardFileError
from cards.services.importer import cards_import_files


class Command(BaseCommand):
    help = "Import card files in the Deckwarden card data format (JSON, or CSV by extension)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
        parser.add_argument("--quiet", action="store_true", help="No progress bar.")

    def handle(self, *args, files: list[Path], quiet: bool, **options) -> None:
        progress = not quiet and sys.stderr.isatty()
        try:
            results = cards_import_files(paths=files, progress=progress)
        except CardFileError as exc:
            raise CommandError(exc.report()) from None
        for result in results:
            self.stdout.write(result.summary())
