"""The test-game jobs move here from the rules app: in Django's state only.

Their tables stay where the rules app's migrations made them (`db_table` keeps their names), so
nothing is copied, no row moves, and a database of any age keeps its jobs; rules' 0009 then
forgets the models on its side. The content types move too, so the admin's history and any
permission granted on jobs follow them.
"""

import django.db.models.deletion
import uuid
from django.conf import settings
from django.db import migrations, models


MOVED = ("simulationjob", "simulationchunk")


def move_content_types(apps, schema_editor, source="rules", target="jobs"):
    """The models' content type rows change app (ids kept), unless the target's exist already
    (a database on which they were made afresh): then the old ones are left to
    remove_stale_contenttypes."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    types = ContentType.objects.using(schema_editor.connection.alias)
    for model in MOVED:
        if not types.filter(app_label=target, model=model).exists():
            types.filter(app_label=source, model=model).update(app_label=target)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="jobs", target="rules")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('cards', '0001_initial'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('rules', '0008_simulation_job_share_token'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='SimulationJob',
                    fields=[
                        ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                        ('kind', models.CharField(choices=[('match', 'match'), ('table', 'table'), ('card_test', 'card test'), ('doctor', 'deck doctor')], help_text='What the job is, said when it was made: a match (two decks), a table (2 to 5 decks at one table) or a card test (the deck with the card, without it, the reference). It decides how its chunks are played and what its result holds.', max_length=10)),
                        ('decks', models.JSONField(help_text='The decks as resolved at submission, cards included, so later edits to a stored deck or a card do not change a job.')),
                        ('options', models.JSONField(blank=True, default=dict, help_text="The engine's options the job chose, e.g. the Millennium Blades Store.")),
                        ('doctor', models.JSONField(blank=True, help_text='A deck doctor job only: its swaps, field and rounds so far (decks holds the deck, its opponents, then each swapped deck).', null=True)),
                        ('games', models.PositiveIntegerField()),
                        ('seed', models.BigIntegerField()),
                        ('chunk_size', models.PositiveIntegerField()),
                        ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed'), ('cancelled', 'Cancelled')], default='queued', max_length=10)),
                        ('done', models.PositiveIntegerField(default=0, help_text='Games played and recorded.')),
                        ('result', models.JSONField(blank=True, null=True)),
                        ('error', models.TextField(blank=True, default='')),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('started', models.DateTimeField(blank=True, null=True)),
                        ('finished', models.DateTimeField(blank=True, null=True)),
                        ('client', models.CharField(blank=True, default='', help_text="Who queued it, for the limits on queued games: user:<id>, or for an anonymous job addr:<a keyed hash of the client's address> (the address is not kept).", max_length=80)),
                        ('priority', models.PositiveSmallIntegerField(default=0, help_text="Its chunks' queue priority, 0 first: lower for anonymous jobs and for a client with many games queued, so a flood does not starve others.")),
                        ('cancel_key_hash', models.CharField(blank=True, default='', help_text='sha256 of the key that cancels an anonymous job (given once, to whoever submitted it).', max_length=64)),
                        ('share_token', models.CharField(blank=True, default=None, help_text='Set while its owner shares the result by link: an unguessable name under which anyone may read it (jobs.selectors.simulation_get); empty when not shared.', max_length=32, null=True, unique=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='cards.game')),
                        ('owner', models.ForeignKey(blank=True, help_text='Empty for an anonymous job, which anyone holding its id may read.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='simulation_jobs', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'rules_simulationjob',
                        'ordering': ['-created'],
                    },
                ),
                migrations.CreateModel(
                    name='SimulationChunk',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('index', models.PositiveIntegerField()),
                        ('first_game', models.PositiveIntegerField()),
                        ('count', models.PositiveIntegerField()),
                        ('status', models.CharField(choices=[('pending', 'Pending'), ('running', 'Running'), ('done', 'Done')], default='pending', max_length=10)),
                        ('result', models.JSONField(blank=True, help_text="The chunk's mergeable statistics, of its job's kind (jobs.kinds).", null=True)),
                        ('attempts', models.PositiveIntegerField(default=0, help_text='Times the chunk was claimed.')),
                        ('claimed_at', models.DateTimeField(blank=True, null=True)),
                        ('worker', models.CharField(blank=True, default='', max_length=200)),
                        ('queued_at', models.DateTimeField(blank=True, help_text='When its task was last sent: a pending chunk sent long ago whose task is no longer in the queue was lost by the broker, and is sent again.', null=True)),
                        ('job', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chunks', to='jobs.simulationjob')),
                    ],
                    options={
                        'db_table': 'rules_simulationchunk',
                        'ordering': ['job', 'index'],
                    },
                ),
                migrations.AddIndex(
                    model_name='simulationjob',
                    index=models.Index(fields=['client', 'status'], name='simulation_job_client'),
                ),
                migrations.AddConstraint(
                    model_name='simulationjob',
                    constraint=models.CheckConstraint(condition=models.Q(('done__lte', models.F('games'))), name='simulation_done_within_games'),
                ),
                migrations.AddIndex(
                    model_name='simulationchunk',
                    index=models.Index(fields=['job', 'status'], name='simulation_chunk_job_status'),
                ),
                migrations.AddConstraint(
                    model_name='simulationchunk',
                    constraint=models.UniqueConstraint(fields=('job', 'index'), name='simulation_chunk_unique_index'),
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
