"""decks.services: revisions, versions on content change only, atomic conditional writes."""

import pytest
from django.db import IntegrityError, transaction

from cards.models import Card, CardSet, Printing
from decks.models import Deck, DeckEntry, DeckVersion, DeckVersionImmutable
from decks.resolution import InvalidEntries, entries_resolve
from decks.services import DeckChanged, DeckChanges, deck_delete, deck_update

from .conftest import MAIN, make_deck, refs


def lines(neopets, sections):
    return {
        slug: entries_resolve(game=neopets, refs=refs({slug: entries}))
        for slug, entries in sections.items()
    }


def test_it_creates_a_deck_at_revision_1_with_version_1(alice_deck):
    assert alice_deck.revision == 1
    version = alice_deck.versions.get()
    assert version.number == 1
    assert version.snapshot["sections"]["main"][0] == {
        "key": "hot-dog",
        "name": "Hot Dog",
        "quantity": 2,
    }
    assert list(alice_deck.entries.values_list("card__name", "quantity")) == [
        ("Hot Dog", 2),
        ("Healing Potion", 1),
    ]


def test_it_merges_entries_of_the_same_card_and_printing(alice, neopets, cards):
    deck = make_deck(
        alice,
        neopets,
        {"main": [{"name": "Hot Dog", "quantity": 2}, {"key": "hot-dog", "quantity": 1}]},
    )
    assert list(deck.entries.values_list("quantity", flat=True)) == [3]


def test_it_writes_a_new_version_when_the_contents_change(alice_deck, neopets):
    changes = DeckChanges(sections=lines(neopets, {"main": [{"name": "Hot Dog", "quantity": 3}]}))
    deck = deck_update(deck=alice_deck, expected_revision=1, changes=changes)
    assert deck.revision == 2
    assert list(deck.versions.values_list("number", flat=True)) == [1, 2]


def test_it_writes_no_version_for_a_reorder_or_description_change(alice_deck, neopets):
    reordered = lines(neopets, {"main": list(reversed(MAIN["main"]))})
    deck = deck_update(
        deck=alice_deck, expected_revision=1, changes=DeckChanges(sections=reordered)
    )
    deck = deck_update(
        deck=deck, expected_revision=2, changes=DeckChanges(description="Now with notes")
    )
    assert deck.revision == 3
    assert deck.versions.count() == 1
    assert list(deck.entries.values_list("card__name", flat=True)) == [
        "Healing Potion",
        "Hot Dog",
    ]


def test_it_writes_a_version_when_the_name_changes(alice_deck):
    deck = deck_update(deck=alice_deck, expected_revision=1, changes=DeckChanges(name="Renamed"))
    assert deck.versions.latest("number").snapshot["name"] == "Renamed"


def test_it_changes_nothing_for_an_update_that_changes_nothing(alice_deck, neopets):
    same = DeckChanges(name="Kau Rush", sections=lines(neopets, MAIN))
    deck = deck_update(deck=alice_deck, expected_revision=1, changes=same)
    assert Deck.objects.get(pk=deck.pk).revision == 1


def test_it_refuses_a_stale_revision(alice_deck):
    with pytest.raises(DeckChanged):
        deck_update(deck=alice_deck, expected_revision=7, changes=DeckChanges(name="X"))


def test_it_lets_exactly_one_of_two_writers_with_the_same_revision_win(alice_deck):
    first_view = Deck.objects.get(pk=alice_deck.pk)
    second_view = Deck.objects.get(pk=alice_deck.pk)
    deck_update(deck=first_view, expected_revision=1, changes=DeckChanges(name="First"))
    with pytest.raises(DeckChanged):
        deck_update(deck=second_view, expected_revision=1, changes=DeckChanges(name="Second"))
    assert Deck.objects.get(pk=alice_deck.pk).name == "First"


def test_it_deletes_only_at_the_expected_revision(alice_deck):
    with pytest.raises(DeckChanged):
        deck_delete(deck=alice_deck, expected_revision=2)
    deck_delete(deck=alice_deck, expected_revision=1)
    assert not Deck.objects.exists()
    assert not DeckVersion.objects.exists()


