"""Privacy as one read (issue 35): every reader of a deck's contents in decks.selectors takes the
viewer and answers what that viewer may see, with no second call to mask.

Alice's public Keeper deck holds Bob's shared Open Lantern (version 1), then her own private
Zanzibar Oracle too (version 2); her private deck holds the Lantern alone. Charlie, Bob and an
anonymous reader (signed out, or no user at all) never learn the Oracle's name, text or key, nor
the hash of a version holding it, through any public selector, and never read the private deck
at all; they do read the Lantern and the hash of version 1, and Alice reads everything.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from basics.errors import InvalidRequest
from cards.models import Card, Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save, user_card_share
from decks import selectors
from decks.links import DeckLink
from decks.models import Deck
from decks.resolution import PRIVATE_CARD, DeckLine
from decks.services import DeckChanges, deck_copy, deck_create, deck_update

# Text the Card Building Guide's parser cannot read: the validator quotes it in a warning.
ORACLE = KeeperCardDraft(
    name="Zanzibar Oracle", type="Spell", text="Whisper the moonlit cipher.", edition=11
)
LANTERN = KeeperCardDraft(name="Open Lantern", type="Spell", text="Draw 2 cards.", edition=11)


@pytest.fixture
def oracle(alice) -> Card:
    return keeper_card_save(owner=alice, draft=ORACLE)


@pytest.fixture
def lantern(bob) -> Card:
    return user_card_share(card=keeper_card_save(owner=bob, draft=LANTERN), shared=True)


@pytest.fixture
def deck(alice, oracle, lantern) -> Deck:
    """Alice's public deck: version 1 the Lantern, version 2 the Lantern and her Oracle."""
    deck = deck_create(
        owner=alice,
        game=Game.objects.get(slug="keeper"),
        name="Open deck",
        lines=[DeckLine("deck", lantern, 2)],
        visibility=Deck.Visibility.PUBLIC,
    )
    return deck_update(
        deck=deck,
        expected_revision=deck.revision,
        changes=DeckChanges(
            sections={"deck": [DeckLine("deck", lantern, 2), DeckLine("deck", oracle, 3)]}
        ),
    )


@pytest.fixture
def private_deck(alice, lantern) -> Deck:
    return deck_create(
        owner=alice,
        game=Game.objects.get(slug="keeper"),
        name="Closed deck",
        lines=[DeckLine("deck", lantern, 1)],
    )


@pytest.fixture(params=["charlie", "bob", "signed out", "no user"])
def outsider(request, charlie, bob):
    """A reader of Alice's public deck who did not make her Oracle."""
    return {"charlie": charlie, "bob": bob, "signed out": AnonymousUser(), "no user": None}[
        request.param
    ]


def _lines(lines: list[DeckLine]) -> list[tuple]:
    return [
        (line.section, line.card.pk, line.card.key, line.card.name, line.card.text, line.quantity)
        for line in lines
    ]


def everything_told(deck: Deck, viewer) -> str:
    """What every public reader of a deck's contents tells this viewer, in one text."""
    shown = selectors.deck_shown(deck=deck, viewer=viewer, judge=True)
    latest = selectors.deck_version_latest(deck=deck, viewer=viewer)
    version = selectors.deck_version_get(deck=deck, number=2, viewer=viewer)
    told = [
        _lines(selectors.deck_lines(deck=deck, viewer=viewer)),
        selectors.deck_entry_refs(deck=deck, viewer=viewer),
        selectors.deck_report(deck=deck, viewer=viewer).as_dict(),
        _lines(shown.lines),
        shown.report.as_dict(),
        [card.name for card in shown.own_private],
        (latest.number, latest.hash_seen, latest.snapshot_seen),
        [(v.number, v.hash_seen) for v in selectors.deck_versions(deck=deck, viewer=viewer)],
        (version.hash_seen, version.snapshot_seen),
        selectors.deck_diff(deck=deck, from_number=1, to_number=2, viewer=viewer),
    ]
    return repr(told)


def secrets(deck: Deck, oracle: Card) -> list[str]:
    """What would tell the Oracle: its name, its text, its key, version 2's hash."""
    return [ORACLE.name, "moonlit cipher", oracle.key, deck.versions.get(number=2).content_hash]


