"""A user-made card is read by its author, and by everyone once shared: never through a deck.

Alice's public Keeper deck holds her private Oracle. Charlie (and an anonymous reader) must not
learn its name, text, key or id through any path: the API's deck reads, the site's pages, the
editor's redraw (which once resolved posted card ids among the deck owner's cards, whoever
asked), copying and test games. The deck's verdict is the same for everyone.
"""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from rest_framework.test import APIClient

from cards.models import Card, Game
from cards.services.user_cards import KeeperCardDraft, keeper_card_save, user_card_share
from decks.models import Deck
from decks.resolution import PRIVATE_CARD, DeckLine
from decks.selectors import deck_entries_for_job
from decks.services import deck_create
from rulebook.core.resolve import EntryRef

# Text the Card Building Guide's parser cannot read: the validator quotes it in a warning.
ORACLE = KeeperCardDraft(
    name="Zanzibar Oracle", type="Spell", text="Whisper the moonlit cipher.", edition=11
)
SECRETS = ("Zanzibar", "moonlit cipher")


@pytest.fixture
def oracle(alice) -> Card:
    return keeper_card_save(owner=alice, draft=ORACLE)


@pytest.fixture
def deck(alice, oracle) -> Deck:
    deck = deck_create(
        owner=alice,
        game=Game.objects.get(slug="keeper"),
        name="Open deck",
        lines=[DeckLine("deck", oracle, 3)],
        visibility=Deck.Visibility.PUBLIC,
    )
    return deck


def assert_no_secret(body: str, oracle: Card) -> None:
    """Neither the card's name, text, key nor its address (the entries' ids are checked where
    the answer is JSON: another object may share the number)."""
    for secret in (*SECRETS, oracle.key, f"cards/{oracle.pk}/"):
        assert secret not in body


def test_it_shows_alice_her_own_card_in_her_public_deck(alice_api, deck, oracle):
    entry = alice_api.get(f"/api/v1/decks/{deck.pk}/").json()["sections"]["deck"][0]
    assert entry["name"] == ORACLE.name and entry["id"] == oracle.pk


def test_it_shows_charlie_a_private_card_in_the_api_detail(charlie_api, deck, oracle):
    body = charlie_api.get(f"/api/v1/decks/{deck.pk}/").json()
    assert body["sections"]["deck"] == [
        {"id": None, "key": None, "name": PRIVATE_CARD, "quantity": 3, "private": True}
    ]
    assert_no_secret(str(body), oracle)


def test_it_hides_the_card_from_an_anonymous_reader_by_link(api, deck, oracle):
    response = api.get(f"/api/v1/decks/{deck.link_token}/")
    assert response.status_code == 200
    assert_no_secret(response.content.decode(), oracle)


def test_it_hides_the_card_in_both_exports(charlie_api, deck, oracle):
    text = charlie_api.get(f"/api/v1/decks/{deck.pk}/export/?format=text").content.decode()
    assert f"3 {PRIVATE_CARD}" in text
    assert_no_secret(text, oracle)
    body = charlie_api.get(f"/api/v1/decks/{deck.pk}/export/?format=json").content.decode()
    assert_no_secret(body, oracle)


def test_it_hides_the_card_in_versions_and_diffs(alice, charlie_api, deck, oracle):
    from decks.services import DeckChanges, deck_update

    deck_update(
        deck=deck,
        expected_revision=deck.revision,
        changes=DeckChanges(sections={"deck": [DeckLine("deck", oracle, 4)]}),
    )
    snapshot = charlie_api.get(f"/api/v1/decks/{deck.pk}/versions/1/").json()["snapshot"]
    assert snapshot["sections"]["deck"] == [
        {"key": None, "name": PRIVATE_CARD, "private": True, "quantity": 3}
    ]
    diff = charlie_api.get(f"/api/v1/decks/{deck.pk}/diff/?from=1&to=2").json()
    assert diff["sections"]["deck"]["changed"] == [
        {"key": None, "name": PRIVATE_CARD, "private": True, "from": 3, "to": 4}
    ]
    page = charlie_api.get(f"/decks/{deck.pk}/versions/", {"from": 1, "to": 2})
    assert PRIVATE_CARD in page.content.decode()
    assert_no_secret(page.content.decode(), oracle)


def test_its_validation_report_says_the_same_verdict_without_the_card(
    alice_api, charlie_api, deck, oracle
):
    mine = alice_api.get(f"/api/v1/decks/{deck.pk}/validation/").json()
    theirs = charlie_api.get(f"/api/v1/decks/{deck.pk}/validation/").json()
    issues = mine["errors"] + mine["warnings"]
    assert any(ORACLE.name in issue["cards"] for issue in issues)  # quoted to Alice
    assert theirs["legal"] == mine["legal"]
    assert [i["code"] for i in theirs["errors"]] == [i["code"] for i in mine["errors"]]
    assert [i["code"] for i in theirs["warnings"]] == [i["code"] for i in mine["warnings"]]
    assert "card.unknown" not in str(theirs)  # judged as Alice sees her deck
    assert_no_secret(str(theirs), oracle)


