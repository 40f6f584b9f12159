"""A Keeper list built with the player's own private cards is judged at registration as the
player sees it on their deck page (issue 17 item 1): legal there, legal when locked."""

from __future__ import annotations

from cards.models import Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save
from decks.resolution import DeckLine
from decks.selectors import deck_report
from decks.services import deck_create
from events.services import registration_submit
from tests.events.conftest import keeper_night

SAGE = KeeperCardDraft(name="Bob's Sage", type="Spell", text="Draw 2 cards.", edition=11)


def test_a_list_of_the_players_own_cards_is_locked_as_legal(alice, bob):
    keeper = Game.objects.get(slug="keeper")
    sage = keeper_card_save(owner=bob, draft=SAGE)
    deck = deck_create(owner=bob, game=keeper, name="Sages", lines=[DeckLine("deck", sage, 40)])
    assert deck_report(deck=deck, viewer=bob).legal  # what Bob's deck page says
    event = keeper_night(alice)
    registration = registration_submit(event=event, player=bob, deck_version=deck.versions.get())
    assert registration.legal, registration.report["errors"]


def test_a_card_renamed_after_locking_is_still_that_card_when_lists_are_rechecked(alice, bob):
    """A locked list names each card by key, with its name as it was then; the author may
    rename the card later (its key stays). Re-checking the event's lists judges the card the
    key names, not a name-and-key disagreement (card.mismatch) that would drop the player."""
    from cards.services.user_cards import keeper_card_edit
    from events.services import registrations_recheck

    keeper = Game.objects.get(slug="keeper")
    sage = keeper_card_save(owner=bob, draft=SAGE)
    deck = deck_create(owner=bob, game=keeper, name="Sages", lines=[DeckLine("deck", sage, 40)])
    event = keeper_night(alice)
    registration_submit(event=event, player=bob, deck_version=deck.versions.get())
    renamed = KeeperCardDraft(name="Bob's Elder Sage", type="Spell", text=SAGE.text, edition=11)
    keeper_card_edit(card=sage, draft=renamed)
    checked, changes = registrations_recheck(event=event)
    assert (checked, changes) == (1, [])
    registration = event.registrations.get()
    assert registration.legal, registration.report["errors"]
    assert registration.deck_version.snapshot["sections"]["deck"][0]["name"] == "Bob's Sage"
