"""`manage.py load_samples`: import every sample card file shipped in cards/sample_data/, then
store every game's sample decks (rulebook/<game>/sample_decks/) as public decks
(decks.sample_decks).

Idempotent (a second run changes nothing) and all or nothing (one transaction for the cards,
one for the decks), so `make run` can call it on each start. It lives in the decks app since
it stores decks too (decks may use cards; cards may not use decks).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import cards
from cards.cardfile.problems import CardFileError
from cards.services.importer import Tally, cards_import_files
from decks.sample_decks import SAMPLE_OWNER, sample_decks_load

SAMPLE_DATA = Path(cards.__file__).resolve().parent / "sample_data"


class Command(BaseCommand):
    help = (
        "Load the sample cards of every game (cards/sample_data/*.json) and its public sample "
        "decks (rulebook/<game>/sample_decks/*.txt)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--directory", type=Path, default=SAMPLE_DATA, help="Where the sample files are."
        )
        parser.add_argument(
            "--cards-only", action="store_true", help="Load the cards, not the sample decks."
        )

    def handle(self, *args, directory: Path, cards_only: bool = False, **options) -> None:
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
        if cards_only:
            return
        decks = sample_decks_load()
        self.stdout.write(f"Public sample decks (owner {SAMPLE_OWNER!r}): {decks}.")
        for skipped in decks.skipped:
            self.stderr.write(f"Sample deck not stored: {skipped}")
