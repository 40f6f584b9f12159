"""Re-fold stored names: rulebook.core.identity now folds curly apostrophes and quotes, dashes and
invisible characters (issue 14), so a card stored as "Jhudora\u2019s Bluff" is found by
"Jhudora's Bluff". Only the rows whose folded name changes are written."""

from django.db import migrations

from rulebook.core.identity import identity


def refold_names(apps, schema_editor):
    Card = apps.get_model("cards", "Card")
    changed = []
    for card in Card.objects.only("id", "name", "folded_name").iterator(chunk_size=2000):
        folded = identity(card.name)
        if folded != card.folded_name:
            card.folded_name = folded
            changed.append(card)
    Card.objects.bulk_update(changed, ["folded_name"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0007_user_made_cards"),
    ]

    operations = [
        migrations.RunPython(refold_names, migrations.RunPython.noop),
    ]
