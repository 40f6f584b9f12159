"""A collection's imports (a pasted list, a CSV as other sites export collections) and what a
deck is missing from it. Here rather than in cards/, which owns the rows (cards.owned): reading
names to cards is the deck import's resolution (decks.resolution), and a deck is read through
decks.selectors with the user who asks."""

from __future__ import annotations

import csv
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import connection, transaction

from basics.csvfiles import cell_read, csv_rows
from cards.models import MAX_OWNED, Game, OwnedCard, Viewer
from cards.owned import SignInNeeded, owned_counts
from rulebook.core.decklist import parse_decklist
from rulebook.core.identity import identity
from rulebook.core.resolve import EntryRef

from .models import Deck
from .resolution import PRIVATE_CARD, DeckLine, EntryProblem, InvalidEntries, entries_resolve
from .selectors import deck_lines
from .services import DecklistUnreadable

# A collection CSV of 20,000 rows is about 1 MB: four times that, where a decklist file is 256 KB.
MAX_CSV_BYTES = 4 * 1024 * 1024
# The column names a collection CSV may use, as Moxfield, Archidekt, Deckbox, TCGplayer and
# Deckwarden's own export write them (compared folded: case and spacing do not matter).
CSV_COLUMNS = {
    "quantity": ("count", "quantity", "qty", "copies", "have"),
    "name": ("name", "card name", "card"),
    "set": ("set code", "edition code", "set", "edition"),
    "number": ("collector number", "card number", "number", "no"),
}


@dataclass(frozen=True, slots=True)
class RowProblem:
    """Why one row of a collection CSV was not read: its row (the header is row 1, as a
    spreadsheet numbers it) and its column's header, as the file writes it."""

    row: int
    column: str
    message: str

    def __str__(self) -> str:
        return f"row {self.row}, column {self.column}: {self.message}"


class CollectionRowsRefused(Exception):
    """A collection CSV with rows that cannot be read or name no card: every one is listed, and
    nothing of the file is stored."""

    def __init__(self, problems: Sequence[RowProblem]) -> None:
        super().__init__(f"{len(problems)} collection rows cannot be imported")
        self.problems = list(problems)


@dataclass(frozen=True)
class Imported:
    """What an import added: copies, and distinct cards (or printings) they were of."""

    copies: int
    rows: int


@transaction.atomic
def owned_import_text(*, owner: Viewer, game: Game, text: str) -> Imported:
    """Add the cards of a pasted list (any decklist the deck import reads, sections ignored) to
    the user's collection. DecklistUnreadable and InvalidEntries (with line numbers) refuse it
    whole, as they refuse a deck import."""
    user = _user(owner)
    parsed = parse_decklist(text, game.spec)
    if parsed.problems:
        raise DecklistUnreadable(parsed.problems)
    lines = entries_resolve(game=game, refs=parsed.entries, owner=user)
    existing = _owned_rows(user)
    over = _over_cap(existing, lines)
    if over:
        raise InvalidEntries(over)
    return _add(user, existing, lines)


@transaction.atomic
def owned_import_csv(*, owner: Viewer, game: Game, text: str) -> Imported:
    """Add the rows of a collection CSV with a header (CSV_COLUMNS) to the user's collection.
    CollectionRowsRefused lists every row that cannot be read or names no card, by row and
    column, and nothing is stored."""
    user = _user(owner)
    try:
        reader = csv_rows(text)
        header = reader.fieldnames or []
    except csv.Error as exc:
        raise CollectionRowsRefused([RowProblem(1, "header", f"is not CSV: {exc}")]) from None
    columns = _columns(header)
    refs, problems = _csv_refs(reader, columns, game)
    if problems:
        raise CollectionRowsRefused(problems)
    try:
        lines = entries_resolve(game=game, refs=refs, owner=user)
    except InvalidEntries as exc:
        raise CollectionRowsRefused(
            [
                RowProblem(
                    problem.ref.line or 0, _column_of(problem.field, columns), problem.message
                )
                for problem in exc.problems
            ]
        ) from None
    existing = _owned_rows(user)
    over = _over_cap(existing, lines)
    if over:
        raise CollectionRowsRefused(
            [RowProblem(p.ref.line or 0, columns["quantity"], p.message) for p in over]
        )
    return _add(user, existing, lines)