def test_it_lists_every_unknown_card_and_printing_at_once(neopets, cards):
    wanted = refs(
        {
            "main": [
                {"name": "Hot Dgo", "quantity": 1},
                {"name": "Hot Dog", "quantity": 1, "set": "SMP", "number": "999"},
                {"id": 999999, "quantity": 1},
            ],
            "sideboard": [{"name": "Hot Dog", "quantity": 1}],
        }
    )
    with pytest.raises(InvalidEntries) as caught:
        entries_resolve(game=neopets, refs=wanted)
    problems = [(p.index, p.field) for p in caught.value.problems]
    assert problems == [(0, "name"), (1, "number"), (2, "id"), (3, "section")]
    assert "Hot Dog" in caught.value.problems[0].suggestions


def test_it_never_updates_a_saved_version(alice_deck):
    version = alice_deck.versions.get()
    version.content_hash = "0" * 64
    with pytest.raises(DeckVersionImmutable):
        version.save()


@pytest.mark.parametrize("quantity", [0, 1000])
def test_it_keeps_quantities_from_1_to_999_in_the_database(alice_deck, cards, quantity):
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckEntry.objects.create(
            deck=alice_deck,
            section="main",
            card=cards["Wooden Sword"],
            quantity=quantity,
            position=9,
        )


def test_it_allows_one_entry_per_card_and_printing_in_a_section(alice_deck, cards):
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckEntry.objects.create(
            deck=alice_deck, section="main", card=cards["Hot Dog"], quantity=1, position=9
        )


def test_it_asks_for_the_key_when_two_cards_share_a_name(alice, neopets, cards):
    """MetaZoo-style Pages that share a name but differ carry different keys (DESIGN)."""
    twin = Card.objects.create(
        game=neopets, key="hot-dog-alt", name="Hot Dog", type="Food", text="Heal 1.", is_sample=True
    )
    with pytest.raises(InvalidEntries) as caught:
        entries_resolve(game=neopets, refs=refs({"main": [{"name": "hot dog", "quantity": 1}]}))
    assert caught.value.problems[0].suggestions == ("hot-dog", "hot-dog-alt")
    by_key = entries_resolve(
        game=neopets, refs=refs({"main": [{"key": "hot-dog-alt", "quantity": 1}]})
    )
    assert by_key[0].card == twin


def test_6_7_2_it_stores_a_card_named_by_a_name_two_keys_of_it_share(alice, neopets, cards):
    """6.7.2: a card stored under two keys with the same rules is one card: a deck names it by
    name, printing pinned or not, as /validate/ reads it (issue 14: storing refused
    `3 Fireball (MZ-SMP) 019`, which /validate/ accepts)."""
    reprint = Card.objects.create(game=neopets, key="hot-dog-zz", name="Hot Dog", type="Food")
    Printing.objects.create(card=reprint, set=CardSet.objects.get(code="SMP"), number="003")
    unpinned, pinned = entries_resolve(
        game=neopets,
        refs=refs(
            {
                "main": [
                    {"name": "Hot Dog", "quantity": 2},
                    {"name": "Hot Dog", "set": "SMP", "number": "003", "quantity": 1},
                ]
            }
        ),
    )
    assert unpinned.card == cards["Hot Dog"] and unpinned.quantity == 2
    assert pinned.card == reprint and pinned.printing.number == "003"


def test_it_refuses_a_key_that_is_not_the_card_named(alice, neopets, cards):
    """Issue 14, class 5: {"name": "Hot Dogs", "key": "hot-dog"} names two cards; it is
    refused on the key, not stored as the keyed card."""
    with pytest.raises(InvalidEntries) as caught:
        entries_resolve(
            game=neopets,
            refs=refs({"main": [{"name": "Hot Dogs", "key": "hot-dog", "quantity": 1}]}),
        )
    (problem,) = caught.value.problems
    assert problem.field == "key" and "not Hot Dogs" in problem.message


def test_it_looks_every_card_up_in_one_query(neopets, cards, django_assert_num_queries):
    wanted = refs({"main": [{"name": name, "quantity": 1} for name in cards]})
    with django_assert_num_queries(1):
        assert len(entries_resolve(game=neopets, refs=wanted)) == len(cards)
