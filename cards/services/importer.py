"""Importing card files into the database: checked whole first, then applied in one transaction.

Sets are matched by code, cards by key, printings by set and collector number. Rows that match
the file already are left alone (no UPDATE), so importing a file twice writes nothing the second
time; nothing absent from the file is deleted. The card data format is documented in
`cards.cardfile`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from django.db import models, transaction
from django.utils import timezone
from tqdm import tqdm

from rulebook.registry import GAMES

from ..cardfile.files import card_file_read
from ..cardfile.problems import CardFileError
from ..cardfile.records import CardFile
from ..models import REVISED_FIELDS, Card, CardSet, Game, Printing
from .checking import cards_check
from .revisions import RevisionNote, revisions_record

BATCH_SIZE = 500
# Files with fewer rows than this import too fast for a progress bar to help.
PROGRESS_FROM_ROWS = 2000


@dataclass
class Tally:
    """What an import did to the rows of one model."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return f"created {self.created}, updated {self.updated}, unchanged {self.unchanged}"


@dataclass
class ImportResult:
    source: str
    game: str
    sets: Tally = field(default_factory=Tally)
    cards: Tally = field(default_factory=Tally)
    printings: Tally = field(default_factory=Tally)
    # Each stored card the import changed, by key: the fields that changed.
    changed: dict[str, list[str]] = field(default_factory=dict)

    def summary(self) -> str:
        changed = [f"{key} ({', '.join(fields)})" for key, fields in self.changed.items()]
        told = f"; changed: {'; '.join(changed)}" if changed else ""
        return (
            f"{self.source} ({self.game}): cards {self.cards}; sets {self.sets}; "
            f"printings {self.printings}{told}"
        )


def cards_import(
    *,
    data: Any,
    source: str,
    progress: bool = False,
    revision: RevisionNote | None = None,
) -> ImportResult:
    """Check a parsed card file whole and apply it in one transaction; each card it adds or
    changes gets a revision, told by `revision` (default: an import of `source`, in force today).

    Raises CardFileError naming every problem, having written nothing.
    """
    with transaction.atomic():
        checked = cards_check(data=data, source=source)
        if checked.problems:
            raise CardFileError(list(checked.problems))
        # A revision is public (a card's history, a release's changelog): the file's name, never
        # the server's folders.
        note = revision or RevisionNote(reason=f"imported from {Path(source).name}")
        return _apply(checked.card_file, _game_row(checked.card_file.game), source, progress, note)


def cards_import_files(*, paths: Sequence[Path], progress: bool = False) -> list[ImportResult]:
    """Import several card files all or nothing: every problem of every file is reported."""
    results: list[ImportResult] = []
    problems = []
    with transaction.atomic():
        for path in paths:
            try:
                data = card_file_read(path)
                results.append(cards_import(data=data, source=str(path), progress=progress))
            except CardFileError as exc:
                problems.extend(exc.problems)
        if problems:
            raise CardFileError(problems)  # rolls back the files already applied
    return results


def _game_row(slug: str) -> Game:
    """The game's row; the registry is the source, so a missing row is made from it."""
    game, _ = Game.objects.get_or_create(slug=slug, defaults={"name": GAMES[slug].name})
    return game


def _apply(
    card_file: CardFile, game: Game, source: str, progress: bool, note: RevisionNote
) -> ImportResult:
    """Upsert sets, then cards (a revision for each card added or changed), then the
    printings that join them."""
    rows = len(card_file.sets) + sum(1 + len(card.printings) for card in card_file.cards)
    disable = not progress or rows < PROGRESS_FROM_ROWS
    result = ImportResult(source=source, game=game.slug)
    with tqdm(total=rows, desc=source, unit="row", disable=disable) as bar:
        sets = _Upsert(CardSet, CardSet.objects.filter(game=game), ("code",), bar)
        result.sets = sets.apply(_set_rows(card_file, game))
        cards = _Upsert(Card, Card.objects.filter(game=game), ("key",), bar, track=REVISED_FIELDS)
        result.cards = cards.apply(_card_rows(card_file, game))
        new = {card.pk for card in cards.new}
        result.changed = {
            card.key: sorted(fields) for card, fields in cards.changes if card.pk not in new
        }
        revisions_record(changes=cards.changes, note=note)
        printings = Printing.objects.filter(set__game=game)
        result.printings = _Upsert(Printing, printings, ("set_id", "number"), bar).apply(
            _printing_rows(card_file, game)
        )
    return result


