"""Store each card's full-text vector (Card.text_vector, a generated column) and index it.

On PostgreSQL the GIN index moves from the expression `to_tsvector('english', text)` (0002) to
the stored column: a search then compares stored vectors instead of parsing every candidate
card's text again. On SQLite the column is always NULL and carries no index.
"""

import django.contrib.postgres.search
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import migrations, models

import cards.fulltext

EXPRESSION_INDEX = GinIndex(SearchVector("text", config="english"), name="card_text_fts")
COLUMN_INDEX = GinIndex(fields=["text_vector"], name="card_text_vector")


def index_the_column(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    card = apps.get_model("cards", "Card")
    schema_editor.remove_index(card, EXPRESSION_INDEX)
    schema_editor.add_index(card, COLUMN_INDEX)


def index_the_expression(apps, schema_editor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    card = apps.get_model("cards", "Card")
    schema_editor.remove_index(card, COLUMN_INDEX)
    schema_editor.add_index(card, EXPRESSION_INDEX)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0003_search_tuning"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="text_vector",
            field=models.GeneratedField(
                db_persist=True,
                expression=cards.fulltext.RulesTextVector(),
                output_field=django.contrib.postgres.search.SearchVectorField(),
            ),
        ),
        migrations.RunPython(index_the_column, index_the_expression),
    ]
