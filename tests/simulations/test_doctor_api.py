"""POST /api/v1/deck-doctor/, GET /api/v1/deck-doctor/{id}/, POST .../cancel/: a doctor job is
a test-game job (progress, cancel, limits) whose rounds follow one another as chunks finish."""

from __future__ import annotations

import datetime

from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Card, Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_claim, chunk_play, chunk_record, chunk_run
from jobs.services.doctor import format_pool
from rules.models import Format, FormatListEntry

from .conftest import inline
from .test_api import stored_deck
from .test_millennium_blades import inline as mb_inline

URL = "/api/v1/deck-doctor/"


def planted_deck() -> dict:
    """The strong sample deck with its Green Grarrl replaced by a Green Slorg."""
    deck = inline("strong")
    deck["sections"]["neopets"] = [
        {"name": "Green Slorg" if e["name"] == "Green Grarrl" else e["name"], "quantity": 1}
        for e in deck["sections"]["neopets"]
    ]
    return deck


def body(**changes) -> dict:
    return {
        "game": "neopets",
        "deck": planted_deck(),
        "opponents": [inline("strong")],
        "swaps": [
            {"out": "Mau Codestone", "in": "Zei Codestone", "count": 1},
            {"out": "Green Slorg", "in": {"key": "green-grarrl"}},
            {"out": "Scarab Ring", "in": "Healing Bracelet"},
        ],
        "budget": 1200,
        "seed": 4,
        **changes,
    }


def play_all(job_id: str) -> SimulationJob:
    """Play every chunk, round after round, as workers would."""
    job = SimulationJob.objects.get(pk=job_id)
    while (chunk := job.chunks.filter(status="pending").order_by("index").first()) is not None:
        chunk_run(chunk_id=chunk.pk, worker="test")
        job.refresh_from_db()
    return job


