"""POST /api/v1/keeper/cost/: the card builder's explanation, and a 400 naming each bad field."""

import pytest

from rulebook.keeper.parser import NOT_A_COMPONENT

URL = "/api/v1/keeper/cost/"

NECROMANCER = {
    "name": "Sample Necromancer",
    "type": "Creature",
    "text": (
        "CONTRACT WITH THE DEAD: Target this card. Place 1 counter on each target.\n"
        "NECROMANCY: Remove 2 counters from this card. Target up to 2 cards in one player's "
        "graveyard randomly. Reveal all targets, then summon or cast any number of targets that "
        "are not in play (paying the usual costs)."
    ),
    "offense": 2,
    "defense": 10,
    "edition": 11,
}


def post(api, body):
    return api.post(URL, body, format="json")


def test_it_explains_a_creatures_cost_component_by_component(api):
    response = post(api, NECROMANCER)
    assert response.status_code == 200
    body = response.json()
    assert body["cost"] == 7  # 2 + 10/5 + 1 + 2
    assert body["unparsed"] == []
    assert body["legal"] is True
    components = [step["component"] for step in body["steps"]]
    assert components[:2] == ["offense", "defense"]
    effect = next(step for step in body["steps"] if step["formula"] == "3t")
    assert effect["ability"] == 2
    assert effect["variables"] == {"t": 2}
    assert effect["base_cost"] == 6
    assert body["steps"][-1]["running_total"] == 7
    assert "printed_cost" not in body


def test_it_compares_the_printed_cost(api):
    matching = post(api, {**NECROMANCER, "cost": 7}).json()
    assert matching["printed_cost"] == 7 and matching["matches_printed"] is True
    wrong = post(api, {**NECROMANCER, "cost": 5}).json()
    assert wrong["matches_printed"] is False
    assert wrong["legal"] is False
    assert [error["code"] for error in wrong["errors"]] == ["card.cost"]


def test_it_names_the_text_it_cannot_read_as_an_error_with_the_nearest_components(api):
    """Guide, "Constructing Abilities": a card is built only from the guide's components."""
    text = "Draw 2 cards. Destroy every target."
    body = post(api, {"type": "Spell", "text": text, "edition": 11}).json()
    assert body["cost"] == 4
    (unparsed,) = body["unparsed"]
    assert unparsed["text"] == "Destroy every target."
    assert unparsed["reason"] == NOT_A_COMPONENT
    assert unparsed["code"] is None
    assert {"text": "Destroy all targets.", "kind": "effect", "redacted_in": None} in (
        unparsed["nearest"]
    )
    assert body["legal"] is False and body["warnings"] == []
    (error,) = body["errors"]
    assert error["code"] == "card.unparsed" and error["nearest"] == unparsed["nearest"]


@pytest.mark.parametrize(
    "text", ["Win the game.", "Pay two hitpoints.", "Pay 2 hitpoints, then draw 2 cards."]
)
def test_a_card_of_text_no_component_says_is_illegal(api, text):
    """Guide, "Constructing Abilities" and "Redacted Components": before, these were legal with
    a warning."""
    body = post(api, {"type": "Spell", "text": text, "edition": 11}).json()
    assert body["legal"] is False
    assert body["errors"] and body["warnings"] == []


def test_it_does_not_call_a_printed_cost_wrong_on_part_of_the_text(api):
    """Guide, "Resource Cost": the formula needs every component; with one unread, the printed
    cost is neither confirmed nor refused."""
    card = {"type": "Spell", "text": "Draw 2 cards. Dance a jig.", "cost": 9, "edition": 11}
    body = post(api, card).json()
    assert body["matches_printed"] is None
    assert [error["code"] for error in body["errors"]] == ["card.unparsed"]


def test_it_names_the_must_a_card_breaks(api):
    """Guide, "Constructing Abilities": variables are positive integers; an error, not a
    warning."""
    body = post(api, {"type": "Spell", "text": "Draw 0 cards.", "edition": 11}).json()
    assert body["legal"] is False
    assert body["unparsed"][0]["code"] == "card.variable"
    assert [error["code"] for error in body["errors"]] == ["card.variable"]


def test_it_takes_a_printed_cost_of_any_size(api):
    """The guide sets no cap on a cost."""
    body = post(
        api, {"type": "Spell", "text": "Draw 600 cards.", "cost": 1200, "edition": 11}
    ).json()
    assert body["matches_printed"] is True


def test_it_shows_why_a_card_is_banned(api):
    body = post(api, {"type": "Spell", "text": "Pay 2 hitpoints. Draw 3 cards."}).json()
    assert body["legal"] is False
    assert sorted(error["code"] for error in body["errors"]) == ["card.banned_text", "card.edition"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"type": None}, "type"),
        ({"type": "Artifact"}, "type"),
        ({"text": ""}, "text"),
        ({"text": None}, "text"),
        ({"text": "Draw 1 card. " * 400}, "text"),
        ({"offense": -1}, "offense"),
        ({"offense": 100}, "offense"),
        ({"defense": "lots"}, "defense"),
        ({"defense": True}, "defense"),
        ({"cost": -1}, "cost"),
        ({"edition": 0}, "edition"),
        ({"name": "x" * 201}, "name"),
        ({"defence": 3}, "defence"),
    ],
)
def test_it_answers_400_naming_the_bad_field(api, change, field):
    body = {key: value for key, value in {**NECROMANCER, **change}.items() if value is not None}
    response = post(api, body)
    assert response.status_code == 400
    error = response.json()
    assert error["status"] == 400 and error["code"] == "invalid"
    assert field in error["fields"]


def test_a_creature_needs_offense_and_defense(api):
    body = {key: value for key, value in NECROMANCER.items() if key != "defense"}
    response = post(api, body)
    assert response.status_code == 400
    assert response.json()["fields"] == {"defense": ["is required for a Creature"]}


def test_a_spell_has_no_offense(api):
    response = post(api, {"type": "Spell", "text": "Draw 1 card.", "offense": 1})
    assert response.status_code == 400
    assert response.json()["fields"] == {"offense": ["a Spell has no offense"]}


def test_it_answers_400_to_a_body_that_is_not_json(api):
    response = api.post(URL, "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["status"] == 400


def test_it_answers_400_to_a_body_that_is_not_an_object(api):
    response = post(api, ["Draw 1 card."])
    assert response.status_code == 400
    assert "non_field_errors" in response.json()["fields"]
