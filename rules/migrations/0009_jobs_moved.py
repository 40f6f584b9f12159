"""Test-game jobs belong to the jobs app now (jobs/migrations/0001_initial): the rules app
forgets its models in Django's state only; their tables, and every job, stay."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('rules', '0008_simulation_job_share_token'),
        ('jobs', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name='SimulationChunk'),
                migrations.DeleteModel(name='SimulationJob'),
            ],
        ),
    ]