def _set_rows(card_file: CardFile, game: Game) -> Iterator[dict[str, Any]]:
    for record in card_file.sets:
        yield {
            "game_id": game.pk,
            "code": record.code,
            "name": record.name,
            "released": record.released,
            "is_sample": record.is_sample,
        }


def _card_rows(card_file: CardFile, game: Game) -> Iterator[dict[str, Any]]:
    for record in card_file.cards:
        yield {
            "game_id": game.pk,
            "key": record.key,
            "name": record.name,
            "type": record.type,
            "text": record.text,
            "attributes": record.attributes,
            "is_sample": record.is_sample,
        }


def _printing_rows(card_file: CardFile, game: Game) -> Iterator[dict[str, Any]]:
    """Printings by the ids of their card and set, read once the cards and sets are written."""
    set_ids = dict(CardSet.objects.filter(game=game).values_list("code", "pk"))
    card_ids = dict(Card.objects.filter(game=game).values_list("key", "pk"))
    for card in card_file.cards:
        for printing in card.printings:
            yield {
                "card_id": card_ids[card.key],
                "set_id": set_ids[printing.set_code],
                "number": printing.number,
                "rarity": printing.rarity,
                "image_url": printing.image_url,
            }


Row = TypeVar("Row", bound=models.Model)


class _Upsert(Generic[Row]):
    """Creates the rows that are new, updates the ones that differ, leaves the rest alone."""

    def __init__(
        self,
        model: type[Row],
        existing: models.QuerySet[Row],
        identity: tuple[str, ...],
        bar: tqdm[Any],
        track: tuple[str, ...] = (),
    ) -> None:
        self.model = model
        self.identity = identity
        self.track = track
        # With `track`: each row created or updated, and those of its fields that changed,
        # (before, after) (before None for a new row), once written.
        self.changes: list[tuple[Row, dict[str, tuple[Any, Any]]]] = []
        self.new: list[Row] = []  # the rows created
        self.existing = {
            tuple(getattr(row, name) for name in identity): row for row in existing.order_by()
        }
        self.bar = bar

    def key_of(self, values: Mapping[str, Any]) -> tuple[Any, ...]:
        return tuple(values[name] for name in self.identity)

    def apply(self, rows: Iterable[dict[str, Any]]) -> Tally:
        tally = Tally()
        created: list[Row] = []
        updated: list[Row] = []
        changed_fields: set[str] = set()
        for values in rows:
            row = self.existing.get(self.key_of(values))
            if row is None:
                created.append(self.model(**values))
                if self.track:
                    fields = {name: (None, values[name]) for name in self.track}
                    self.changes.append((created[-1], fields))
                continue
            changed = [name for name, value in values.items() if getattr(row, name) != value]
            if not changed:
                tally.unchanged += 1
                self.bar.update()
                continue
            tracked = {
                name: (getattr(row, name), values[name]) for name in changed if name in self.track
            }
            if tracked:
                self.changes.append((row, tracked))
            for name in changed:
                setattr(row, name, values[name])
            changed_fields.update(changed)
            updated.append(row)
        self.write(created, updated, changed_fields)
        self.new = created
        tally.created, tally.updated = len(created), len(updated)
        return tally

    def write(self, created: list[Row], updated: list[Row], fields: set[str]) -> None:
        stamp = next((f.name for f in self.model._meta.fields if f.name == "updated"), None)
        if updated and stamp is not None:
            now = timezone.now()
            for row in updated:
                setattr(row, stamp, now)  # bulk_update skips auto_now: a changed row is updated now
            fields.add(stamp)
        # The model's one manager, `objects` (Card's folds names as it writes in bulk)
        objects = self.model._default_manager
        for start in range(0, len(created), BATCH_SIZE):
            batch = created[start : start + BATCH_SIZE]
            objects.bulk_create(batch)
            self.bar.update(len(batch))
        for start in range(0, len(updated), BATCH_SIZE):
            batch = updated[start : start + BATCH_SIZE]
            objects.bulk_update(batch, sorted(fields))
            self.bar.update(len(batch))
