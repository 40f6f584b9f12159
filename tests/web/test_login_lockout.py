"""Issue 25, item 2: nobody can lock out a venue or an account (basics/login_lockout.py), with
the default limits: a username and address pair locked after 10 failures, an address alone after
100, and a username guessed from many addresses slowed to a try a minute, except from the
addresses its owner has signed in from. On the website's log-in form, the admin's and
/api/v1/auth/token/ alike.

Before: AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"] counted each on its own, so ten
wrong passwords from a venue's one address locked every player there, and ten wrong passwords
from anywhere locked a named user out of everything for the cool-off."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.db.models import F
from django.test import Client
from rest_framework.test import APIClient

from api.throttling import WRITE

VENUE = "203.0.113.5"
HOME = "198.51.100.7"
PASSWORD = "password"


@pytest.fixture(autouse=True)
def default_limits(settings):
    settings.AXES_FAILURE_LIMIT = 10
    settings.DECKWARDEN_LOGIN_ADDRESS_FAILURE_LIMIT = 100
    settings.DECKWARDEN_LOGIN_USERNAME_SLOW_AFTER = 10
    settings.DECKWARDEN_LOGIN_USERNAME_SLOW_SECONDS = 60
    # Hundreds of password checks: a fast hash, as Django's testing docs advise.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def site_log_in(username: str, password: str, address: str) -> int:
    data = {"username": username, "password": password}
    return Client(REMOTE_ADDR=address).post("/accounts/login/", data).status_code


def admin_log_in(username: str, password: str, address: str) -> int:
    data = {"username": username, "password": password, "next": "/admin/"}
    return Client(REMOTE_ADDR=address).post("/admin/login/", data).status_code


def token(username: str, password: str, address: str):
    data = {"username": username, "password": password}
    return APIClient(REMOTE_ADDR=address).post("/api/v1/auth/token/", data, format="json")


def make_user(name: str, **extra):
    return get_user_model().objects.create_user(name, password=PASSWORD, **extra)


def seconds_pass(seconds: int) -> None:
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(seconds=seconds))


def test_one_guesser_at_a_venue_locks_out_none_of_its_15_players(db):
    players = [make_user(f"player{n}") for n in range(15)]
    organiser = make_user("organiser")
    assert site_log_in(organiser.username, PASSWORD, HOME) == 302  # signed in from home before
    # The guesser tries the organiser's password 12 times, and a few players' names besides,
    # all from the venue's one address (behind its NAT, as the players are).
    codes = [site_log_in("organiser", f"guess{n}", VENUE) for n in range(12)]
    assert codes[:9] == [200] * 9 and codes[9:] == [429] * 3
    for player in players[:5]:
        for n in range(5):
            assert site_log_in(player.username, f"guess{n}", VENUE) == 200
    # Every player logs in from the venue; the organiser from anywhere else.
    assert [site_log_in(p.username, PASSWORD, VENUE) for p in players] == [302] * 15
    assert token(players[0].username, PASSWORD, VENUE).status_code == 200
    assert site_log_in(organiser.username, PASSWORD, HOME) == 302
    # From an address the organiser never used, the guessing slows them for a minute at most.
    assert site_log_in(organiser.username, PASSWORD, "198.51.100.99") == 429
    seconds_pass(60)
    assert site_log_in(organiser.username, PASSWORD, "198.51.100.99") == 302
    # The guesser's pair stays locked: the right password from the venue waits the cool-off.
    assert site_log_in("organiser", PASSWORD, VENUE) == 429
    seconds_pass(15 * 60)
    assert site_log_in("organiser", PASSWORD, VENUE) == 302


def test_an_address_alone_is_locked_only_past_a_far_higher_count_across_usernames(db):
    player = make_user("player")
    for n in range(99):
        site_log_in(f"name{n % 20}", "guess", VENUE)  # 20 names, under 10 tries each
    assert site_log_in(player.username, PASSWORD, VENUE) == 302
    site_log_in("name0", "guess", VENUE)  # the 100th failure from the address
    assert site_log_in(player.username, PASSWORD, VENUE) == 429
    assert site_log_in(player.username, PASSWORD, HOME) == 302


def test_guessing_a_name_from_many_addresses_never_keeps_its_owner_out(db):
    organiser = make_user("organiser", is_staff=True)
    assert site_log_in("organiser", PASSWORD, HOME) == 302  # where they have signed in before
    # An attacker with many addresses: 10 wrong passwords, then a try every few seconds.
    codes = [site_log_in("organiser", "guess", f"192.0.2.{n}") for n in range(1, 16)]
    assert codes[:10] == [200] * 10  # each address under its pair's limit
    assert codes[10:] == [429] * 5  # then slowed: one try a minute for all of them together
    # The owner, from home: on the site, the admin and the API alike.
    assert site_log_in("organiser", PASSWORD, HOME) == 302
    assert admin_log_in("organiser", PASSWORD, HOME) == 302
    assert token("organiser", PASSWORD, HOME).status_code == 200
    # From a new address the owner is slowed too, not locked out: a minute at most.
    refused = token("organiser", PASSWORD, "192.0.2.200")
    assert refused.status_code == 429 and refused.json()["code"] == "locked_out"
    assert 0 < int(refused["Retry-After"]) <= 60
    seconds_pass(60)
    assert token("organiser", PASSWORD, "192.0.2.200").status_code == 200
    assert organiser.username == "organiser"


def test_slowed_guesses_are_not_counted_so_the_crawl_never_stops_the_owner(db):
    make_user("organiser")
    for n in range(10):
        site_log_in("organiser", "guess", f"192.0.2.{n}")
    for minute in range(20):  # past the cool-off: one admitted guess a minute, the rest refused
        seconds_pass(60)
        assert site_log_in("organiser", "guess", f"192.0.2.{100 + minute}") == 200
        assert site_log_in("organiser", "guess", f"192.0.2.{200 + minute}") == 429
    seconds_pass(60)
    assert site_log_in("organiser", PASSWORD, "192.0.2.250") == 302


def test_an_address_learns_it_is_trusted_from_a_token_log_in_too(db):
    make_user("organiser")
    assert token("organiser", PASSWORD, HOME).status_code == 200
    for n in range(10):
        site_log_in("organiser", "guess", f"192.0.2.{n}")
    assert site_log_in("organiser", PASSWORD, "192.0.2.99") == 429
    assert site_log_in("organiser", PASSWORD, HOME) == 302


def test_signing_in_costs_nothing_of_a_spent_anonymous_budget(db, settings):
    """Issue 43, item 3: the log-in forms counted towards the address's request budget, so
    players whose venue had spent it were refused log-in with 429; only the lock-out limits a
    log-in now."""
    one_write = f"{WRITE}/minute"
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": one_write}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    make_user("player")
    make_user("admin", is_staff=True)
    spent = Client(REMOTE_ADDR=VENUE).post("/decks/new/", {"game": "neopets", "name": "x"})
    assert spent.status_code != 429
    refused = Client(REMOTE_ADDR=VENUE).post("/decks/new/", {"game": "neopets", "name": "y"})
    assert refused.status_code == 429  # the address's budget is spent
    assert site_log_in("player", PASSWORD, VENUE) == 302
    assert admin_log_in("admin", PASSWORD, VENUE) == 302
    assert token("player", PASSWORD, VENUE).status_code == 200
