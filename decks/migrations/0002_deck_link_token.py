"""Every deck gets an unguessable link token; existing decks get one each here."""

from django.db import migrations, models

import decks.models


def fill_link_tokens(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    for deck in Deck.objects.filter(link_token__isnull=True).only("pk"):
        deck.link_token = decks.models.new_link_token()
        deck.save(update_fields=["link_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0001_initial"),
    ]

    operations = [
        # Nullable first: a callable default would give every existing row the same token.
        migrations.AddField(
            model_name="deck",
            name="link_token",
            field=models.CharField(max_length=32, null=True, editable=False),
        ),
        migrations.RunPython(fill_link_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="deck",
            name="link_token",
            field=models.CharField(
                default=decks.models.new_link_token,
                editable=False,
                help_text="The deck's shareable address: ids can be counted, this cannot be guessed.",
                max_length=32,
                unique=True,
            ),
        ),
    ]
