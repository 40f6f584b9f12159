"""A job submitted while the broker is down is not kept: the client gets a 503 JSON error
saying to retry (it was a 500, and the job sat "queued" until a worker restarted)."""

from __future__ import annotations

import pytest

from jobs.models import SimulationChunk, SimulationJob
from tests.faults.brokers import REFUSING, broker_at

from .conftest import inline


@pytest.fixture
def broker_down(monkeypatch):
    """The Celery app pointed at a broker that refuses connections, then back."""
    with broker_at(REFUSING, monkeypatch):
        yield


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