def test_it_ranks_the_swaps_round_after_round_and_reports_the_policy(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_api.post(URL, body(), format="json")
    assert response.status_code == 202, response.json()
    data = response.json()
    assert data["url"].endswith(f"/api/v1/deck-doctor/{data['id']}/")
    job = play_all(data["id"])
    answer = alice_api.get(data["url"]).json()
    assert answer["status"] == "done"
    assert answer["progress"] == {"done": job.games, "total": job.games}
    result = answer["result"]
    best = result["swaps"][0]
    assert (best["out"], best["in"], best["count"]) == ("green-slorg", "green-grarrl", 1)
    assert best["delta"] > 0 and best["distinguishable"] and best["ci95"][0] > 0
    # measured again on fresh games, the selection's figures beside it; held for the answer
    assert best["confirmed"] and best["games"] == result["rounds"][-1]["seeds"]
    assert best["selection"]["games"] > 0 and best["alike"] == []
    assert result["error_control"]["method"] == "holm" and result["error_control"]["level"] == 0.95
    assert "at most 5%" in result["error_control"]["statement"]
    assert result["no_signal"] is False and result["advice"] is None
    assert [s["in"] for s in result["swaps"]].count("zei-codestone") == 1
    assert "HeuristicPolicy" in result["policy"] and result["simplifications"]
    assert [r["candidates"] for r in result["rounds"]] == [3, 2, 2]


def test_the_same_seed_gives_the_same_answer_whatever_the_chunk_size(
    alice_api, neopets_cards, django_capture_on_commit_callbacks, settings
):
    results = []
    for chunk_games in (1000, 37):
        settings.DECKWARDEN_SIMULATION_CHUNK_GAMES = chunk_games
        with django_capture_on_commit_callbacks(execute=False):
            job_id = alice_api.post(URL, body(), format="json").json()["id"]
        results.append(play_all(job_id).result)
    assert SimulationJob.objects.get(pk=job_id).chunks.count() > 4
    assert results[0] == results[1]


def test_a_job_keeps_to_the_chunk_limit_over_all_its_rounds(
    alice_api, neopets_cards, django_capture_on_commit_callbacks, settings
):
    """DECKWARDEN_SIMULATION_MAX_CHUNKS holds for a doctor job as for a test game job: its
    chunks grow until all its rounds' fit (each round was split into at least eight)."""
    settings.DECKWARDEN_SIMULATION_MAX_CHUNKS = 8
    with django_capture_on_commit_callbacks(execute=False):
        job_id = alice_api.post(URL, body(), format="json").json()["id"]
    job = play_all(job_id)
    assert job.status == "done" and len(job.result["rounds"]) == 3
    assert job.chunks.count() <= 8


def test_the_confirmation_round_is_queued_with_the_last_selection_round(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    """Issue 41 item 4: the finalists' fresh games need nothing the last selection round finds
    (both go on), so its chunks are written and played with that round's: a barrier fewer."""
    with django_capture_on_commit_callbacks(execute=False):
        job_id = alice_api.post(URL, body(), format="json").json()["id"]
    job = SimulationJob.objects.get(pk=job_id)
    for chunk in list(job.chunks.all()):  # the first round, of three swaps
        chunk_run(chunk_id=chunk.pk, worker="test")
    job.refresh_from_db()
    selection, confirmation = job.doctor["rounds"][1:]
    pending = job.chunks.filter(status="pending")
    assert {c.first_game for c in pending} >= {selection["first_game"], confirmation["first_game"]}
    assert sum(c.count for c in pending) == selection["seeds"] + confirmation["seeds"]
    assert play_all(job_id).result["rounds"] == [
        {"candidates": count, "seeds": r["seeds"]}
        for count, r in zip((3, 2, 2), job.doctor["rounds"], strict=True)
    ]


def test_the_next_rounds_sure_candidates_start_before_the_round_ends_with_the_same_answer(
    alice_api, neopets_cards, django_capture_on_commit_callbacks, settings
):
    """Issue 41, item 4: while another worker plays a round's last chunk, the next rounds'
    chunks of the candidates sure to go on whatever it finds are written and played, not
    waited for; the rest of those rounds follows the round's end. The answer, the games and
    each seed's games counted once are those of a job whose every round waited."""
    settings.DECKWARDEN_SIMULATION_CHUNK_GAMES = 37
    swaps = [
        *body()["swaps"],
        {"out": "Hot Dog", "in": "Omelette", "count": 2},
        {"out": "Rusty Sword", "in": "Thorny Armour"},
        {"out": "Exploding Potion", "in": "Healing Potion"},
    ]
    with django_capture_on_commit_callbacks(execute=False):
        waited_id = alice_api.post(URL, body(swaps=swaps), format="json").json()["id"]
        job_id = alice_api.post(URL, body(swaps=swaps), format="json").json()["id"]
    waited = play_all(waited_id)  # one chunk at a time: no round's end is ever waited for
    assert waited.status == "done" and not waited.doctor.get("ahead")
    last = SimulationJob.objects.get(pk=job_id).chunks.order_by("-index")[:4]
    held = [
        chunk_claim(chunk_id=c.pk, worker="another") for c in last
    ]  # round 0's last four, in play
    job = play_all(job_id)  # every other chunk of round 0, then those written ahead
    assert len(job.doctor["rounds"]) == 1  # round 0 is not over...
    ahead = job.chunks.filter(index__gte=job.doctor["barrier"])
    assert ahead.exists() and not ahead.exclude(status="done").exists()  # ...yet these played
    for chunk in held:
        assert chunk is not None
        chunk_record(chunk=chunk, stats=chunk_play(chunk=chunk))
    job.refresh_from_db()
    written_ahead = job.doctor["ahead"][0]["round"]["candidates"]
    assert 0 < len(written_ahead) < len(job.doctor["rounds"][1]["candidates"])  # and the rest
    job = play_all(job_id)
    assert job.status == "done"
    assert job.result == waited.result
    assert job.done == job.games == waited.games


def test_a_chunk_reads_its_job_without_the_swaps_decks_once_its_worker_holds_them(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    """Issue 41, item 4: a doctor job's decks are every swap's deck (about 1 MB for a format's
    154 swaps), read once by each worker process, not again with every chunk it plays."""
    with django_capture_on_commit_callbacks(execute=False):
        job_id = alice_api.post(URL, body(budget=3000), format="json").json()["id"]
    first, second = SimulationJob.objects.get(pk=job_id).chunks.order_by("index")[:2]
    chunk_run(chunk_id=first.pk, worker="test")  # this process reads the decks once
    with CaptureQueriesContext(connection) as queries:
        chunk_run(chunk_id=second.pk, worker="test")
    assert queries.captured_queries
    assert not [q for q in queries.captured_queries if '"decks"' in q["sql"]]


def test_polling_a_doctor_job_never_reads_the_swaps_decks(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    """Issue 41, item 4: the page polls its job every second; reading every swap's frozen deck
    with each poll (about 1 MB for 154 swaps) took from the workers playing the job."""
    with django_capture_on_commit_callbacks(execute=False):
        job_id = alice_api.post(URL, body(), format="json").json()["id"]
    with CaptureQueriesContext(connection) as queries:
        polled = alice_api.get(f"{URL}{job_id}/")
    assert polled.status_code == 200 and polled.json()["status"] == "queued"
    assert not [q for q in queries.captured_queries if '"decks"' in q["sql"]]


def test_a_swap_naming_a_card_the_deck_does_not_hold_is_a_400_naming_it(alice_api, neopets_cards):
    swaps = [{"out": "Mau Codestone", "in": "Zei Codestone"}, {"out": "Dr. Sloth", "in": "Kass"}]
    response = alice_api.post(URL, body(swaps=swaps), format="json")
    assert response.status_code == 400
    assert "Dr. Sloth" in str(response.json()["fields"]["swaps[1].out"])
    assert not SimulationJob.objects.exists()


def test_an_unknown_incoming_card_and_a_missing_field_are_named(alice_api, neopets_cards):
    response = alice_api.post(URL, body(swaps=[{"out": "Hot Dog", "in": "No Such"}]), format="json")
    assert response.status_code == 400 and "swaps[0].in" in response.json()["fields"]
    response = alice_api.post(URL, {"game": "neopets"}, format="json")
    assert {"deck", "opponents", "budget", "swaps"} <= set(response.json()["fields"])


def test_a_pool_generates_like_for_like_swaps_that_keep_the_deck_legal(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    pool = {"cards": ["Omelette", "Spicy Jelly", "Green Grarrl"]}
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_api.post(URL, body(swaps=None, pool=pool), format="json")
    assert response.status_code == 202, response.json()
    swaps = SimulationJob.objects.get(pk=response.json()["id"]).doctor["swaps"]
    assert {"green-slorg", "green-grarrl"} <= {s["out"] for s in swaps} | {s["in"] for s in swaps}
    assert all(s["in"] in {"omelette", "spicy-jelly", "green-grarrl"} for s in swaps)


def test_another_users_private_deck_is_refused_through_the_privacy_gate(
    alice_api, bob, neopets_cards
):
    private = stored_deck(bob, "strong")
    response = alice_api.post(URL, body(deck=private.pk), format="json")
    assert response.status_code == 400 and "deck" in response.json()["fields"]


def test_a_doctor_job_is_cancelled_like_a_test_game(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        job_id = alice_api.post(URL, body(), format="json").json()["id"]
    cancelled = alice_api.post(f"{URL}{job_id}/cancel/", {}, format="json")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert alice_api.get(f"/api/v1/deck-doctor/{job_id}/").json()["status"] == "cancelled"


def test_a_budget_past_the_limits_is_refused_naming_it(alice_api, neopets_cards, settings):
    settings.DECKWARDEN_SIMULATION_MAX_GAMES = 500
    response = alice_api.post(URL, body(budget=1200), format="json")
    assert response.status_code == 400 and "budget" in response.json()["fields"]
    response = alice_api.post(URL, body(budget=5), format="json")
    assert "budget" in response.json()["fields"]


def test_a_pool_may_be_stored_decks_cards_read_through_the_privacy_gate(
    alice_api, alice, bob, neopets_cards, django_capture_on_commit_callbacks
):
    mine = stored_deck(alice, "weak")
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_api.post(
            URL, body(swaps=None, pool={"decks": [mine.pk], "cards": ["Green Grarrl"]}),
            format="json",
        )  # fmt: skip
    assert response.status_code == 202, response.json()
    swaps = SimulationJob.objects.get().doctor["swaps"]
    assert {"green-grarrl", "omelette"} <= {s["in"] for s in swaps}  # Omelette: the weak deck's
    hidden = stored_deck(bob, "weak")
    response = alice_api.post(URL, body(swaps=None, pool={"decks": [hidden.pk]}), format="json")
    assert response.status_code == 400 and "pool.decks" in response.json()["fields"]


def test_a_doctor_job_is_not_a_test_game_job_and_the_other_way_round(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        job_id = alice_api.post(URL, body(), format="json").json()["id"]
        match = alice_api.post(
            "/api/v1/simulations/",
            {"game": "neopets", "decks": [inline("strong"), inline("weak")], "games": 10},
            format="json",
        ).json()["id"]
    assert alice_api.get(f"/api/v1/simulations/{job_id}/").status_code == 404
    assert alice_api.get(f"/tools/test-games/{job_id}/").status_code == 404
    assert alice_api.get(f"{URL}{match}/").status_code == 404


def test_an_anonymous_doctor_job_is_cancelled_only_with_its_cancel_key(
    api, neopets_cards, django_capture_on_commit_callbacks, settings
):
    settings.DECKWARDEN_SIMULATION_MAX_GAMES_ANONYMOUS = 2000
    with django_capture_on_commit_callbacks(execute=False):
        data = api.post(URL, body(), format="json").json()
    assert data["cancel_key"]
    assert api.post(f"{URL}{data['id']}/cancel/", {}, format="json").status_code == 403
    cancelled = api.post(
        f"{URL}{data['id']}/cancel/", {"cancel_key": data["cancel_key"]}, format="json"
    )
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"


def test_a_millennium_blades_deck_is_doctored_at_a_table_by_first_places_and_placement(
    alice_api, mb_cards, django_capture_on_commit_callbacks
):
    """Issue 28 for a game played at a table (Millennium Blades, two to five seats): the deck
    sits with every opponent at each table, and a swap is measured by its change in first
    places, with the mean placement beside it."""
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_api.post(
            URL,
            {
                "game": "millennium-blades",
                "deck": mb_inline("disruption"),
                "opponents": [mb_inline("knights"), mb_inline("tides")],
                "swaps": [
                    {"out": "Draft Chaff Goblin", "in": "Promo Phoenix"},
                    {"out": "Meta Breaker", "in": "Playmat Paladin"},
                    {"out": "Draft Chaff Goblin", "in": "Starter Deck Squire"},
                ],
                "budget": 600,
                "seed": 28,
            },
            format="json",
        )
    assert response.status_code == 202, response.json()
    job = play_all(response.json()["id"])
    assert job.status == "done", job.error
    result = job.result
    assert result["measure"] == "first_place_rate"
    assert result["rounds"][0]["candidates"] == 3
    # each swap listed once, or under one that ended every game alike with it
    assert sum(1 + len(swap["alike"]) for swap in result["swaps"]) == 3
    for swap in result["swaps"]:
        placed = swap["mean_placement"]
        assert 1 <= placed["with"] <= 3 and 1 <= placed["without"] <= 3 and swap["games"] > 0
        low, high = swap["ci95"]
        assert low <= swap["delta"] <= high
    assert "HeuristicPolicy" in result["policy"]


def strict_format() -> Format:
    """A second Neopets format, to ban cards in."""
    neopets = Game.objects.get(slug="neopets")
    return Format.objects.create(game=neopets, slug="strict", name="Strict", ruleset="neopets")


def ban(format: Format, key: str) -> None:
    FormatListEntry.objects.create(
        format=format,
        card=Card.objects.get(key=key),
        status="banned",
        effective=datetime.date(2000, 1, 1),
    )


def test_a_pool_may_be_a_formats_cards_less_those_it_bans(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    strict = strict_format()
    ban(strict, "red-lupe")  # in no deck of the job
    with django_capture_on_commit_callbacks(execute=False):
        standard = alice_api.post(URL, body(swaps=None, pool={"format": "standard"}), format="json")
        banning = alice_api.post(URL, body(swaps=None, pool={"format": "strict"}), format="json")
    assert standard.status_code == 202 and banning.status_code == 202, banning.json()
    jobs = [
        SimulationJob.objects.get(pk=answer.json()["id"]).doctor["swaps"]
        for answer in (standard, banning)
    ]
    # Every like-for-like swap of the sample cards: more than the 64 a job once took.
    assert len(jobs[0]) > 64 and {"green-grarrl", "zei-codestone"} <= {s["in"] for s in jobs[0]}
    assert "red-lupe" in {s["in"] for s in jobs[0]}
    assert "red-lupe" not in {s["in"] for s in jobs[1]}
    assert len(jobs[1]) < len(jobs[0])


def test_a_format_the_game_lacks_is_a_400_naming_the_pool_format(alice_api, neopets_cards):
    response = alice_api.post(URL, body(swaps=None, pool={"format": "no-such"}), format="json")
    assert response.status_code == 400 and "pool.format" in response.json()["fields"]
    response = alice_api.post(URL, body(swaps=None, pool={"format": 7}), format="json")
    assert response.status_code == 400 and "pool.format" in response.json()["fields"]


def test_the_deck_and_every_swap_are_judged_in_the_format_named(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    strict = strict_format()
    ban(strict, "omelette")
    swaps = [{"out": "Hot Dog", "in": "Omelette"}]
    with django_capture_on_commit_callbacks(execute=False):
        standard = alice_api.post(URL, body(swaps=swaps), format="json")
    assert standard.status_code == 202, standard.json()
    refused = alice_api.post(URL, body(swaps=swaps, format="strict"), format="json")
    assert refused.status_code == 400 and "swaps[0]" in refused.json()["fields"]
    # A pool of a format's cards is built for that format: a deck holding a card it bans is
    # refused with its report, not doctored by the default format's rules.
    ban(strict, "hot-dog")
    refused = alice_api.post(URL, body(swaps=None, pool={"format": "strict"}), format="json")
    assert refused.status_code == 400, refused.json()
    assert "card.banned" in str(refused.json())
    response = alice_api.post(URL, body(format=""), format="json")
    assert response.status_code == 400 and "format" in response.json()["fields"]


def test_a_format_pool_holds_only_the_cards_the_requester_may_use(alice, bob, neopets_cards):
    # Bob's own Keeper card is private: in his format pool, in nobody else's.
    oracle = keeper_card_save(
        owner=bob, draft=KeeperCardDraft("Bob's Oracle", "Spell", "Draw 2 cards.", edition=11)
    )
    pools = {
        who: {ref.key for ref in format_pool(game="keeper", format=None, viewer=viewer)}
        for who, viewer in (("bob", bob), ("alice", alice), ("anonymous", None))
    }
    assert oracle.key in pools["bob"]
    assert oracle.key not in pools["alice"] and oracle.key not in pools["anonymous"]


def test_a_null_count_and_a_card_named_by_an_object_are_400s_naming_them(alice_api, neopets_cards):
    """Issue 43: both were 500s (the count's problem was moved from a name never set; the
    inline card's name went into a set before it was checked)."""
    swaps = [{"out": "Mau Codestone", "in": "Zei Codestone", "count": None}]
    deck = {**planted_deck(), "cards": [{"name": {"a": 1}, "type": "Food"}]}
    response = alice_api.post(URL, body(swaps=swaps, deck=deck), format="json")
    assert response.status_code == 400
    fields = response.json()["fields"]
    assert "swaps[0].count" in fields and "deck.cards[0].name" in fields, fields


def test_swaps_that_play_alike_are_one_entry_and_the_job_plays_fewer_games(
    alice_api, neopets_cards, django_capture_on_commit_callbacks
):
    same = {"out": "Green Slorg", "in": "Green Grarrl"}  # changes about one game in four
    swaps = [same, {"out": "Mau Codestone", "in": "Zei Codestone"}, *[same] * 7]
    with django_capture_on_commit_callbacks(execute=False):
        response = alice_api.post(URL, body(swaps=swaps, budget=1000), format="json")
    assert response.status_code == 202, response.json()
    planned = response.json()["games"]
    job = play_all(response.json()["id"])
    answer = alice_api.get(response.json()["url"]).json()
    # the eight copies of one swap end every game alike: one goes on for them, listed with it,
    # so the second round plays two candidates, not the three the plan of nine holds room for
    [entry] = [s for s in answer["result"]["swaps"] if s["in"] == "green-grarrl"]
    assert [(a["out"], a["in"]) for a in entry["alike"]] == [("green-slorg", "green-grarrl")] * 7
    assert len(answer["result"]["swaps"]) == 2
    assert [r["candidates"] for r in answer["result"]["rounds"]] == [9, 2, 2, 2]
    assert answer["progress"] == {"done": job.games, "total": job.games} and job.games < planned
