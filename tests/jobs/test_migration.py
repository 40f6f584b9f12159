"""Moving the jobs from the rules app to their own changed Django's state only: a database made
before the move keeps every job and chunk, and the jobs' content types (with the permissions and
admin history that point at them)."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [
    ("rules", "0008_simulation_job_share_token"),
    ("contenttypes", "0002_remove_content_type_name"),
]


@pytest.mark.django_db(transaction=True)
def test_a_database_from_before_the_move_keeps_its_jobs_and_their_content_types():
    executor = MigrationExecutor(connection)
    executor.migrate([("jobs", None)])  # back to before the move (rules' 0009 goes with it)
    old = MigrationExecutor(connection).loader.project_state(BEFORE).apps
    # As the move found them: the jobs' content types were the rules app's.
    types = old.get_model("contenttypes", "ContentType").objects
    types.filter(app_label="jobs").update(app_label="rules")
    type_ids = dict(types.filter(app_label="rules").values_list("model", "pk"))
    game = old.get_model("cards", "Game").objects.get(slug="neopets")
    job = old.get_model("rules", "SimulationJob").objects.create(
        game=game, kind="match", decks=[], games=10, seed=1, chunk_size=5, share_token="shared"
    )
    old.get_model("rules", "SimulationChunk").objects.create(
        job=job, index=0, first_game=0, count=5
    )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    from jobs.models import SimulationJob

    moved = SimulationJob.objects.get(pk=job.pk)
    assert (moved.share_token, moved.chunks.get().count) == ("shared", 5)
    ContentType.objects.clear_cache()
    assert ContentType.objects.get_for_model(SimulationJob).pk == type_ids["simulationjob"]
    assert not ContentType.objects.filter(app_label="rules", model__startswith="simulation")