def test_no_public_reader_tells_an_outsider_alices_private_card(outsider, deck, oracle):
    told = everything_told(deck, outsider)
    assert [secret for secret in secrets(deck, oracle) if secret in told] == []
    assert PRIVATE_CARD in told


def test_an_outsider_still_reads_the_shared_card_and_the_hash_of_version_1(outsider, deck):
    told = everything_told(deck, outsider)
    assert LANTERN.name in told
    assert deck.versions.get(number=1).content_hash in told


def test_alice_reads_every_card_of_her_deck_and_every_hash(alice, deck, oracle):
    told = everything_told(deck, alice)
    assert [secret for secret in secrets(deck, oracle) if secret not in told] == []
    assert ORACLE.name in repr(selectors.deck_shown(deck=deck, viewer=alice).own_private)


def test_the_verdict_is_the_same_for_everyone(alice, outsider, deck):
    mine = selectors.deck_report(deck=deck, viewer=alice)
    theirs = selectors.deck_report(deck=deck, viewer=outsider)
    assert (theirs.legal, theirs.counts) == (mine.legal, mine.counts)
    assert len(theirs.warnings) == len(mine.warnings)


def test_a_page_of_versions_in_any_order_is_masked(charlie, deck):
    versions = selectors.deck_versions(deck=deck, viewer=charlie)
    newest = versions.order_by("-number")[:1]
    assert [(v.number, v.hash_seen) for v in newest] == [(2, None)]
    oldest = versions.get(number=1)
    assert oldest.hash_seen == deck.versions.get(number=1).content_hash
    assert [v.hash_seen for v in versions.iterator()][1] is None


def test_a_job_naming_the_deck_gets_only_a_private_card(charlie, deck, oracle):
    refs = selectors.deck_entries_for_job(
        user=charlie, game="keeper", deck_id=deck.pk, field="deck"
    )
    assert [(ref.name, ref.id, ref.key) for ref in refs if ref.quantity == 3] == [
        (PRIVATE_CARD, None, None)
    ]


@pytest.mark.parametrize("who", ["charlie", "bob", "signed out"])
def test_no_one_else_reads_alices_private_deck(request, who, private_deck):
    viewer = AnonymousUser() if who == "signed out" else request.getfixturevalue(who)
    for address in (private_deck.pk, DeckLink(private_deck.link_token)):
        with pytest.raises(Deck.DoesNotExist):
            selectors.deck_get_readable(user=viewer, address=address)
    with pytest.raises(InvalidRequest):
        selectors.deck_entries_for_job(
            user=viewer, game="keeper", deck_id=private_deck.pk, field="deck"
        )
    assert private_deck not in selectors.deck_list(user=viewer)
    assert private_deck not in selectors.deck_list_public(besides=viewer)


def test_a_card_its_author_made_private_again_is_hidden_from_the_decks_owner_too(
    alice, bob, deck, lantern
):
    """The one rule is the card's (Card.visible_to), not the deck's: Alice owns the deck, Bob
    the Lantern."""
    user_card_share(card=lantern, shared=False)
    names = {line.card.name for line in selectors.deck_lines(deck=deck, viewer=alice)}
    assert LANTERN.name not in names and PRIVATE_CARD in names
    assert LANTERN.name in {line.card.name for line in selectors.deck_lines(deck=deck, viewer=bob)}


def test_a_copy_for_charlie_leaves_the_private_card_out_without_naming_it(charlie, deck, lantern):
    copy, left_out = deck_copy(deck=deck, owner=charlie)
    assert [
        (line.card, line.quantity) for line in selectors.deck_lines(deck=copy, viewer=charlie)
    ] == [(lantern, 2)]
    assert [(line.section, line.card.name, line.card.pk, line.quantity) for line in left_out] == [
        ("deck", PRIVATE_CARD, None, 3)
    ]


def test_only_the_owner_is_told_whether_lines_are_the_decks(alice, charlie, deck):
    lines = selectors.deck_lines(deck=deck, viewer=alice)
    assert selectors.deck_lines_same(deck=deck, owner=alice, lines=lines)
    assert not selectors.deck_lines_same(deck=deck, owner=alice, lines=lines[:1])
    assert not selectors.deck_lines_same(deck=deck, owner=charlie, lines=lines)
