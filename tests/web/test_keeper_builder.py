"""The Keeper card builder page: the same review as POST /api/v1/keeper/cost/, live and without
JavaScript, and saving a user-made card (guide "Resource Cost", "Constructing Abilities")."""

import pytest
from django.urls import reverse

from cards.models import Card

BUILDER = reverse("tools:keeper-builder")
REVIEW = reverse("tools:keeper-review")
SPELL = {
    "name": "Collapse",
    "type": "Spell",
    "text": "Target up to 4 cards in play. Destroy all targets.",
    "edition": "11",
}


def api_cost(api, card: dict) -> dict:
    body = {key: value for key, value in card.items() if value != ""}
    body.update({key: int(body[key]) for key in ("offense", "defense", "edition") if key in body})
    return api.post("/api/v1/keeper/cost/", body, format="json").json()


def test_the_live_review_gives_the_apis_cost_and_steps(client, api, db):
    page = client.post(REVIEW, SPELL)
    answer = api_cost(api, SPELL)
    html = page.content.decode()
    assert f'<strong id="card-cost">{answer["cost"]}</strong>' in html
    for step in answer["steps"]:
        assert step["component"] in html


def test_it_lists_the_text_it_could_not_read(client, db):
    card = {**SPELL, "text": "Flying. Target up to 4 cards in play. Destroy all targets."}
    html = client.post(REVIEW, card).content.decode()
    assert "Could not be read" in html and "“Flying.”" in html


def test_text_that_is_no_component_makes_the_card_illegal_and_offers_the_nearest(client, db):
    """Guide, "Constructing Abilities": a card is built only from the guide's components."""
    card = {**SPELL, "text": "Target up to 4 cards in play. Destroy every target."}
    html = client.post(REVIEW, card).content.decode()
    assert "not legal" in html and "card.unparsed" in html
    assert "Nearest components: “Target this card.”, “Destroy all targets.”" in html


def test_a_spell_ignores_stat_boxes_and_a_creature_needs_them(client, db):
    spell = client.post(REVIEW, {**SPELL, "offense": "3", "defense": "4"}).content.decode()
    assert 'id="card-cost"' in spell
    creature = client.post(REVIEW, {**SPELL, "type": "Creature"}).content.decode()
    assert "is required for a Creature" in creature and 'id="card-cost"' not in creature


def test_the_page_works_without_javascript(client, db):
    html = client.post(BUILDER, {**SPELL, "action": "review"}).content.decode()
    assert 'id="card-cost"' in html and "<form" in html


def test_anonymous_users_are_asked_to_log_in_to_save(client, db):
    html = client.post(BUILDER, {**SPELL, "action": "save"}).content.decode()
    assert "Log in to save your cards." in html
    assert not Card.objects.filter(name="Collapse").exists()


def test_alice_saves_her_card_privately_and_sees_it_listed(client, alice, api):
    client.force_login(alice)
    response = client.post(BUILDER, {**SPELL, "action": "save"}, follow=True)
    card = Card.objects.get(name="Collapse")
    assert card.owner == alice and not card.shared
    assert card.attributes["cost"] == api_cost(api, SPELL)["cost"]
    assert "only you can see it" in response.content.decode()
    assert "Only you" in response.content.decode()


def test_saving_twice_names_the_clash_on_the_name_field(client, alice):
    client.force_login(alice)
    client.post(BUILDER, {**SPELL, "action": "save"})
    html = client.post(BUILDER, {**SPELL, "action": "save"}).content.decode()
    assert "exists already" in html and Card.objects.filter(name="Collapse").count() == 1


@pytest.mark.parametrize("shared", ["1", "0"])
def test_alice_shares_and_unshares_her_card(client, alice, shared):
    client.force_login(alice)
    client.post(BUILDER, {**SPELL, "action": "save"})
    card = Card.objects.get(name="Collapse")
    client.post(reverse("tools:keeper-share", args=[card.pk]), {"shared": "1"})
    client.post(reverse("tools:keeper-share", args=[card.pk]), {"shared": shared})
    card.refresh_from_db()
    assert card.shared is (shared == "1")


def test_charlie_cannot_share_alices_card(client, alice, charlie):
    client.force_login(alice)
    client.post(BUILDER, {**SPELL, "action": "save"})
    card = Card.objects.get(name="Collapse")
    client.force_login(charlie)
    response = client.post(reverse("tools:keeper-share", args=[card.pk]), {"shared": "1"})
    assert response.status_code == 404
    card.refresh_from_db()
    assert card.shared is False


def test_the_builder_stamps_the_edition_it_costs_by_on_the_card_it_saves(client, alice):
    """Card Building Guide, 11th edition: the builder costs by the 11th edition's formula and
    revisions, so the card it saves indicates that edition even when none was typed (issue 29:
    a card without one bore no edition and a revised cost read as banned)."""
    client.force_login(alice)
    client.post(BUILDER, {**SPELL, "edition": "", "action": "save"})
    assert Card.objects.get(name="Collapse").attributes["edition"] == 11


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Win the game.", "no component of the Card Building Guide"),
        ("Destroy 2 cards on the top of your deck.", "Before you save"),
    ],
)
def test_it_says_plainly_before_saving_that_a_text_is_no_component_or_redacted(
    client, db, text, said
):
    """Guide, "Constructing Abilities": "You must choose non-redacted components from the lists
    on the following pages only". The review says so before the card is saved."""
    html = client.post(REVIEW, {**SPELL, "text": text}).content.decode()
    assert 'id="before-saving"' in html and said in html
    fine = client.post(REVIEW, SPELL).content.decode()
    assert 'id="before-saving"' not in fine
