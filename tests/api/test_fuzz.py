"""Schemathesis over every endpoint of the OpenAPI schema: whatever the schema allows, and
what it does not, is never answered with a 5xx. Runs on the suite's database (SQLite or
PostgreSQL) with a bounded number of examples per operation, so CI stays quick; the CLI runs
it at length against a live server (README, "Tests")."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig

from cards.models import Game
from decks.services import deck_create
from deckwarden.wsgi import application
from rules.neopets.sample_decks import sample_deck_entries
from rules.services.simulations import simulation_create

EXAMPLES = 10  # per operation and phase: about 30 operations in about a minute

schema = schemathesis.openapi.from_wsgi(
    "/api/v1/schema/?format=json",
    application,
    # The coverage phase's hundreds of boundary cases per operation are for the CLI's long run.
    config=SchemathesisConfig.from_dict({"phases": {"coverage": {"enabled": False}}}),
)


@dataclass
class Fixtures:
    token: str
    deck_id: int
    job_id: str


@pytest.fixture
def connection_kept():
    """Requests go straight to the WSGI application, whose request signals would close the
    database connection holding the test's transaction; Django's test client keeps it so."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


@pytest.fixture
def alice_things(alice, connection_kept) -> Fixtures:
    """Alice's token, the sample cards, a deck and a test-game job of hers: generated paths
    use their ids, which random ids would only ever miss (a 404 tests nothing)."""
    call_command("load_samples", verbosity=0)
    game = Game.objects.get(slug="neopets")
    deck = deck_create(owner=alice, game=game, name="Fuzzed", lines=[], visibility="unlisted")
    decks = [sample_deck_entries("strong"), sample_deck_entries("weak")]
    job = simulation_create(owner=alice, game=game.slug, decks=decks, games=10)
    return Fixtures(Token.objects.create(user=alice).key, deck.pk, str(job.pk))


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same examples every run: a failure is reproducible, never flaky
    suppress_health_check=list(HealthCheck),
)
@pytest.mark.django_db
def test_no_request_gets_a_server_error(case, alice_things):
    parameters = case.path_parameters or {}
    if "id" in parameters and case.path.startswith("/api/v1/decks/"):
        parameters["id"] = alice_things.deck_id
    if "job_id" in parameters:
        parameters["job_id"] = alice_things.job_id
    case.call_and_validate(
        headers={"Authorization": f"Token {alice_things.token}"}, checks=[not_a_server_error]
    )
