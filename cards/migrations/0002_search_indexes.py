"""Indexes for card search.

On PostgreSQL: the pg_trgm extension, a trigram GIN index on UPPER(name) (what Django's
icontains/istartswith compare, and what fuzzy lookups compare by similarity), and a GIN index on
the full-text vector of the rules text that `o:` searches. Other databases get none of these;
their search is a plain scan, which is fine at their scale.
"""

from django.contrib.postgres.indexes import GinIndex, OpClass
from django.contrib.postgres.operations import TrigramExtension
from django.contrib.postgres.search import SearchVector
from django.db import migrations, models
from django.db.models.functions import Upper


def _postgres_indexes() -> list[GinIndex]:
    return [
        GinIndex(OpClass(Upper("name"), name="gin_trgm_ops"), name="card_name_trgm"),
        # Replaced in 0004 by an index on the stored Card.text_vector.
        GinIndex(SearchVector("text", config="english"), name="card_text_fts"),
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
        ("cards", "0001_initial"),
    ]

    operations = [
        TrigramExtension(),
        migrations.RunPython(add_postgres_indexes, remove_postgres_indexes),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["name", "key", "id"], name="card_catalogue_order"),
        ),
    ]
