"""PostgreSQL indexes that make the catalogue's search paths index scans (see bench/search.py).

- a text_pattern_ops B-tree on UPPER(name) including name: autocomplete's prefix match
  (`LIKE 'ABC%'`) as an index-only range scan;
- a partial expression index per numeric attribute, on exactly what the search language
  compares: `(attributes ->> 'hp')::integer` where the card has `hp`.

Other databases get none of these. (A GiST trigram index for nearest-name ordering was tried
and dropped: on 100,000 cards it was several times slower than the GIN index of 0002.)
"""

from django.contrib.postgres.indexes import OpClass
from django.db import migrations, models
from django.db.models import IntegerField, Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Upper

# Every numeric attribute of every game when this migration was written; a game that adds one
# adds a migration with its index (0015 made them columns: tests/catalogue/test_stat_columns.py).
NUMERIC_ATTRIBUTES = (
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


def stat_index(attribute: str) -> models.Index:
    """The index of cards.search.compiler.comparison_q's expression for one attribute."""
    return models.Index(
        Cast(KT(f"attributes__{attribute}"), IntegerField()),
        condition=Q(attributes__has_key=attribute),
        name=f"card_stat_{attribute}"[:30],
    )


def _postgres_indexes() -> list[models.Index]:
    return [
        models.Index(
            OpClass(Upper("name"), name="text_pattern_ops"),
            name="card_name_prefix",
            include=["name"],
        ),
        *(stat_index(attribute) for attribute in NUMERIC_ATTRIBUTES),
    ]


def add_postgres_indexes(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    card = apps.get_model("cards", "Card")
    for index in _postgres_indexes():
        schema_editor.add_index(card, index)


def remove_postgres_indexes(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    card = apps.get_model("cards", "Card")
    for index in _postgres_indexes():
        schema_editor.remove_index(card, index)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0002_search_indexes"),
    ]

    operations = [
        migrations.RunPython(add_postgres_indexes, remove_postgres_indexes),
    ]
