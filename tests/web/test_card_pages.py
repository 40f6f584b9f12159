"""Card search, the name options for autocomplete, and card pages."""

import datetime
import html as html_text
import re

from cards.models import Card
from decks.services import deck_create
from rules.models import Format, FormatListEntry
from web.views.cards import PAGE_SIZE


def card_names(html: str) -> list[str]:
    return [
        html_text.unescape(name)
        for name in re.findall(r'<a href="/cards/[^"]+/">([^<]+)</a>', html)
    ]


def test_it_finds_cards_with_the_search_language(client, samples):
    html = client.get("/cards/", {"q": "t:food hot"}).content.decode()
    assert card_names(html) == [
        "Hot Dog",
        "Hot Dog of Justice",
        "Hubert's Special Hot Dog",
        "Teeny Hot Dog",
    ]


def test_it_shows_a_syntax_error_at_its_position(client, samples):
    response = client.get("/cards/", {"q": "hp>= hot"})
    html = response.content.decode()
    assert response.status_code == 400
    assert 'role="alert"' in html and "(at character 5)" in html
    # the caret sits under the fifth character of the query as typed
    assert '<span class="caret">    ^</span>' in html


def test_it_filters_by_game_and_type(client, samples):
    html = client.get("/cards/", {"game": "keeper", "type": "Spell"}).content.decode()
    names = card_names(html)
    spells = Card.objects.filter(game__slug="keeper", type="Spell").values_list("name", flat=True)
    assert names == sorted(spells)


def test_it_pages_the_results(client, samples):
    first = card_names(client.get("/cards/").content.decode())
    second = card_names(client.get("/cards/", {"page": 2}).content.decode())
    assert len(first) == PAGE_SIZE and second and not set(first) & set(second)


def test_it_offers_names_starting_with_the_text_before_others(client, samples):
    html = client.get("/cards/names/", {"q": "ho", "game": "neopets"}).content.decode()
    names = [html_text.unescape(n) for n in re.findall(r'<option value="([^"]+)">', html)]
    assert names[:2] == ["Hot Dog", "Hot Dog of Justice"]
    assert names.index("Hubert's Special Hot Dog") < names.index("Blue Techo")


def test_it_shows_a_card_with_printings_list_history_and_public_decks(client, samples, alice):
    card = Card.objects.get(game__slug="neopets", name="Hot Dog")
    standard = Format.objects.get(game__slug="neopets", slug="standard")
    FormatListEntry.objects.create(
        format=standard,
        card=card,
        status="restricted",
        limit=1,
        effective=datetime.date(2025, 3, 1),
    )
    deck_create(owner=alice, game=card.game, name="Dog Pile", lines=[], visibility="public")
    public = deck_create(
        owner=alice, game=card.game, name="Hot Public", lines=[], visibility="public"
    )
    public.entries.create(section="main", card=card, quantity=2, position=0)
    html = client.get(f"/cards/neopets/{card.key}/").content.decode()
    assert "Restricted (at most 1)" in html and "since 2025-03-01" in html
    assert "Hot Public" in html and "Dog Pile" not in html
    for printing in card.printings.all():
        assert printing.number in html


def test_it_answers_404_for_an_unknown_card(client, samples):
    assert client.get("/cards/neopets/no-such-card/").status_code == 404
