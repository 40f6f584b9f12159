"""Website tests: the sample cards as `make run` loads them, and logged-in clients."""

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client

# the curation fixtures (Alice curates Neopets, a stored Omelette) for the curation pages' tests
from tests.curation.conftest import alice_curates, neopets, omelette  # noqa: F401


@pytest.fixture
def samples(db) -> None:
    """The sample cards (not the public sample decks, which tests/web/test_scratch_decks.py
    loads itself: the other tests count the decks they make)."""
    call_command("load_samples", "--cards-only", stdout=io.StringIO())


@pytest.fixture(autouse=True)
def fresh_attempt_counts():
    """Sign-up and log-in attempts are counted in the cache; each test starts from none."""
    cache.clear()
    yield
    cache.clear()


def _logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice_client(alice) -> Client:
    return _logged_in(alice)


@pytest.fixture
def charlie_client(charlie) -> Client:
    return _logged_in(charlie)


@pytest.fixture
def bob_client(bob) -> Client:
    return _logged_in(bob)
