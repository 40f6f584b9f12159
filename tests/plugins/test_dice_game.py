"""Issue 35 item 5: a game is its package plus one registration. The toy dice game
(tests/plugins/dice/) is registered by the test alone, and is then found where every shipped
game is: in validation, in test games, in the API's schema, in the sample loading and on the
site; gone again once it leaves the registry."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from decks.models import Deck
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook import registry
from rulebook.core.decisions import IllegalAnswer
from rulebook.core.stepping import GameState
from rulebook.samples import SAMPLES
from rulebook.simulation import ENGINES, run_chunk
from rules.models import Format

from .dice import engine

HIGH = "Deck:\n3 Six Pips\n3 Five Pips\n3 Four Pips\n3 Three Pips\n"
LOW = "Deck:\n3 One Pip\n3 Two Pips\n3 Three Pips\n3 Four Pips\n"


def validate(api, body: dict) -> dict:
    response = api.post("/api/v1/validate/", {"game": "dice", **body}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


# The game itself, without Django: the registry and the engine.


def test_registering_the_game_puts_it_in_every_table_and_unregistering_takes_it_out(dice):
    assert registry.GAMES["dice"] is dice.spec
    assert registry.RULESETS["dice"] is dice.ruleset
    assert ENGINES["dice"] is dice.engine
    assert registry.HAND_RULES["dice"] is dice.hand_rule
    assert "dice.deck_size" in registry.ISSUE_CODES
    assert SAMPLES["dice"].names() == ["high", "low"]
    registry.unregister("dice")
    try:
        assert "dice" not in registry.GAMES and "dice" not in ENGINES and "dice" not in SAMPLES
        assert "dice.deck_size" not in registry.ISSUE_CODES
    finally:
        registry.register(dice)


def test_a_game_is_registered_once(dice):
    with pytest.raises(ValueError, match="registered already"):
        registry.register(dice)


def test_its_sample_decks_play_a_chunk_to_a_result_the_same_for_the_same_seed(dice):
    high, low = (dice.engine.prepare(SAMPLES["dice"].deck(name)) for name in ("high", "low"))
    result = run_chunk(dice.engine, high, low, job_seed=5, first_game=0, count=200).result()
    assert result["games"] == 200
    assert sum(result["wins"]) + result["draws"] == 200
    assert result["wins"][0] > result["wins"][1]  # the high numbers beat the low
    again = run_chunk(dice.engine, high, low, job_seed=5, first_game=0, count=200).result()
    assert again == result


def test_its_game_is_a_state_stepped_from_outside_with_its_questions_in_words(dice):
    high = dice.engine.prepare(SAMPLES["dice"].deck("high"))
    state = GameState(engine.Game, [high, high], 3)
    assert state.words()["question"] == "Keep the card you drew, or roll a die instead?"
    assert state.words()["options"] == ["keep", "roll"]
    while not state.is_terminal():
        state.apply("roll")
    again = GameState.replay(engine.Game, [high, high], 3, state.history)
    assert again.outcome == state.outcome


def test_its_engine_checks_every_answer_against_the_decision(dice):
    class Cheat(engine.HigherThanAverage):
        def answer(self, game, decision):
            return "take six"

    high = dice.engine.prepare(SAMPLES["dice"].deck("high"))
    with pytest.raises(IllegalAnswer, match="keep_or_roll"):
        engine.play_game([high, high], 1, policies=[Cheat(), Cheat()])


# The service: validation, test games, the schema, sample loading, formats, the site.


@pytest.mark.django_db
def test_validation_checks_a_dice_deck_by_the_dice_rules(api, dice_stored):
    assert validate(api, {"text": HIGH})["legal"] is True
    report = validate(api, {"text": "Deck:\n4 Six Pips\n3 Five Pips\n"})
    assert report["legal"] is False
    assert {error["code"] for error in report["errors"]} == {"dice.deck_size", "copies.limit"}
    assert report["counts"] == {"deck": 7}


@pytest.mark.django_db
def test_the_catalogue_lists_it_while_registered_and_nothing_offers_it_once_gone(api, dice_stored):
    games = {game["slug"]: game for game in api.get("/api/v1/games/").json()["results"]}
    assert games["dice"]["card_types"] == ["Die"]
    assert [format["slug"] for format in games["dice"]["formats"]] == ["standard"]
    registry.unregister("dice")
    try:  # its rows stay (its cards and decks with them), but no answer offers or takes it
        listed = [game["slug"] for game in api.get("/api/v1/games/").json()["results"]]
        response = api.post("/api/v1/validate/", {"game": "dice", "text": HIGH}, format="json")
    finally:
        registry.register(dice_stored)
    assert "dice" not in listed
    assert response.status_code == 400
    assert "game" in response.json()["fields"]


@pytest.mark.django_db
def test_a_test_game_job_of_dice_runs_to_a_result(
    api, dice_stored, django_capture_on_commit_callbacks
):
    body = {"game": "dice", "decks": [{"text": HIGH}, {"text": LOW}], "games": 60, "seed": 4}
    with django_capture_on_commit_callbacks():
        response = api.post("/api/v1/simulations/", body, format="json")
    assert response.status_code == 202, response.json()
    job = SimulationJob.objects.get(pk=response.json()["id"])
    for chunk in job.chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="test")  # as the worker's task does, in process
    answer = api.get(f"/api/v1/simulations/{job.pk}/").json()
    assert answer["status"] == "done", answer
    assert answer["result"]["games"] == 60
    assert sum(answer["result"]["wins"]) + answer["result"]["draws"] == 60


@pytest.mark.django_db
def test_the_schema_enumerates_the_game_and_its_codes_while_it_is_registered(api, dice):
    def schemas() -> dict:
        return api.get("/api/v1/schema/", {"format": "json"}).json()["components"]["schemas"]

    registered = schemas()
    assert "dice" in registered["GameEnum"]["enum"]
    assert "dice.deck_size" in registered["IssueCodeEnum"]["enum"]
    game_enum = [{"$ref": "#/components/schemas/GameEnum"}]
    assert registered["ValidateInputRequest"]["properties"]["game"]["allOf"] == game_enum
    assert registered["SimulationInputRequest"]["properties"]["game"]["allOf"] == game_enum
    registry.unregister("dice")
    try:
        gone = schemas()
    finally:
        registry.register(dice)
    assert "dice" not in gone["GameEnum"]["enum"]
    assert "dice.deck_size" not in gone["IssueCodeEnum"]["enum"]


@pytest.mark.django_db
def test_load_samples_stores_its_sample_cards_and_decks_and_the_site_charts_them(client, dice):
    call_command("load_samples", stdout=io.StringIO(), stderr=io.StringIO())
    decks = Deck.objects.filter(game__slug="dice").order_by("name")
    assert [deck.name for deck in decks] == ["High (sample)", "Low (sample)"]
    assert "tests/plugins/dice/sample_decks/high.txt" in decks[0].description
    page = client.get(f"/decks/{decks[0].pk}/")
    assert page.status_code == 200
    assert b"Deck by value" in page.content  # the chart its registration declares


@pytest.mark.django_db
def test_a_format_may_name_its_ruleset_only_while_the_game_is_registered(dice_stored):
    row = Format.objects.get(game__slug="dice", slug="standard")
    assert row.ruleset == "dice"
    row.full_clean()
    registry.unregister("dice")
    try:
        with pytest.raises(Exception, match="registered ruleset"):
            row.full_clean()
    finally:
        registry.register(dice_stored)


@pytest.mark.django_db
def test_the_site_offers_its_cards_and_test_games(client, dice_stored):
    search = client.get("/cards/", {"game": "dice", "q": "val>=5"})
    assert search.status_code == 200
    assert b"Six Pips" in search.content and b"One Pip" not in search.content
    test_games = client.get("/tools/test-games/", {"game": "dice"})
    assert b'value="dice"' in test_games.content
    assert b"Dice (a toy game of the tests) sample: high" in test_games.content