def _user(owner: Viewer) -> User:
    if owner is None or not owner.is_authenticated:
        raise SignInNeeded
    return owner  # type: ignore[return-value]  # an authenticated viewer is a User


def _columns(header: Sequence[str]) -> dict[str, str]:
    """Each of quantity, name, set and number mapped to the header naming it (set and number
    optional); CollectionRowsRefused (row 1) when quantity or name has no column."""
    folded = {" ".join(column.lower().replace("_", " ").split()): column for column in header}
    columns: dict[str, str] = {}
    for wanted, names in CSV_COLUMNS.items():
        found = next((folded[name] for name in names if name in folded), None)
        if found is not None:
            columns[wanted] = found
    lacking = [wanted for wanted in ("quantity", "name") if wanted not in columns]
    if lacking:
        said = "; ".join(f"{w}: one of {', '.join(CSV_COLUMNS[w])}" for w in lacking)
        raise CollectionRowsRefused([RowProblem(1, "header", f"needs a column for each of {said}")])
    return columns


def _csv_refs(
    reader: csv.DictReader, columns: dict[str, str], game: Game
) -> tuple[list[EntryRef], list[RowProblem]]:
    section = game.spec.sections[0].slug  # a collection has no sections
    refs: list[EntryRef] = []
    problems: list[RowProblem] = []
    try:
        for row_number, row in enumerate(reader, start=2):
            cells = {
                wanted: cell_read((row.get(column) or "").strip())
                for wanted, column in columns.items()
            }
            if not any(row.values()):
                continue  # a blank line
            quantity = cells["quantity"]
            if not quantity.isdigit() or not 1 <= int(quantity[:6]) <= MAX_OWNED:
                problems.append(
                    RowProblem(
                        row_number,
                        columns["quantity"],
                        f"{quantity!r} is not a count; a count is a whole number from 1 to "
                        f"{MAX_OWNED}",
                    )
                )
                continue
            if not cells["name"]:
                problems.append(RowProblem(row_number, columns["name"], "names no card"))
                continue
            set_code, number = cells.get("set") or None, cells.get("number") or None
            if (set_code is None) != (number is None):
                set_code = number = None  # a printing needs both; the card alone is still known
            refs.append(
                EntryRef(
                    section=section,
                    quantity=int(quantity),
                    name=cells["name"],
                    set=set_code,
                    number=number,
                    line=row_number,
                )
            )
    except csv.Error as exc:
        problems.append(RowProblem(reader.line_num, "file", f"is not CSV: {exc}"))
    return refs, problems


def _column_of(field: str, columns: dict[str, str]) -> str:
    """The CSV column an entry problem's field (decks.resolution.EntryProblem) was read from."""
    if field == "number":
        return columns.get("number", columns["name"])
    return columns.get(field, columns["name"])


def _merged(lines: Sequence[DeckLine]) -> dict[tuple[int, int | None], int]:
    """Copies per (card, printing), sections merged."""
    counts: dict[tuple[int, int | None], int] = defaultdict(int)
    for line in lines:
        counts[(line.card.pk, line.printing.pk if line.printing else None)] += line.quantity
    return counts


def _owned_rows(user: User) -> dict[tuple[int, int | None], OwnedCard]:
    """The user's rows by (card, printing), locked until the import's transaction ends."""
    return {
        (row.card_id, row.printing_id): row
        for row in OwnedCard.objects.select_for_update().filter(owner=user)
    }


