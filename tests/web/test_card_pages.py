"""Card search, the name options for autocomplete, and card pages."""

import datetime
import html as html_text
import re

import pytest

from cards.models import Card
from decks.services import deck_create
from rules.models import Format, FormatListEntry
from web.views.cards import PAGE_SIZE


def card_names(html: str) -> list[str]:
    return [
        html_text.unescape(name)
        for name in re.findall(r'<a href="/cards/[^"/]+/[^"/]+/">([^<]+)</a>', html)
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


def test_a_search_that_finds_nothing_says_so_and_suggests_the_near_name(client, samples):
    html = client.get("/cards/", {"q": "hot dgo"}).content.decode()
    assert "No card matches “hot dgo”." in html
    assert 'href="/cards/?q=Hot%20Dog&amp;game=neopets">Hot Dog</a>' in html


def test_a_search_language_query_that_finds_nothing_suggests_no_name(client, samples):
    html = client.get("/cards/", {"q": "t:food hp>99"}).content.decode()
    assert "No card matches" in html and "Did you mean" not in html


def test_the_near_names_keep_to_the_chosen_game(client, samples):
    html = client.get("/cards/", {"q": "hot dgo", "game": "keeper"}).content.decode()
    assert "No card matches" in html and "Hot Dog</a>" not in html


def test_an_unknown_key_lists_the_keys_like_it(client, samples):
    response = client.get("/cards/neopets/hot-dgo/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<a href="/cards/neopets/hot-dog/">hot-dog</a>' in html


def test_a_metazoo_page_shows_its_attacks_restrictions_and_aura_cost_in_words(client, samples):
    html = client.get("/cards/metazoo/killer-clown/").content.decode()
    assert '<th scope="row">Attacks</th><td>Unsettling Grin: 30 damage</td>' in html
    assert "not in a Spellbook with Pages named Headless Horseman" in html
    assert ">LP</th><td>70</td>" in html
    flame = client.get("/cards/metazoo/chupacabra-flame/").content.decode()
    assert "<td>2 Flame</td>" in flame and "Scorching Fang: 40 damage. Inflict Burn." in flame


def test_a_neopet_shows_hp_as_letters(client, samples):
    html = client.get("/cards/neopets/blue-acara/").content.decode()
    assert '<th scope="row">HP</th><td>8</td>' in html


def test_the_search_box_offers_names_of_the_game_chosen_beside_it(client, samples):
    html = client.get("/cards/").content.decode()
    box = html.split('<input id="q"')[1].split("<datalist")[0]
    assert 'hx-include="#game"' in box and '"game"' not in box
    keeper = client.get("/cards/names/", {"q": "ho", "field": "q", "game": "keeper"}).content
    assert b"Hot Dog" not in keeper


def test_the_list_shows_cost_stats_and_text(client, samples):
    html = client.get("/cards/", {"q": "t:neopet blue acara"}).content.decode()
    row = html.split('<table id="results" class="results-list">')[1].split("</table>")[0]
    assert "HP 8" in row and '<th scope="col">Cost</th>' in row


@pytest.mark.parametrize(
    ("view", "marker"),
    [
        ("text", 'class="results-text"'),
        ("grid", 'class="results-grid"'),
        ("checklist", 'class="results-checklist"'),
    ],
)
def test_it_shows_the_results_in_the_view_chosen(client, samples, view, marker):
    html = client.get("/cards/", {"q": "hot", "view": view}).content.decode()
    assert marker in html and "Hot Dog of Justice" in html


def test_the_sort_control_orders_the_results_unless_the_query_sorts_itself(client, samples):
    def neopet_hp(html):
        return [int(hp) for hp in re.findall(r"<td>HP (\d+)", html)]

    down = client.get("/cards/", {"q": "t:neopet", "order": "hp", "dir": "desc"}).content.decode()
    assert neopet_hp(down) == sorted(neopet_hp(down), reverse=True) and neopet_hp(down)
    typed = client.get("/cards/", {"q": "t:neopet order:hp", "order": "name", "dir": "desc"})
    assert neopet_hp(typed.content.decode()) == sorted(neopet_hp(typed.content.decode()))


def test_the_advanced_search_form_writes_the_query(client, samples):
    response = client.get(
        "/cards/advanced/",
        {"name": "hot dog", "type": "food", "game": "neopets", "exclude_text": "heal"},
    )
    assert response.status_code == 302
    assert response["Location"] == (
        "/cards/?q=name%3A%22hot+dog%22+t%3Afood+-o%3Aheal+game%3Aneopets"
    )
    names = card_names(client.get(response["Location"]).content.decode())
    assert names == ["Hot Dog", "Hot Dog of Justice", "Teeny Hot Dog"]


def test_the_advanced_search_form_names_a_field_it_cannot_use(client, samples):
    response = client.get("/cards/advanced/", {"stat": "hp", "name": 'say "hi"'})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Give the number to compare the stat with." in html
    assert "cannot hold a double quote" in html


def test_the_name_options_offer_pages_that_share_a_name_one_by_one(client, samples):
    """Rulebook p. 40: two Pages may share a name with other rules; the editor's box offers
    each as "Name [key]", which it reads as that Page."""
    html = client.get("/cards/names/", {"q": "chupa", "game": "metazoo"}).content.decode()
    values = re.findall(r'<option value="([^"]+)"', html)
    assert "Chupacabra [chupacabra-flame]" in values and len(values) == 2
    assert "Chupacabra" not in values


def test_a_card_page_adds_the_card_to_one_of_my_decks_as_a_new_version(
    alice_client, alice, samples
):
    from decks.models import Deck, DeckVersion

    game = Card.objects.get(name="Hot Dog").game
    mine = deck_create(owner=alice, game=game, name="Dogs", lines=[])
    page = alice_client.get("/cards/neopets/hot-dog/").content.decode()
    assert 'id="add-to-deck"' in page and ">Dogs</option>" in page
    for copies in ("2", "1"):
        response = alice_client.post(
            "/cards/neopets/hot-dog/add-to-deck/",
            {"deck": mine.pk, "section": "main", "quantity": copies},
            follow=True,
        )
    assert "Added 1 Hot Dog to Dogs (Main Deck)." in response.content.decode()
    assert Deck.objects.get(pk=mine.pk).entries.get().quantity == 3
    assert DeckVersion.objects.filter(deck=mine).count() == 3


def test_a_card_is_never_added_to_another_users_deck(alice_client, samples, charlie):
    theirs = deck_create(
        owner=charlie, game=Card.objects.get(name="Hot Dog").game, name="Theirs", lines=[]
    )
    response = alice_client.post(
        "/cards/neopets/hot-dog/add-to-deck/",
        {"deck": theirs.pk, "section": "main", "quantity": 1},
        follow=True,
    )
    assert "Hot Dog was not added" in response.content.decode()
    assert not theirs.entries.exists()


def test_adding_past_the_most_copies_a_line_holds_adds_nothing_and_says_so(
    alice_client, alice, samples
):
    game = Card.objects.get(name="Hot Dog").game
    mine = deck_create(owner=alice, game=game, name="Dogs", lines=[])
    form = {"deck": mine.pk, "section": "main"}
    alice_client.post("/cards/neopets/hot-dog/add-to-deck/", {**form, "quantity": 998})
    response = alice_client.post(
        "/cards/neopets/hot-dog/add-to-deck/", {**form, "quantity": 2}, follow=True
    )
    assert "the deck would hold 1000 copies; a line holds at most 999" in response.content.decode()
    assert mine.entries.get().quantity == 998


def test_the_sort_controls_show_the_order_the_query_asks_for(client, samples):
    html = client.get("/cards/", {"q": "t:neopet order:hp dir:desc"}).content.decode()
    assert '<option value="hp" selected>HP</option>' in html
    assert '<option value="desc" selected>Descending</option>' in html


def test_changing_a_sort_control_rewrites_the_querys_order(client, samples):
    """The page showed the query's hp/desc; the user picked Level: the query now says so."""
    params = {"q": "t:neopet order:hp dir:desc", "shown_order": "hp", "shown_dir": "desc"}
    html = client.get("/cards/", {**params, "order": "lvl", "dir": "desc"}).content.decode()
    assert 'value="t:neopet order:lvl dir:desc"' in html
    assert '<option value="lvl" selected>Level</option>' in html
    back = client.get("/cards/", {**params, "order": "name", "dir": "asc"}).content.decode()
    assert 'value="t:neopet"' in back  # name ascending is the default: no terms left


def test_a_search_comparing_a_stat_the_game_lacks_says_why_nothing_matches(client, samples):
    html = client.get("/cards/", {"q": "cost:3", "game": "metazoo"}).content.decode()
    assert "MetaZoo (2023 rulebook) cards have no number for cost." in html
    assert "cost: compares Level in Neopets Battledome TCG, Cost in Keeper" in html


def test_the_result_list_names_each_cards_game(client, samples):
    html = client.get("/cards/", {"q": "hot dog"}).content.decode()
    assert '<span class="muted game-name">Neopets Battledome TCG</span>' in html
