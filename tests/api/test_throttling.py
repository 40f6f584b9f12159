"""Rate limits: anonymous clients per address, users per account, password checks strictest;
a throttled request answers 429 in the API's error shape with Retry-After."""

import pytest
from rest_framework.test import APIClient

from api.throttling import LOGIN_SCOPE
from tests.api.test_errors import assert_error_shape

HEALTH = "/api/v1/games/"  # any throttled read (health is never throttled)
TOKEN = "/api/v1/auth/token/"


@pytest.fixture
def rates(settings):
    """Set some rates (the suite runs with none): rates(anon="2/minute")."""

    def set_rates(**scoped: str) -> None:
        current = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {**current, **scoped},
        }

    return set_rates


def test_it_throttles_an_anonymous_client_with_a_json_429_and_retry_after(api, db, rates):
    rates(anon="2/minute")
    assert [api.get(HEALTH).status_code for _ in range(2)] == [200, 200]
    response = api.get(HEALTH)
    assert_error_shape(response, 429, "throttled")
    assert 0 < int(response["Retry-After"]) <= 60


def test_it_counts_anonymous_clients_by_address_not_by_a_forwarded_for_header(api, db, rates):
    rates(anon="1/minute")
    assert api.get(HEALTH, REMOTE_ADDR="10.0.0.1").status_code == 200
    assert api.get(HEALTH, REMOTE_ADDR="10.0.0.2").status_code == 200
    spoofed = api.get(HEALTH, REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="10.9.9.9")
    assert spoofed.status_code == 429


def test_it_counts_each_user_apart_from_anonymous_clients(alice_api, charlie_api, api, rates):
    rates(anon="1/minute", user="2/minute")
    assert [alice_api.get(HEALTH).status_code for _ in range(3)] == [200, 200, 429]
    assert charlie_api.get(HEALTH).status_code == 200
    assert api.get(HEALTH).status_code == 200


def test_it_throttles_password_guesses_at_the_token_endpoint(alice, rates):
    """200 wrong passwords in a row were all 400s: the login scope stops them early, and the
    right password does not get past the limit either."""
    rates(**{LOGIN_SCOPE: "3/minute"})
    client = APIClient()
    wrong = {"username": "alice", "password": "guess"}
    codes = [client.post(TOKEN, wrong, format="json").status_code for _ in range(4)]
    assert codes == [400, 400, 400, 429]
    right = client.post(TOKEN, {"username": "alice", "password": "password"}, format="json")
    assert_error_shape(right, 429, "throttled")
    assert "Retry-After" in right


def test_it_gives_a_token_within_the_login_rate(alice, rates):
    rates(**{LOGIN_SCOPE: "3/minute"})
    body = {"username": "alice", "password": "password"}
    assert APIClient().post(TOKEN, body, format="json").status_code == 200


def test_an_anonymous_request_is_counted_once(api, db, rates):
    """Issue 25, item 7: DRF's user throttle counted anonymous requests too, per address, so
    each cost two cache writes (two files written and renamed with the default cache)."""
    from django.core.cache import cache

    rates(anon="100/minute", user="1000/minute")
    assert api.get(HEALTH).status_code == 200
    assert len(cache.get("throttle_anon_127.0.0.1")) == 1
    assert cache.get("throttle_user_127.0.0.1") is None


def test_a_guessers_tries_at_one_name_leave_the_others_at_its_address_their_tokens(db, rates):
    """Issue 43, item 3: the login limit counted per address, so one guesser's tries refused
    every player behind the same address a token; it counts per username and address."""
    from django.contrib.auth import get_user_model

    rates(**{LOGIN_SCOPE: "3/minute"})
    get_user_model().objects.create_user("bob", password="password")
    client = APIClient()
    wrong = {"username": "alice", "password": "guess"}
    assert [client.post(TOKEN, wrong, format="json").status_code for _ in range(4)][-1] == 429
    bob = client.post(TOKEN, {"username": "bob", "password": "password"}, format="json")
    assert bob.status_code == 200


def test_a_request_costs_its_operation_reads_cheap_queued_work_dear(api, db, rates):
    """Issue 43, item 3: one count for any request let a client queue as many jobs as it read
    pages; a job costs QUEUES_WORK of the budget, a read READ, another write WRITE."""
    from django.core.cache import cache

    from api.throttling import QUEUES_WORK, READ, WRITE

    rates(anon="1000/minute")
    api.get(HEALTH)
    api.post("/api/v1/validate/", {"game": "neopets", "text": ""}, format="json")
    api.post("/api/v1/simulations/", {"game": "neopets"}, format="json")
    assert len(cache.get("throttle_anon_127.0.0.1")) == READ + WRITE + QUEUES_WORK


def test_a_job_that_does_not_fit_the_budget_is_refused_while_reads_still_fit(api, db, rates):
    from api.throttling import QUEUES_WORK

    rates(anon=f"{QUEUES_WORK + 1}/minute")
    assert api.get(HEALTH).status_code == 200
    assert api.get(HEALTH).status_code == 200
    refused = api.post("/api/v1/simulations/", {"game": "neopets"}, format="json")
    assert_error_shape(refused, 429, "throttled")
    assert 0 < int(refused["Retry-After"]) <= 60
