"""A Keeper list built with the player's own private cards is judged at registration as the
player sees it on their deck page (issue 17 item 1): legal there, legal when locked."""

from __future__ import annotations

from datetime import date, timedelta

from django.utils import timezone

from cards.models import Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from decks.resolution import DeckLine
from decks.selectors import deck_report
from decks.services import deck_create
from events.services import event_create, registration_submit

SAGE = KeeperCardDraft(name="Bob's Sage", type="Spell", text="Draw 2 cards.", edition=11)


def test_a_list_of_the_players_own_cards_is_locked_as_legal(alice, bob):
    keeper = Game.objects.get(slug="keeper")
    sage = keeper_card_save(owner=bob, draft=SAGE)
    deck = deck_create(
        owner=bob, game=keeper, name="Sages", lines=[DeckLine("deck", sage, 40)]
    )
    assert deck_report(deck=deck, viewer=bob).legal  # what Bob's deck page says
    event = event_create(
        organiser=alice,
        name="Keeper night",
        game=keeper,
        date=date(2026, 12, 5),
        registration_deadline=timezone.now() + timedelta(days=1),
    )
    registration = registration_submit(event=event, player=bob, deck_version=deck.versions.get())
    assert registration.legal, registration.report["errors"]