def test_the_editor_redraw_never_resolves_a_posted_card_id_for_another_user(
    client, charlie, deck, oracle
):
    """The attack of issue 15: a redraw of someone's public deck with card=<id> listed the
    owner's private cards with their texts."""
    body = {"card": [str(oracle.pk)], "printing": [""], "section": ["deck"], "quantity": ["2"]}
    body["was"] = ["2"]
    for reader in (None, charlie):
        if reader is not None:
            client.force_login(reader)
        response = client.post(reverse("web:deck", args=[deck.pk]), {**body, "action": "check"})
        assert response.status_code == 200
        html = response.content.decode()
        assert_no_secret(html, oracle)
        assert "A private card" in html


def test_the_deck_page_and_text_export_hide_the_card(client, charlie, deck, oracle):
    client.force_login(charlie)
    html = client.get(reverse("web:deck", args=[deck.pk])).content.decode()
    assert_no_secret(html, oracle)
    text = client.get(reverse("web:deck-export", args=[deck.pk])).content.decode()
    assert text.strip().endswith(f"3 {PRIVATE_CARD}")


def test_copying_leaves_the_private_card_out_and_says_so(client, charlie, deck, oracle):
    client.force_login(charlie)
    response = client.post(reverse("web:deck-copy", args=[deck.pk]), follow=True)
    copy = Deck.objects.get(owner=charlie)
    assert not copy.entries.exists()
    assert "without 1 private card (3 copies)" in response.content.decode()
    assert_no_secret(response.content.decode(), oracle)


def test_copying_a_shared_card_copies_it(client, charlie, deck, oracle):
    user_card_share(card=oracle, shared=True)
    client.force_login(charlie)
    client.post(reverse("web:deck-copy", args=[deck.pk]))
    assert Deck.objects.get(owner=charlie).entries.get().card == oracle


def test_a_test_game_of_the_deck_names_no_private_card(charlie, deck, oracle):
    (ref,) = deck_entries_for_job(user=charlie, game="keeper", deck_id=deck.pk, field="deck_a")
    assert ref == EntryRef(section="deck", quantity=3, name=PRIVATE_CARD)


def test_a_shared_card_is_shown_to_everyone(charlie_api, deck, oracle):
    user_card_share(card=oracle, shared=True)
    entry = charlie_api.get(f"/api/v1/decks/{deck.pk}/").json()["sections"]["deck"][0]
    assert entry["name"] == ORACLE.name