def _over_cap(
    existing: dict[tuple[int, int | None], OwnedCard], lines: Sequence[DeckLine]
) -> list[EntryProblem]:
    """The lines whose card (and printing) would pass MAX_OWNED with what is owned already,
    each as an EntryProblem of its quantity (the deck import's, so its 400 says it alike)."""
    owned = {key: row.quantity for key, row in existing.items()}
    totals = _merged(lines)
    over = []
    for index, line in enumerate(lines):
        key = (line.card.pk, line.printing.pk if line.printing else None)
        total = totals[key] + owned.get(key, 0)
        if total > MAX_OWNED:
            ref = EntryRef(section=line.section, quantity=line.quantity, name=line.card.name)
            over.append(
                EntryProblem(
                    index,
                    ref,
                    "quantity",
                    f"{line.card.name} would be owned {total} times; a collection counts at "
                    f"most {MAX_OWNED} of a card or printing",
                )
            )
            totals[key] = 0  # said once
    return over


def _add(
    user: User, existing: dict[tuple[int, int | None], OwnedCard], lines: Sequence[DeckLine]
) -> Imported:
    """Add the lines' copies to the collection: rows of the same card and printing summed, new
    rows inserted and the others raised, each in one executemany. Not bulk_create and
    bulk_update: building their SQL took 2 of a 20,000-copy import's 6 s (bench/collection.py);
    psycopg sends an executemany as one pipeline."""
    table = OwnedCard._meta.db_table
    created, changed = [], []
    counts = _merged(lines)
    for (card_id, printing_id), quantity in counts.items():
        row = existing.get((card_id, printing_id))
        if row is None:
            created.append((user.pk, card_id, printing_id, quantity))
        else:
            changed.append((row.quantity + quantity, row.pk))
    with connection.cursor() as cursor:
        if created:
            cursor.executemany(
                f"INSERT INTO {table} (owner_id, card_id, printing_id, quantity) "
                "VALUES (%s, %s, %s, %s)",
                created,
            )
        if changed:
            cursor.executemany(f"UPDATE {table} SET quantity = %s WHERE id = %s", changed)
    return Imported(copies=sum(counts.values()), rows=len(counts))


@dataclass(frozen=True, slots=True)
class MissingCard:
    """A card of the deck: how many copies it needs (every section and printing summed), how
    many the reader owns (every printing summed) and how many they lack."""

    name: str
    card_id: int | None
    needed: int
    owned: int

    @property
    def missing(self) -> int:
        return max(self.needed - self.owned, 0)


@dataclass(frozen=True)
class DeckMissing:
    cards: list[MissingCard]

    @property
    def needed(self) -> int:
        return sum(card.needed for card in self.cards)

    @property
    def missing(self) -> int:
        return sum(card.missing for card in self.cards)

    @property
    def lacking(self) -> list[MissingCard]:
        return [card for card in self.cards if card.missing]


def deck_missing(*, deck: Deck, viewer: Viewer) -> DeckMissing:
    """What this reader lacks of the deck (as they may read it: a card private to its author is
    "a private card", which nobody else owns) against their own collection. Cards in deck order.
    Any printing of a card counts toward it: printings play alike."""
    _user(viewer)
    needed: dict[int | str, int] = {}
    names: dict[int | str, tuple[str, int | None]] = {}
    for line in deck_lines(deck=deck, viewer=viewer):
        key: int | str = line.card.pk if line.card.pk is not None else identity(PRIVATE_CARD)
        needed[key] = needed.get(key, 0) + line.quantity
        names.setdefault(key, (line.card.name, line.card.pk))
    owned = owned_counts(owner=viewer, card_ids=[key for key in needed if isinstance(key, int)])
    return DeckMissing(
        [
            MissingCard(
                name=names[key][0],
                card_id=names[key][1],
                needed=count,
                owned=owned.get(key, 0) if isinstance(key, int) else 0,
            )
            for key, count in needed.items()
        ]
    )


def missing_refs(missing: DeckMissing, game: Game) -> list[EntryRef]:
    """The cards lacking as a decklist's entries (in the game's first section): the list to buy
    or trade for, written with rulebook.core.decklist.write_decklist."""
    section = game.spec.sections[0].slug
    return [
        EntryRef(section=section, quantity=card.missing, name=card.name, id=card.card_id)
        for card in missing.lacking
    ]
