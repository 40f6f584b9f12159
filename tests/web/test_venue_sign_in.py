"""Issue 43, item 3: a venue can sign in. 100 players behind one forwarded address browse,
check a list each and sign in within two minutes while a guesser at the same address attacks
one of them: all 100 get in, the guesser does not.

Before: every website POST, the log-in form's included, cost one of the address's 120 a minute,
so players who had browsed and checked lists were refused log-in with 429; and the token
endpoint's `login` limit counted per address, so one guesser's 10 tries refused every player
there a token. Now a log-in costs nothing (the lock-out by username and address limits it),
the token endpoint counts per username and address, and the budget is counted in cost: a read
cheap, a list checked a little more, work queued for the workers dear (api/throttling.py)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework import throttling
from rest_framework.test import APIClient

from deckwarden import settings as deployed
from rulebook.samples import NEOPETS

PROXY = "10.0.0.1"  # the venue's traffic reaches the service through one proxy
VENUE = "203.0.113.5"  # the address every player and the guesser share, as the proxy says
PASSWORD = "password"
PLAYERS = 100
MINUTES = 2
GUESSES = 30  # one every four seconds, from the first to the last second


@pytest.fixture
def venue(settings, samples):
    """The limits as deployed (the suite turns them off), one trusted proxy, and a fast
    password hash for hundreds of checks."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": deployed.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        "NUM_PROXIES": 1,
    }
    settings.AXES_FAILURE_LIMIT = 10
    settings.DECKWARDEN_LOGIN_ADDRESS_FAILURE_LIMIT = 100
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class Clock:
    """The rate limits' clock (DRF's `timer`), moved by the test instead of waited for."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def behind_the_venue(client_class=Client):
    return client_class(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=VENUE)


def test_100_players_behind_one_address_all_sign_in_while_a_guesser_attacks_one(venue, monkeypatch):
    clock = Clock(1_000_000.0)
    monkeypatch.setattr(throttling.SimpleRateThrottle, "timer", clock)
    users = [
        get_user_model().objects.create_user(f"player{n}", password=PASSWORD)
        for n in range(PLAYERS)
    ]
    victim = users[2]  # signed in before the guesser's tenth try locks its name at the venue
    text = NEOPETS.text("strong")
    guesses: list[int] = []
    guesser_site, guesser_api = behind_the_venue(), behind_the_venue(APIClient)
    started = clock.now
    step = MINUTES * 60 / PLAYERS  # a player every 1.2 seconds
    for n, user in enumerate(users):
        clock.now = started + n * step
        while len(guesses) < GUESSES and len(guesses) * 4 <= clock.now - started:
            wrong = {"username": victim.username, "password": f"guess{len(guesses)}"}
            if len(guesses) % 2:
                guesses.append(guesser_site.post("/accounts/login/", wrong).status_code)
            else:
                answer = guesser_api.post("/api/v1/auth/token/", wrong, format="json")
                guesses.append(answer.status_code)
        site, api = behind_the_venue(), behind_the_venue(APIClient)
        # Browse: the site's pages and the API's card search.
        assert site.get("/").status_code == 200
        assert site.get("/cards/?game=neopets&q=Acara").status_code == 200
        assert api.get("/api/v1/cards/?game=neopets&q=Acara").status_code == 200
        # Check a list: half on the site (a scratch deck), half through the API.
        if n % 2:
            body = {"game": "neopets", "name": "Mine", "visibility": "private", "text": text}
            assert site.post("/decks/import/", body).status_code == 302, n
        else:
            answer = api.post("/api/v1/validate/", {"game": "neopets", "text": text}, format="json")
            assert answer.status_code == 200, (n, answer.content[:300])
        # Sign in: every player on the site, every tenth a token for a script besides.
        signed_in = site.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
        assert signed_in.status_code == 302, (n, signed_in.content[:300])
        if n % 10 == 0:
            body = {"username": user.username, "password": PASSWORD}
            answer = api.post("/api/v1/auth/token/", body, format="json")
            assert answer.status_code == 200, (n, answer.content[:300])
    assert clock.now - started < MINUTES * 60
    # The guesser: wrong passwords answered as such until the tenth, then locked out; not even
    # the right password gets in from here for the cool-off.
    assert len(guesses) == GUESSES
    assert set(guesses[:9]) <= {200, 400} and guesses[9:] == [429] * (GUESSES - 9)
    right = {"username": victim.username, "password": PASSWORD}
    assert guesser_site.post("/accounts/login/", right).status_code == 429
    assert guesser_api.post("/api/v1/auth/token/", right, format="json").status_code == 429
