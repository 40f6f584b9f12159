"""The pages of a game against the bot (issue 42): started from the form, answered by its
buttons' posts, a forged or stale answer refused with a message and nothing changed, a game its
player's (or their session's) alone, and a finished game readable by its link."""

from __future__ import annotations

import re

from django.test import Client
from django.urls import reverse

from jobs.models import Play

NEW = reverse("web:play-new")


def start(client, **changes):
    body = {
        "game": "neopets",
        "deck": "sample:neopets:strong",
        "opponent": "sample:neopets:weak",
        "bot": "default",
        "players": "2",
        "seed": "7",
        **changes,
    }
    response = client.post(NEW, body)
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def pending_number(page: str) -> int:
    return int(re.search(r'name="number" value="(\d+)"', page).group(1))


def test_a_visitor_starts_a_game_and_answers_by_a_button(client, samples):
    url = start(client)
    page = client.get(url).content.decode()
    assert 'id="decision-title"' in page and "take the first turn?" in page
    number = pending_number(page)
    answered = client.post(url + "answer/", {"number": number, "option": 0})
    assert answered.status_code == 302 and answered["Location"] == url
    assert Play.objects.get().picks == [0]
    assert pending_number(client.get(url).content.decode()) > number


def test_a_forged_option_is_a_400_that_changes_nothing(client, samples):
    url = start(client)
    number = pending_number(client.get(url).content.decode())
    forged = client.post(url + "answer/", {"number": number, "option": 99})
    assert forged.status_code == 400 and "is not an option" in forged.content.decode()
    assert Play.objects.get().picks == []


def test_a_second_answer_to_one_decision_is_a_409_saying_so(client, samples):
    url = start(client)
    number = pending_number(client.get(url).content.decode())
    client.post(url + "answer/", {"number": number, "option": 0})
    again = client.post(url + "answer/", {"number": number, "option": 1})
    assert again.status_code == 409 and "answered already" in again.content.decode()
    assert Play.objects.get().picks == [0]


def test_a_stale_answer_from_htmx_is_a_409_with_the_page_as_it_stands(client, samples):
    """htmx is answered the true status too (web/static/web/refusals.js swaps it in): the
    message, and the decision the game now waits on, not the stale one."""
    url = start(client)
    number = pending_number(client.get(url).content.decode())
    client.post(url + "answer/", {"number": number, "option": 0})
    stale = client.post(url + "answer/", {"number": number, "option": 0}, HTTP_HX_REQUEST="true")
    page = stale.content.decode()
    assert stale.status_code == 409 and "answered already" in page
    assert pending_number(page) > number and "data-swap-refusals" in page
    assert "web/refusals.js" in page


def test_the_page_tells_the_games_events_between_your_answers(client, samples):
    """The log reads the engines' events in words beside the answers: turns, the bot's dice
    and damage; the decision says what happened since your last answer."""
    url = start(client)
    for _ in range(12):
        page = client.get(url).content.decode()
        if 'id="decision"' not in page:
            break
        client.post(url + "answer/", {"number": pending_number(page), "option": 0})
    page = client.get(url).content.decode()
    assert 'class="play-event play-turn">Turn 1:' in page
    assert re.search(r"attacked: attack dice [\d, and]+ against defence dice", page)
    assert 'class="play-answer"' in page and "Bot (seat" not in page
    assert 'id="play-recent"' in page  # what happened since your last answer, above it


def test_a_game_is_its_sessions_alone_until_it_is_shared_finished(client, samples):
    url = start(client)
    stranger = Client()
    assert stranger.get(url).status_code == 404
    play = Play.objects.get()
    shared = reverse("web:play-shared", args=[play.share_token])
    assert stranger.get(shared).status_code == 404  # not while it goes on
    while play.status == Play.Status.OPEN:
        number = pending_number(client.get(url).content.decode())
        client.post(url + "answer/", {"number": number, "option": 0})
        play.refresh_from_db()
    assert stranger.get(shared).status_code == 200
    assert "The game is over" in stranger.get(shared).content.decode()


def test_my_games_lists_the_sessions_games(client, samples):
    url = start(client)
    mine = client.get(reverse("web:plays-mine")).content.decode()
    assert url in mine and "your move" in mine
    assert url not in Client().get(reverse("web:plays-mine")).content.decode()


def test_the_deck_page_offers_to_play_the_deck(alice_client, alice, samples):
    from cards.models import Game
    from decks.services import deck_import
    from rulebook.samples import NEOPETS

    deck = deck_import(
        owner=alice, game=Game.objects.get(slug="neopets"), name="Kau", text=NEOPETS.text("strong")
    )
    page = alice_client.get(reverse("web:deck", args=[deck.address])).content.decode()
    assert f"/play/?game=neopets&amp;deck={deck.pk}" in page
    form = alice_client.get(f"{NEW}?game=neopets&deck={deck.pk}").content.decode()
    assert re.search(rf'<option value="{deck.pk}" selected>', form)


def test_a_visitors_games_are_theirs_once_they_sign_up(client, samples):
    url = start(client)
    response = client.post(
        reverse("web:signup"),
        {"username": "dana", "password1": "a long password 1", "password2": "a long password 1"},
    )
    assert response.status_code == 302
    play = Play.objects.get()
    assert play.owner.username == "dana" and play.session_key == ""
    assert client.get(url).status_code == 200
