"""Each numeric attribute of the games as an integer column of the card row, which the search
language's stat comparisons (`hp>=8`) and `order:` read.

The columns are stored generated columns: the database writes `(attributes ->> 'hp')::integer`
(NULL where the card lacks the attribute) with every write of the row, whatever writes it (a
save, an import's bulk_create, a queryset update, a curated release), so no copy can drift.

Why columns rather than expressions over `attributes` (migration 0003's expression indexes):
PostgreSQL 15 answers from an index alone only what the index holds as columns, never an
expression's value. A plain column can ride in the catalogue-order index (card_catalogue_order,
which holds them all) and in its own small index: a stat search's count and its page of ids in
catalogue order are then read from indexes without visiting the card rows (bench/search.py:
`hp>=12` on 100,000 cards read 11,700 pages, mostly of the table; now 159, of the two indexes).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

# Every numeric attribute of the games in this repository (tests/catalogue/test_stat_columns.py
# checks this list against the rules registry): a game here adding one adds its column and index
# in a migration; a plugin game's own attribute is searched as an expression (has_stat_column).
STAT_ATTRIBUTES = (
    "agility",
    "attack",
    "cost",
    "defence",
    "defense",
    "edition",
    "hp",
    "level",
    "lp",
    "offense",
    "spellbook_limit",
    "stars",
)


def stat_column(attribute: str) -> str:
    """The card column holding a numeric attribute: `hp` is `stat_hp`."""
    return f"stat_{attribute}"


def has_stat_column(attribute: str) -> bool:
    """Whether the attribute has its column. A game added as a plugin (rulebook.registry: a
    package and a line, no migration) may bring numeric attributes of its own: those are read
    from `attributes` as an expression (`stat_expression`), slower but the same answers."""
    return attribute in STAT_ATTRIBUTES


def stat_expression(attribute: str) -> Cast:
    """The attribute's value as an integer, computed from `attributes` by the query (NULL where
    the card lacks it): what each stat column stores."""
    return Cast(KT(f"attributes__{attribute}"), models.IntegerField())


STAT_COLUMNS = tuple(stat_column(attribute) for attribute in STAT_ATTRIBUTES)


def stat_field(attribute: str) -> models.GeneratedField:
    """The attribute's value as an integer, written by the database with the row; NULL (null,
    so that a negated comparison holds for a card lacking it) where the card lacks it."""
    return models.GeneratedField(
        expression=stat_expression(attribute),
        output_field=models.IntegerField(),
        db_persist=True,
        null=True,
    )


def stat_index(attribute: str) -> models.Index:
    """The cards having the attribute, by its value, with what the privacy rule reads: a stat
    search's capped count from the index alone (PostgreSQL; SQLite has no INCLUDE)."""
    column = stat_column(attribute)
    return models.Index(
        fields=[column],
        include=["owner", "shared"],
        condition=Q(**{f"{column}__isnull": False}),
        name=f"card_{column}",
    )
