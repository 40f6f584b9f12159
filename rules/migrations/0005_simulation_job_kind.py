"""A job says what it is (`kind`): existing jobs of three decks were card tests, the rest
matches, as the number of decks used to be read."""

from django.db import migrations, models

BATCH = 500


def fill_kinds(apps, schema_editor):
    """Jobs of three decks are card tests (the field was added as "match" for every job)."""
    SimulationJob = apps.get_model("rules", "SimulationJob")
    card_tests = [
        pk
        for pk, decks in SimulationJob.objects.values_list("pk", "decks").iterator()
        if len(decks) == 3
    ]
    for start in range(0, len(card_tests), BATCH):
        SimulationJob.objects.filter(pk__in=card_tests[start : start + BATCH]).update(
            kind="card_test"
        )


class Migration(migrations.Migration):

    dependencies = [
        ('rules', '0004_simulation_job_queue_limits'),
    ]

    operations = [
        migrations.AddField(
            model_name='simulationjob',
            name='kind',
            field=models.CharField(choices=[('match', 'match'), ('table', 'table'), ('card_test', 'card test')], default='match', help_text='What the job is, said when it was made: a match (two decks), a table (2 to 5 decks at one table) or a card test (the deck with the card, without it, the reference). It decides how its chunks are played and what its result holds.', max_length=10),
            preserve_default=False,
        ),
        migrations.RunPython(fill_kinds, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='simulationjob',
            name='decks',
            field=models.JSONField(help_text='The decks as resolved at submission, cards included, so later edits to a stored deck or a card do not change a job.'),
        ),
    ]
