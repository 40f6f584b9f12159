"""A job submitted while the broker is down is not kept: the client gets a 503 JSON error
saying to retry (it was a 500, and the job sat "queued" until a worker restarted)."""

from __future__ import annotations

import pytest

from deckwarden.celery import app
from rules.models import SimulationChunk, SimulationJob

from .conftest import inline

REFUSING = "redis://127.0.0.1:1/0"  # nothing listens on port 1: connections are refused


@pytest.fixture
def broker_down(monkeypatch):
    """The Celery app pointed at a broker that refuses connections, then back."""
    kept = app.conf.broker_url
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)  # Celery reads it before its conf

    def point_at(url: str) -> None:
        app.conf.broker_url = url
        # Connections and producers are pooled per broker URL and made lazily: drop the app's
        # references (without closing the pools, which other tests' URLs share) to make new ones.
        app._pool = None
        app.amqp._producer_pool = None
        app.amqp._producer_pool = None

    point_at(REFUSING)
    yield
    point_at(kept)


@pytest.mark.django_db(transaction=True)
def test_it_answers_503_and_keeps_nothing_when_the_broker_refuses(api, neopets_cards, broker_down):
    body = {"game": "neopets", "decks": [inline("strong"), inline("weak")], "games": 100}
    response = api.post("/api/v1/simulations/", body, format="json")
    assert response.status_code == 503
    data = response.json()
    assert data["status"] == 503 and data["code"] == "service_unavailable"
    assert "again" in data["detail"]
    assert int(response["Retry-After"]) > 0
    assert not SimulationJob.objects.exists() and not SimulationChunk.objects.exists()
