"""The numeric attributes become stored generated columns (cards/stat_columns.py), each with a
partial index holding what the privacy rule reads, and the catalogue-order index carries them
all: a stat search's count and page of ids are read from indexes alone on PostgreSQL.

They replace migration 0003's partial expression indexes (same names), which PostgreSQL 15
could only use by visiting each card's row. The attribute list is this migration's own: a
later one adds a column for a new attribute.
"""

import importlib

from django.conf import settings
from django.db import migrations, models
from django.db.models import Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

search_tuning = importlib.import_module("cards.migrations.0003_search_tuning")

ATTRIBUTES = (
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


def _expression_indexes(change: str):
    """A RunPython step that removes or adds (`change`: the schema editor's method) migration
    0003's expression indexes, which exist only on PostgreSQL."""

    def run(apps, schema_editor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        card = apps.get_model("cards", "Card")
        for attribute in search_tuning.NUMERIC_ATTRIBUTES:
            getattr(schema_editor, change)(card, search_tuning.stat_index(attribute))

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0014_card_picture_beside_the_row"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(model_name="card", name="card_catalogue_order"),
        migrations.RunPython(_expression_indexes("remove_index"), _expression_indexes("add_index")),
        *(
            migrations.AddField(
                model_name="card",
                name=f"stat_{attribute}",
                field=models.GeneratedField(
                    db_persist=True,
                    expression=Cast(KT(f"attributes__{attribute}"), models.IntegerField()),
                    output_field=models.IntegerField(),
                    null=True,
                ),
            )
            for attribute in ATTRIBUTES
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                fields=["name", "key", "id"],
                include=("owner", "shared", *(f"stat_{attribute}" for attribute in ATTRIBUTES)),
                name="card_catalogue_order",
            ),
        ),
        *(
            migrations.AddIndex(
                model_name="card",
                index=models.Index(
                    fields=[f"stat_{attribute}"],
                    include=("owner", "shared"),
                    condition=Q(**{f"stat_{attribute}__isnull": False}),
                    name=f"card_stat_{attribute}",
                ),
            )
            for attribute in ATTRIBUTES
        ),
    ]
