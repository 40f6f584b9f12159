"""The playtest page: goldfish turn by turn from the editor's sample hand, and the exact
chance of having drawn a card or any card of a group."""

import html as html_text
import re
from pathlib import Path

import pytest

from cards.models import Game
from decks.models import Deck
from decks.services import deck_import
from rulebook.opening_hands import opening_hand
from rulebook.registry import HAND_RULES

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()


@pytest.fixture
def deck(samples, alice) -> Deck:
    return deck_import(
        owner=alice, game=Game.objects.get(slug="neopets"), name="Strong", text=STRONG
    )


def hand(html: str) -> list[str]:
    box = html.split('id="goldfish-hand"')[1].split("</ul>")[0]
    return [html_text.unescape(name) for name in re.findall(r"<li>([^<]+?) <a", box)]


def in_play(html: str) -> list[str]:
    if 'id="goldfish-in-play"' not in html:
        return []
    box = html.split('id="goldfish-in-play"')[1].split("</ul>")[0]
    return re.findall(r"<li>([^<]+)</li>", box)


def test_it_deals_the_editors_hand_then_draws_one_card_a_turn(alice_client, deck):
    """Setting Up the Game: 5 cards; 5.2 Draw Phase: one more each turn."""
    start = alice_client.get(f"/decks/{deck.pk}/playtest/", {"seed": 11}).content.decode()
    assert len(hand(start)) == 5
    turn_two = alice_client.get(f"/decks/{deck.pk}/playtest/", {"seed": 11, "turn": 2})
    later = hand(turn_two.content.decode())
    assert len(later) == 7 and later[:5] == hand(start)
    status = turn_two.content.decode().split('id="goldfish-status">')[1].split("</p>")[0]
    assert " ".join(status.split()).startswith("Turn 2 · going first")


def test_playing_a_card_moves_it_from_hand_to_play(alice_client, deck):
    html = alice_client.get(f"/decks/{deck.pk}/playtest/", {"seed": 11}).content.decode()
    first = hand(html)[0]
    link = re.search(r'<a href="([^"]+)" aria-label="Put ', html).group(1).replace("&amp;", "&")
    after = alice_client.get(link).content.decode()
    assert in_play(after) == [first] and len(hand(after)) == 4


def test_it_gives_the_exact_chance_of_any_card_of_a_group(alice_client, deck):
    html = alice_client.get(
        f"/decks/{deck.pk}/playtest/", {"seed": 3, "group": ["Hot Dog", "Mau Codestone"]}
    ).content.decode()
    row = html.split('id="odds-group-row"')[1].split("</tr>")[0]
    assert "Any of Hot Dog, Mau Codestone" in row
    assert "<td>7</td>" in row  # 2 Hot Dogs and 5 Mau Codestones
    # the opening hand: 1 - C(43, 5) / C(50, 5)
    assert (
        'data-exact="82583/151340" data-said="Any of the group, in the opening hand">'
        '54.6<span class="percent-sign">%</span>' in row
    )


def test_another_users_private_deck_cannot_be_playtested(charlie_client, deck):
    assert charlie_client.get(f"/decks/{deck.pk}/playtest/").status_code == 404


def test_a_millennium_blades_deck_has_no_hand_to_playtest(alice_client, samples, alice):
    from decks.services import deck_create

    blades = deck_create(
        owner=alice, game=Game.objects.get(slug="millennium-blades"), name="MB", lines=[]
    )
    assert alice_client.get(f"/decks/{blades.pk}/playtest/").status_code == 404


def test_the_dealt_hand_is_the_same_as_the_sample_hands(alice_client, deck):
    rule = HAND_RULES["neopets"]
    from decks.selectors import deck_lines

    pile = [
        line.card.name
        for line in deck_lines(deck=deck, viewer=deck.owner)
        if line.section == rule.section
        for _ in range(line.quantity)
    ]
    dealt = opening_hand(rule, pile, seed=4)
    html = alice_client.get(f"/decks/{deck.pk}/playtest/", {"seed": 4}).content.decode()
    assert hand(html) == list(dealt.hand)


def test_a_group_card_the_deck_does_not_hold_is_named_not_dropped(alice_client, deck):
    """A link kept from before the deck changed may name a card it no longer holds: the page
    says the group leaves it out, rather than counting the rest in silence."""
    html = alice_client.get(
        f"/decks/{deck.pk}/playtest/", {"seed": 3, "group": ["Hot Dog", "Jelly Blob"]}
    ).content.decode()
    assert "Not in this deck, so not in the group: Jelly Blob." in html
    assert "Any of Hot Dog<" in html
