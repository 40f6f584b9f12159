"""`manage.py load_samples`: import every sample card file shipped in cards/sample_data/.

Idempotent (a second run changes nothing) and all or nothing (one transaction for every file),
so `make run` can call it on each start.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.cardfile.problems import CardFileError
from cards.services.importer import Tally, cards_import_files

SAMPLE_DATA = Path(__file__).resolve().parents[2] / "sample_data"


class Command(BaseCommand):
    help = "Load the sample cards of every game (cards/sample_data/*.json)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--directory", type=Path, default=SAMPLE_DATA, help="Where the sample files are."
        )

    def handle(self, *args, directory: Path, **options) -> None:
        paths = sorted(directory.glob("*.json"))
        try:
            results = cards_import_files(paths=paths)
        except CardFileError as exc:
            raise CommandError(exc.report()) from None
        cards = Tally(
            created=sum(result.cards.created for result in results),
            updated=sum(result.cards.updated for result in results),
            unchanged=sum(result.cards.unchanged for result in results),
        )
        games = ", ".join(result.game for result in results) or "none"
        self.stdout.write(f"Sample cards ({games}): {cards}.")
