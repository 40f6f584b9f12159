"""No page loads anything from another host: every page of the site, the API docs, the
browsable API and the admin, visited in a browser whose guard (conftest.py) refuses and records
any request leaving the live server."""

import pytest
from playwright.sync_api import expect

from cards.models import Game
from decks.services import deck_create

PAGES = [
    "/",
    "/cards/",
    "/cards/?q=t:neopet+hp>=8",
    "/cards/?q=hp>=",
    "/cards/neopets/hot-dog/",
    "/decks/",
    "/decks/mine/",
    "/decks/new/",
    "/decks/import/",
    "/decks/{deck}/",
    "/decks/{deck}/versions/?from=1&to=1",
    "/accounts/",
    "/accounts/password/",
    "/api/v1/docs/",
    "/api/v1/games/",
    "/admin/login/",
]


@pytest.fixture
def deck(sample_cards, django_user_model):
    user = django_user_model.objects.get(username="alice")
    game = Game.objects.get(slug="metazoo")
    return deck_create(owner=user, game=game, name="Zoo", lines=[], visibility="public")


def test_it_loads_every_page_from_this_machine_only(page, logged_in, outside_requests, request):
    logged_in("alice")
    deck = request.getfixturevalue("deck")
    for path in [*PAGES, "/accounts/signup/", "/accounts/login/"]:
        if path.startswith("/accounts/signup"):
            page.context.clear_cookies()
        page.goto(path.format(deck=deck.pk))
        page.wait_for_load_state("networkidle")
        expect(page.locator("body")).not_to_be_empty()
        assert not outside_requests, f"{path} requested {outside_requests}"
