"""`manage.py load_samples`: import every registered game's sample card file (its registration's
`sample_cards`: cards/sample_data/<game>.json for a shipped game), then store every game's
sample decks (rulebook/<game>/sample_decks/) as public decks (decks.sample_decks).

Idempotent (a second run changes nothing) and all or nothing (one transaction for the cards,
one for the decks), so `make run` can call it on each start. It lives in the decks app since
it stores decks too (decks may use cards; cards may not use decks).
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.cardfile.problems import CardFileError
from cards.services.importer import Tally, cards_import_files
from decks.sample_decks import SAMPLE_OWNER, sample_decks_load
from rulebook.registry import PLUGINS


def sample_card_files() -> list[Path]:
    """Every registered game's sample card file, in slug order."""
    return sorted(
        (p.sample_cards for p in PLUGINS.values() if p.sample_cards is not None),
        key=lambda path: path.name,
    )


class Command(BaseCommand):
    help = (
        "Load the sample cards of every registered game (cards/sample_data/*.json for the "
        "shipped games) and its public sample decks (rulebook/<game>/sample_decks/*.txt)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--directory",
            type=Path,
            default=None,
            help="Load every card file of this folder instead of the games' own.",
        )
        parser.add_argument(
            "--cards-only", action="store_true", help="Load the cards, not the sample decks."
        )

    def handle(
        self, *args, directory: Path | None = None, cards_only: bool = False, **options
    ) -> None:
        paths = sorted(directory.glob("*.json")) if directory else sample_card_files()
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
