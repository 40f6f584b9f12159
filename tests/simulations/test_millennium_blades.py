"""Millennium Blades test tournaments over the API (issue 24): tables of two to five decks, the
result per deck (wins, win rate with its interval, placements), the same result for the same
seed however the job is split, an illegal deck played after the random fix, and a table of six
or of one refused naming `decks`."""

from __future__ import annotations

import pytest

from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook.samples import MILLENNIUM_BLADES as SAMPLES

URL = "/api/v1/simulations/"
NAMES = SAMPLES.names()  # beasts, clash, disruption, knights, tides


def inline(name: str) -> dict:
    sections: dict[str, list[dict]] = {}
    for entry in SAMPLES.entries(name):
        sections.setdefault(entry.section, []).append(
            {"name": entry.name, "quantity": entry.quantity}
        )
    return {"sections": sections}


def run(api, captured, **body) -> SimulationJob:
    with captured():
        response = api.post(URL, {"game": "millennium-blades", **body}, format="json")
    assert response.status_code == 202, response.json()
    job_id = response.json()["id"]
    for chunk in SimulationJob.objects.get(pk=job_id).chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="test")
    job = SimulationJob.objects.get(pk=job_id)
    assert job.status == "done", job.error
    return job


@pytest.mark.parametrize("seated", [2, 3, 4, 5])
def test_a_table_of_two_to_five_decks_plays_and_reports_placements(
    api, mb_cards, django_capture_on_commit_callbacks, seated
):
    decks = [inline(name) for name in NAMES[:seated]]
    job = run(api, django_capture_on_commit_callbacks, decks=decks, games=60, seed=4)
    result = job.result
    assert job.kind == "table"
    assert len(result["wins"]) == len(result["placements"]) == seated
    assert sum(result["wins"]) + result["draws"] == 60
    for wins, rate, interval, places in zip(
        result["wins"], result["win_rate"], result["ci95"], result["placements"], strict=True
    ):
        assert list(places) == [str(place) for place in range(1, seated + 1)]
        assert sum(places.values()) == 60
        assert places["1"] >= wins and rate == round(wins / 60, 4)
        assert interval[0] <= rate <= interval[1]
    assert any("RP is gained" in line for line in result["simplifications"])
    log = result["sample_game"]["log"]
    assert log[0]["event"] == "setup" and log[-1]["event"] == "end"
    assert result["removed"] == [{"games": 0, "cards": {}}] * seated


def test_the_same_seed_gives_the_same_result_however_the_job_is_split(
    api, mb_cards, django_capture_on_commit_callbacks
):
    body = {"decks": [inline(name) for name in NAMES[:4]], "games": 90, "seed": 12}
    whole = run(api, django_capture_on_commit_callbacks, **body)
    split = run(api, django_capture_on_commit_callbacks, **body, chunk_size=7)
    assert whole.result == split.result


@pytest.mark.parametrize("count", [1, 6])
def test_a_table_of_one_or_of_six_decks_is_refused_naming_decks(api, mb_cards, count):
    decks = [inline(NAMES[n % len(NAMES)]) for n in range(count)]
    response = api.post(
        URL, {"game": "millennium-blades", "decks": decks, "games": 10}, format="json"
    )
    assert response.status_code == 400
    assert "two to five decks" in response.json()["fields"]["decks"][0]
    assert not SimulationJob.objects.exists()


def test_a_match_game_still_takes_exactly_two_decks(api, mb_cards):
    from .conftest import inline as neopets_inline

    decks = [neopets_inline("strong")] * 3
    response = api.post(URL, {"game": "neopets", "decks": decks, "games": 10}, format="json")
    assert response.status_code == 400
    assert "two decks" in response.json()["fields"]["decks"][0]


def test_an_illegal_deck_is_played_after_the_random_fix_and_the_result_says_what_went(
    api, mb_cards, django_capture_on_commit_callbacks
):
    """Tournament Phase: "If your deck is 'illegal', randomly remove cards until it meets the
    card limit" (each game's fix seeded from the game's seed)."""
    big = inline("knights")
    big["sections"]["singles"] += inline("clash")["sections"]["singles"][:3]  # 11 Singles
    job = run(api, django_capture_on_commit_callbacks, decks=[big, inline("tides")], games=40)
    removed = job.result["removed"]
    assert removed[0]["games"] == 40 and sum(removed[0]["cards"].values()) == 3 * 40
    assert len(removed[0]["cards"]) > 3  # different cards in different games
    assert removed[1] == {"games": 0, "cards": {}}
    assert job.result["sample_game"]["log"][0]["removed"]


def test_an_unknown_card_still_refuses_the_deck(api, mb_cards):
    bad = inline("knights")
    bad["sections"]["singles"][0]["name"] = "No Such Single"
    response = api.post(
        URL,
        {"game": "millennium-blades", "decks": [bad, inline("tides")], "games": 5},
        format="json",
    )
    assert response.status_code == 400 and response.json()["code"] == "deck_illegal"


def test_a_job_may_name_its_store(api, mb_cards, django_capture_on_commit_callbacks):
    """README rules notes: the Store is a declared composition of sample cards; a job may name
    one (the bargain bin holds no card above three stars)."""
    body = {"decks": [inline(name) for name in ("clash", "beasts")], "games": 40, "seed": 2}
    sample = run(api, django_capture_on_commit_callbacks, **body)
    bargain = run(api, django_capture_on_commit_callbacks, **body, store="bargain-bin")
    assert (sample.options, bargain.options) == ({}, {"store": "bargain-bin"})
    log = bargain.result["sample_game"]["log"]
    reveals = [e["stars"] for e in log if e["event"] == "reveal"]
    assert reveals and max(reveals) <= 3
    assert next(e for e in log if e["event"] == "first")["store"] == "bargain-bin"
    assert sample.result != bargain.result
    shown = api.get(f"/api/v1/simulations/{bargain.pk}/").json()
    assert shown["options"] == {"store": "bargain-bin"}


@pytest.mark.parametrize(
    ("game", "decks", "store", "message"),
    [
        ("millennium-blades", ["clash", "beasts"], "discount-bin", "must be one of sample"),
        ("neopets", None, "sample", "takes no such option"),
    ],
)
def test_a_store_is_refused_naming_it_when_unknown_or_for_another_game(
    api, mb_cards, neopets_cards, game, decks, store, message
):
    from .conftest import inline as neopets_inline

    sent = [inline(n) for n in decks] if decks else [neopets_inline("strong")] * 2
    response = api.post(
        URL, {"game": game, "decks": sent, "games": 5, "store": store}, format="json"
    )
    assert response.status_code == 400
    assert message in response.json()["fields"]["store"][0]
    assert not SimulationJob.objects.exists()
