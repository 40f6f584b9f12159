"""POST /api/v1/plays/, GET /api/v1/plays/{id}/, POST /api/v1/plays/{id}/answer/: a game
against the bot, played through the API (issue 42)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from jobs.models import Play

from .conftest import inline

URL = "/api/v1/plays/"


def start(client, **changes):
    body = {
        "game": "neopets",
        "deck": inline("strong"),
        "opponent": inline("weak"),
        "bot": "default",
        "seed": 7,
        **changes,
    }
    return client.post(URL, body, format="json")


def answer(client, play: dict, option: int = 0, number: int | None = None):
    number = play["pending"]["number"] if number is None else number
    return client.post(
        f"{URL}{play['id']}/answer/", {"number": number, "option": option}, format="json"
    )


def test_it_plays_a_game_to_its_end_choosing_the_first_option(alice_api, neopets_cards):
    response = start(alice_api)
    assert response.status_code == 201
    play = response.json()
    assert play["status"] == "open" and play["finished"] is None
    pending = play["pending"]
    assert pending["seat"] == 0 and pending["prompt"]
    assert pending["options"][0] == {"id": 0, "text": pending["options"][0]["text"]}
    answers = 0
    while play["pending"] is not None:
        response = answer(alice_api, play)
        assert response.status_code == 200, response.json()
        play = response.json()
        answers += 1
    assert play["status"] == "finished"
    assert sorted(play["finished"]["placements"]) in ([1, 2], [1, 1])
    mine = [
        entry for entry in play["history"] if entry["seat"] == 0 and entry["option"] is not None
    ]
    assert len(mine) == answers and all(entry["option"] == 0 for entry in mine)
    assert [entry["number"] for entry in play["history"]] == list(range(len(play["history"])))
    assert play["share_url"].endswith(f"/play/shared/{Play.objects.get().share_token}/")
    again = alice_api.get(f"{URL}{play['id']}/").json()
    assert again["history"] == play["history"] and again["finished"] == play["finished"]
    over = answer(alice_api, play, number=len(play["history"]))
    assert over.status_code == 409 and over.json()["code"] == "play_over"


def test_a_forged_option_is_a_400_naming_option_and_changes_nothing(alice_api, neopets_cards):
    play = start(alice_api).json()
    forged = answer(alice_api, play, option=len(play["pending"]["options"]))
    assert forged.status_code == 400
    assert "option" in forged.json()["fields"]
    after = alice_api.get(f"{URL}{play['id']}/").json()
    assert after["pending"] == play["pending"] and after["history"] == play["history"]
    assert Play.objects.get().picks == []


def test_a_stale_number_is_a_409_and_changes_nothing(alice_api, neopets_cards):
    play = start(alice_api).json()
    answered = answer(alice_api, play).json()
    stale = answer(alice_api, play, option=0)  # the first tab answers the same decision again
    assert stale.status_code == 409 and stale.json()["code"] == "play_answered"
    assert alice_api.get(f"{URL}{play['id']}/").json()["history"] == answered["history"]


def test_a_number_not_yet_asked_is_a_400_naming_number(alice_api, neopets_cards):
    play = start(alice_api).json()
    ahead = answer(alice_api, play, number=play["pending"]["number"] + 5)
    assert ahead.status_code == 400 and "number" in ahead.json()["fields"]


def test_a_game_is_its_players_alone(alice_api, charlie_api, api, neopets_cards):
    play = start(alice_api).json()
    assert charlie_api.get(f"{URL}{play['id']}/").status_code == 404
    assert answer(charlie_api, play).status_code == 404
    assert api.get(f"{URL}{play['id']}/").status_code == 404


def test_an_anonymous_client_plays_in_its_session(api, neopets_cards):
    play = start(api).json()
    assert answer(api, play).status_code == 200
    assert APIClient().get(f"{URL}{play['id']}/").status_code == 404


def test_the_seat_sees_its_hand_and_only_the_size_of_the_bots(alice_api, neopets_cards):
    view = start(alice_api).json()["view"]
    mine, bots = view["seats"]
    assert mine["you"] and isinstance(mine["zones"]["inventory"], list)  # CR 9.11: own hand
    assert bots["zones"]["inventory"] == {"hidden": bots["zones"]["inventory"]["hidden"]}
    assert mine["zones"]["deck"] == {"hidden": mine["zones"]["deck"]["hidden"]}


def test_a_person_holds_at_most_the_open_games_allowed(alice_api, neopets_cards, settings):
    settings.DECKWARDEN_PLAYS_OPEN = 2
    assert start(alice_api).status_code == 201
    assert start(alice_api).status_code == 201
    refused = start(alice_api)
    assert refused.status_code == 409 and refused.json()["code"] == "too_many_plays"


def test_an_idle_game_expires_and_no_longer_counts(alice_api, neopets_cards, settings):
    settings.DECKWARDEN_PLAYS_OPEN = 1
    play = start(alice_api).json()
    Play.objects.update(updated="2000-01-01T00:00:00Z")
    assert start(alice_api).status_code == 201
    expired = answer(alice_api, play)
    assert expired.status_code == 409 and expired.json()["code"] == "play_expired"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"bot": "grandmaster"}, "bot"),
        ({"game": "chess"}, "game"),
        ({"opponent": [inline("weak"), inline("weak")]}, "opponent"),
    ],
)
def test_a_request_it_cannot_play_names_the_field(alice_api, neopets_cards, changes, field):
    response = start(alice_api, **changes)
    assert response.status_code == 400 and field in response.json()["fields"]


def test_the_detail_tells_the_games_events_in_words(alice_api, neopets_cards):
    """`log` beside `history`: the engines' events as the seat may know them (issue 42)."""
    play = start(alice_api).json()
    while play["pending"] is not None:
        play = answer(alice_api, play).json()
    log = play["log"]
    assert log[-1]["text"].startswith("The game is over")
    texts = [line["text"] for line in log]
    assert any(text.startswith("Turn 1:") for text in texts)
    assert any("attack dice" in text for text in texts)
    assert any(text == "The bot drew a card." for text in texts)
    befores = [line["before"] for line in log]
    assert befores == sorted(befores) and befores[-1] <= len(play["history"])


def test_my_games_lists_the_requesters_games_alone(alice_api, charlie_api, api, neopets_cards):
    first = start(alice_api).json()
    second = start(alice_api, seed=8).json()
    start(charlie_api)
    anonymous = start(api).json()
    answer(alice_api, first)  # the latest answered is listed first
    listed = alice_api.get(URL).json()
    assert [row["id"] for row in listed["results"]] == [first["id"], second["id"]]
    row = listed["results"][0]
    assert row["game"] == "neopets" and row["status"] == "open" and row["answers"] == 1
    assert row["url"].endswith(f"{URL}{first['id']}/")
    oldest = alice_api.get(URL, {"ordering": "created"}).json()["results"]
    assert [row["id"] for row in oldest] == [first["id"], second["id"]]
    assert alice_api.get(URL, {"status": "finished"}).json()["results"] == []
    assert alice_api.get(URL, {"game": "keeper"}).json()["results"] == []
    assert [row["id"] for row in api.get(URL).json()["results"]] == [anonymous["id"]]
    assert APIClient().get(URL).json()["results"] == []
    bad = alice_api.get(URL, {"ordering": "seed"})
    assert bad.status_code == 400 and "ordering" in bad.json()["fields"]
