# A registration's hash is its list's (the cards only), so identical lists under different names
# share it (issue 17, item 6): existing registrations are hashed again from their locked version.

from django.db import migrations, models

from decks.snapshots import list_hash


def hash_the_lists(apps, schema_editor):
    Registration = apps.get_model("events", "Registration")
    for registration in Registration.objects.select_related("deck_version").iterator():
        registration.content_hash = list_hash(registration.deck_version.snapshot)
        registration.save(update_fields=["content_hash"])


class Migration(migrations.Migration):

    dependencies = [
        ('events', '0001_initial'),
    ]

    operations = [
        migrations.AlterField(
            model_name='registration',
            name='content_hash',
            field=models.CharField(help_text='The locked list\'s hash: of its cards only (decks.snapshots.list_hash), so identical lists under different names have the same hash.', max_length=64),
        ),
        migrations.RunPython(hash_the_lists, migrations.RunPython.noop),
    ]
