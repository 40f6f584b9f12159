"""A job says what it is (SimulationJob.kind), set by the service that makes it: a match, a
table or a card test; its kind, never its number of decks, decides how its chunks are played
and what its result holds."""

from __future__ import annotations

import dataclasses
from importlib import import_module

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from basics.errors import InvalidRequest
from cards.models import Game
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from jobs.services.test_games import simulation_create
from jobs.tasks import run_simulation_chunk  # noqa: F401 (the task the service sends)
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES
from rulebook.simulation import ENGINES, JobKind
from tests.rulebook.core.dice_table import DICE_ENGINE

STRONG, WEAK = NEOPETS_SAMPLES.entries("strong"), NEOPETS_SAMPLES.entries("weak")


def create(captured, **job) -> SimulationJob:
    with captured():
        return simulation_create(owner=None, game="neopets", games=12, seed=5, **job)


def run(job: SimulationJob) -> SimulationJob:
    for chunk in job.chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="test")
    job.refresh_from_db()
    return job


def test_a_match_and_a_card_test_say_what_they_are(
    neopets_cards, django_capture_on_commit_callbacks
):
    match = run(create(django_capture_on_commit_callbacks, decks=[STRONG, WEAK]))
    card_test = run(
        create(
            django_capture_on_commit_callbacks,
            kind=JobKind.CARD_TEST,
            decks=[STRONG, WEAK, STRONG],
            chunk_size=5,
        )
    )
    assert (match.kind, card_test.kind) == ("match", "card_test")
    assert "difference" not in match.result and len(match.result["wins"]) == 2
    assert card_test.result["difference"]["pairs"] and card_test.result["games"] == 12


def test_a_three_deck_match_is_refused_not_taken_for_a_card_test(
    neopets_cards, django_capture_on_commit_callbacks
):
    with pytest.raises(InvalidRequest) as refused:
        create(django_capture_on_commit_callbacks, decks=[STRONG, WEAK, STRONG])
    assert refused.value.field == "decks"
    assert "a match is played with 2 decks, not 3" in refused.value.message
    assert not SimulationJob.objects.exists()


def test_a_kind_the_engine_does_not_play_is_refused(
    neopets_cards, django_capture_on_commit_callbacks
):
    with pytest.raises(InvalidRequest) as refused:
        create(django_capture_on_commit_callbacks, kind=JobKind.TABLE, decks=[STRONG] * 3)
    assert refused.value.field == "game"
    assert not SimulationJob.objects.exists()


def test_a_three_deck_table_is_played_and_counted_as_a_table(
    neopets_cards, django_capture_on_commit_callbacks, monkeypatch
):
    """Given an engine that seats three (the tests' dice table, each deck a handicap of 0), a
    job of three decks that says it is a table is played at one table and counted per seat."""
    table = dataclasses.replace(DICE_ENGINE, prepare=lambda deck: 0)
    monkeypatch.setitem(ENGINES, "neopets", table)
    job = run(
        create(
            django_capture_on_commit_callbacks,
            kind=JobKind.TABLE,
            decks=[STRONG, WEAK, STRONG],
            chunk_size=5,
        )
    )
    assert job.status == "done", job.error
    assert job.kind == "table"
    assert "difference" not in job.result
    assert len(job.result["wins"]) == 3
    assert sum(job.result["wins"]) + job.result["draws"] == 12


def test_the_migration_tells_the_card_tests_made_before_jobs_said_what_they_were(db):
    """rules/migrations/0005: the field came as "match" for every job; three decks were a card
    test. Run on the models as they were at that migration (the jobs app owns them now)."""
    state = MigrationLoader(connection).project_state(("rules", "0005_simulation_job_kind"))
    fill_kinds = import_module("rules.migrations.0005_simulation_job_kind").fill_kinds
    game = Game.objects.get(slug="neopets")
    jobs = [
        SimulationJob.objects.create(
            game=game, kind="match", decks=[{}] * decks, games=1, seed=1, chunk_size=1
        )
        for decks in (2, 3, 2, 3)
    ]
    fill_kinds(state.apps, None)
    assert [SimulationJob.objects.get(pk=job.pk).kind for job in jobs] == [
        "match", "card_test", "match", "card_test",
    ]  # fmt: skip