def _patterns(resolver: URLResolver, prefix: str = ""):
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _patterns(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


_PARAMETER = re.compile(r"\(\?P<(\w+)>[^)]*\)|<(?:\w+:)?(\w+)>")


def _fill(route: str, values: dict[str, str]) -> str | None:
    """The route (a path() or a router's regex) with each parameter filled in, or None if one
    cannot be."""
    names = [a or b for a, b in _PARAMETER.findall(route)]
    if any(name not in values for name in names):
        return None
    path = _PARAMETER.sub(lambda m: values[m.group(1) or m.group(2)], route)
    return "/" + path.replace("^", "").replace("$", "").replace("\\Z", "").replace("\\", "")


PARAMETERS = ("pk", "card_id", "key")


def test_no_url_that_takes_a_card_or_a_deck_gives_charlie_alices_private_card(
    client, charlie, deck, oracle
):
    """Every route with a card id, card key or deck address, asked by GET and by a POST naming
    the card's id, answers Charlie without the card's name, text or key."""
    routes = set()
    for pk in (str(deck.pk), deck.link_token, str(oracle.pk)):
        values = {"pk": pk, "card_id": str(oracle.pk), "key": oracle.key, "game": "keeper"}
        values["number"] = "1"
        routes |= {
            filled
            for route, _ in _patterns(get_resolver())
            if any(f"<{name}>" in route or f":{name}>" in route for name in PARAMETERS)
            and (filled := _fill(route, values)) is not None
        }
    assert f"/decks/{deck.pk}/" in routes and f"/api/v1/cards/{oracle.pk}/" in routes
    client.force_login(charlie)
    posted = {"card": str(oracle.pk), "quantity": "1", "section": "deck", "was": "1"}
    for route in sorted(routes):
        for response in (client.get(route), client.post(route, posted)):
            assert response.status_code < 500, route
            assert_no_secret(response.content.decode(errors="replace"), oracle)


def test_the_api_tells_alice_which_of_her_cards_others_cannot_read(alice_api, charlie_api, deck):
    assert alice_api.get(f"/api/v1/decks/{deck.pk}/").json()["private_cards"] == [ORACLE.name]
    assert charlie_api.get(f"/api/v1/decks/{deck.pk}/").json()["private_cards"] == []


def test_share_cards_in_the_api_shares_them_with_the_deck(alice_api, charlie_api, deck, oracle):
    response = alice_api.patch(
        f"/api/v1/decks/{deck.pk}/",
        {"share_cards": True},
        format="json",
        HTTP_IF_MATCH=deck.etag,
    )
    assert response.status_code == 200 and response.json()["private_cards"] == []
    oracle.refresh_from_db()
    assert oracle.shared
    entry = charlie_api.get(f"/api/v1/decks/{deck.pk}/").json()["sections"]["deck"][0]
    assert entry["name"] == ORACLE.name


SAGE = KeeperCardDraft(name="Open Sage", type="Spell", text="Draw 2 cards.", edition=11)
WARD = KeeperCardDraft(name="Aardvark Ward", type="Spell", text="Draw 1 card.", edition=11)


def hashes_told(reader, deck: Deck) -> dict[str, object]:
    """Every place a reader (None: signed out) is told a version's hash: the deck's
    `version`, the list of versions, the latest version on its own, and the versions page."""
    client = APIClient()
    if reader is not None:
        client.force_login(reader)  # a session, which the website's pages read too
    latest = deck.versions.order_by("-number").first()
    listed = client.get(f"/api/v1/decks/{deck.pk}/versions/").json()["results"]
    return {
        "deck": client.get(f"/api/v1/decks/{deck.pk}/").json()["version"]["content_hash"],
        "versions": [version["content_hash"] for version in listed],
        "version": client.get(f"/api/v1/decks/{deck.pk}/versions/{latest.number}/").json()[
            "content_hash"
        ],
        "page": client.get(reverse("web:deck-versions", args=[deck.pk])).content.decode(),
    }


@pytest.fixture(params=["anonymous", "charlie"])
def outsider(request, charlie):
    """A reader of Alice's public deck who is not its author: signed out, or Charlie."""
    return None if request.param == "anonymous" else charlie


def test_an_outsider_is_told_no_hash_of_a_version_holding_a_private_card(outsider, deck, oracle):
    """issue 15, privacy: the hash covers the Oracle's key (its name and Alice's id), so a
    reader who sees "3 a private card" could hash guessed names until one matched."""
    told = hashes_told(outsider, deck)
    assert (told["deck"], told["versions"], told["version"]) == (None, [None], None)
    assert deck.versions.get().content_hash[:12] not in told["page"]
    assert "not shown: it holds a private card" in told["page"]


def test_alice_is_told_the_hash_of_her_deck(alice, deck, oracle):
    """issue 15, privacy: the card's author reads every card, so the hash too."""
    digest = deck.versions.get().content_hash
    told = hashes_told(alice, deck)
    assert (told["deck"], told["versions"], told["version"]) == (digest, [digest], digest)
    assert digest[:12] in told["page"]


def test_an_outsider_is_told_the_hash_of_a_version_without_private_cards(
    outsider, alice, deck, oracle
):
    """issue 15, privacy: each version is judged by its own cards. Alice swaps the Oracle for
    her shared Sage: version 1 keeps its hash hidden, version 2 tells it."""
    from decks.services import DeckChanges, deck_update

    sage = user_card_share(card=keeper_card_save(owner=alice, draft=SAGE), shared=True)
    deck_update(
        deck=deck,
        expected_revision=deck.revision,
        changes=DeckChanges(sections={"deck": [DeckLine("deck", sage, 3)]}),
    )
    digest = deck.versions.get(number=2).content_hash
    told = hashes_told(outsider, deck)
    assert (told["deck"], told["versions"], told["version"]) == (digest, [None, digest], digest)
    assert digest[:12] in told["page"]


def test_an_outsider_is_told_the_hash_once_the_card_is_shared(outsider, deck, oracle):
    """issue 15, privacy: a shared card is everyone's to read, and so is the hash over it."""
    user_card_share(card=oracle, shared=True)
    digest = deck.versions.get().content_hash
    told = hashes_told(outsider, deck)
    assert (told["deck"], told["versions"], told["version"]) == (digest, [digest], digest)


def test_the_deck_page_sorts_a_private_card_by_what_the_reader_sees(client, alice, deck, oracle):
    """issue 15, privacy: the page groups a section by card type, names in order within. Sorted
    before it was hidden, the Oracle sat after Alice's Spells Aardvark Ward and Open Sage,
    which said it was a Spell named after "Open Sage"; it now heads the section."""
    from decks.services import DeckChanges, deck_update

    shared = [
        user_card_share(card=keeper_card_save(owner=alice, draft=draft), shared=True)
        for draft in (SAGE, WARD)
    ]
    deck_update(
        deck=deck,
        expected_revision=deck.revision,
        changes=DeckChanges(
            sections={"deck": [DeckLine("deck", card, 3) for card in [oracle, *shared]]}
        ),
    )
    html = client.get(reverse("web:deck", args=[deck.pk])).content.decode()
    names = re.findall(r'id="card-\d+"[^>]*>([^<]+)<', html)
    assert names == ["A private card", "Aardvark Ward", "Open Sage"]
