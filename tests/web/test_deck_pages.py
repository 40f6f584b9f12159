"""The deck pages without a browser: the editor's actions posted as a form (as with JavaScript
off), legality drawn by the server, saving and versions, import, export, copy, access."""

import json
import re
from pathlib import Path

import pytest

from cards.models import Card, Game
from decks.models import Deck
from decks.services import deck_import

STRONG = Path("rulebook/neopets/sample_decks/strong.txt").read_text()


@pytest.fixture
def deck(samples, alice) -> Deck:
    return deck_import(
        owner=alice, game=Game.objects.get(slug="neopets"), name="Strong", text=STRONG
    )


def editor_post(client, deck: Deck, **changes) -> str:
    """Post the editor form as the page drew it, with `changes` applied; the page's HTML."""
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    data = form_fields(html)
    data.update(changes)
    response = client.post(f"/decks/{deck.pk}/", data)
    assert response.status_code in (200, 302)
    return response.content.decode()


def form_fields(html: str) -> dict:
    """The editor form's values: repeated row fields as lists, like a browser posts them."""
    form = html[html.index('id="editor-form"') :]
    rows = ("card", "printing", "section", "quantity", "was", "was_section")
    fields: dict = {name: [] for name in rows}
    row_values = r'name="(card|printing|was|was_section|quantity)" value="([^"]*)"'
    for name, value in re.findall(row_values, form):
        fields[name].append(value)
    for select in re.findall(r'<select id="section-[^"]+" name="section".*?</select>', form, re.S):
        fields["section"].append(re.search(r'value="([^"]+)" selected', select).group(1))
    for name in ("revision", "version", "draft_revision", "seed", "mulligans", "name"):
        match = re.search(rf'name="{name}" value="([^"]*)"', form)
        if match:
            fields[name] = match.group(1)
    fields["visibility"] = "private"
    return fields


def legality(html: str) -> list[str]:
    return re.findall(r'<li class="problem" data-code="([^"]+)">', html)


def test_it_renders_the_legality_report_on_the_page_with_rule_numbers(alice_client, deck):
    """Readable with JavaScript off: the GET answer holds the whole report."""
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="legality-status" class="status-legal"' in html
    assert "Main Deck: <strong>50</strong>" in html
    deck.entries.filter(section="main").delete()
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'class="status-illegal"' in html
    assert '<li class="problem" data-code="main.size"><span class="rule">8.3.1</span>' in html


def test_it_adds_a_card_by_name_and_reports_the_copy_limit_it_breaks(alice_client, deck):
    """7.x copy limits: a third Hot Dog breaks the Food limit; the editor says so at once."""
    html = editor_post(
        alice_client, deck, action="add", add_name="hot dog", add_section="main", add_quantity="1"
    )
    assert "copies.limit" in legality(html) and "main.size" in legality(html)
    assert deck.entries.filter(card__name="Hot Dog").get().quantity == 2  # not saved yet


def test_it_names_an_unknown_card_with_suggestions(alice_client, deck):
    html = editor_post(alice_client, deck, action="add", add_name="Hot Dgo", add_section="main")
    assert 'id="add-problem"' in html and "Did you mean Hot Dog" in html


def test_it_moves_a_card_to_another_section_and_removes_rows(alice_client, deck):
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    data = form_fields(html)
    hot_dog = str(Card.objects.get(game__slug="neopets", name="Hot Dog").pk)
    row = data["card"].index(hot_dog)
    data["section"][row] = "rainbow_pool"
    mau = str(Card.objects.get(game__slug="neopets", name="Mau Codestone").pk)
    data["remove"] = str(data["card"].index(mau))
    html = alice_client.post(f"/decks/{deck.pk}/", data).content.decode()
    assert f'id="section-{hot_dog}-rainbow_pool"' in html
    assert "card.section" in legality(html)  # a Food cannot go in the Rainbow Pool
    assert "Main Deck: <strong>43</strong>" in html  # 50 less 2 Hot Dogs less the 5 Mau


def test_it_keeps_a_quantity_it_cannot_read_and_says_so(alice_client, deck):
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    data = form_fields(html)
    data["quantity"][0] = "lots"
    html = alice_client.post(f"/decks/{deck.pk}/", data).content.decode()
    assert "the quantity must be a whole number from 0 to 999, not &#x27;lots&#x27;" in html
    assert "Main Deck: <strong>50</strong>" in html


def test_it_saves_a_version_and_diffs_it_with_the_first(alice_client, deck):
    editor_post(alice_client, deck, action="save", name="Strong 2")
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    data = form_fields(html)
    mau = str(Card.objects.get(game__slug="neopets", name="Mau Codestone").pk)
    data["quantity"][data["card"].index(mau)] = "4"
    data["action"] = "save"
    assert alice_client.post(f"/decks/{deck.pk}/", data).status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Strong 2" and deck.versions.count() == 3
    diff = alice_client.get(f"/decks/{deck.pk}/versions/", {"from": 1, "to": 3}).content.decode()
    assert "Name: Strong → Strong 2" in diff and "Mau Codestone: 5 → 4" in diff


def test_it_refuses_a_save_based_on_an_old_revision(alice_client, deck):
    html = editor_post(alice_client, deck, action="save", revision="0", name="Stale")
    assert "saved elsewhere" in html
    deck.refresh_from_db()
    assert deck.name == "Strong"


def test_it_lets_only_the_owner_save_and_hides_private_decks(charlie_client, deck):
    assert charlie_client.get(f"/decks/{deck.link_token}/").status_code == 404
    Deck.objects.filter(pk=deck.pk).update(visibility="unlisted")
    html = charlie_client.get(f"/decks/{deck.link_token}/").content.decode()
    assert "Save version" not in html and 'id="legality-status"' in html
    response = charlie_client.post(f"/decks/{deck.link_token}/", {"action": "save", "name": "Mine"})
    assert response.status_code == 403


def test_an_unlisted_deck_is_found_by_its_link_never_by_counting_ids(charlie_client, deck):
    """Issue 11 item 4, on the site as in the API: the sequential id of a deck that is not
    public answers 404 to anyone but its owner; pages link to it by its unguessable token."""
    Deck.objects.filter(pk=deck.pk).update(visibility="unlisted")
    deck.refresh_from_db()
    assert charlie_client.get(f"/decks/{deck.pk}/").status_code == 404
    assert charlie_client.get(f"/decks/{deck.pk}/export.txt").status_code == 404
    assert deck.address == deck.link_token
    assert charlie_client.get(f"/decks/{deck.address}/export.txt").status_code == 200


def test_it_copies_a_readable_deck_into_the_users_own(charlie_client, deck):
    Deck.objects.filter(pk=deck.pk).update(visibility="public")
    response = charlie_client.post(f"/decks/{deck.pk}/copy/")
    copy = Deck.objects.exclude(pk=deck.pk).get()
    assert response["Location"] == f"/decks/{copy.link_token}/"  # private: by its link
    assert copy.owner.username == "charlie" and copy.visibility == "private"
    assert sum(entry.quantity for entry in copy.entries.all()) == 58


def test_it_imports_a_pasted_list_and_exports_it_back(alice_client, samples):
    text = "Neopets:\n1 Blue Acara\n\nMain Deck:\n2 Hot Dog\n3 Mau Codestone\n"
    response = alice_client.post(
        "/decks/import/", {"game": "neopets", "name": "Tiny", "visibility": "private", "text": text}
    )
    deck = Deck.objects.get(name="Tiny")
    assert response["Location"] == f"/decks/{deck.link_token}/"
    exported = alice_client.get(f"/decks/{deck.pk}/export.txt").content.decode()
    assert exported == "Main Deck:\n2 Hot Dog\n3 Mau Codestone\n\nNeopet Deck:\n1 Blue Acara\n"


def test_it_lists_the_lines_it_cannot_import_by_number(alice_client, samples):
    text = "Main Deck:\n2 Hot Dog\n2 Hot Dgo\n"
    response = alice_client.post(
        "/decks/import/", {"game": "neopets", "name": "Typo", "visibility": "private", "text": text}
    )
    assert response.status_code == 400
    assert "Line 3: No Neopets" in response.content.decode()
    assert not Deck.objects.filter(name="Typo").exists()


def test_it_imports_the_rest_when_asked_and_names_the_lines_left_out(alice_client, samples):
    text = "Main Deck:\n2 Hot Dog\n2 Hot Dgo\ntwo Omelettes\n1 Omelette\n"
    response = alice_client.post(
        "/decks/import/",
        {"game": "neopets", "name": "Rest", "visibility": "private", "text": text}
        | {"leave_out": "on"},
        follow=True,
    )
    html = response.content.decode()
    deck = Deck.objects.get(name="Rest")
    exported = alice_client.get(f"/decks/{deck.pk}/export.txt").content.decode()
    assert exported == "Main Deck:\n2 Hot Dog\n1 Omelette\n"
    assert "Left out line 4: is not a card line" in html
    assert "Left out line 3: No Neopets" in html


def test_it_draws_a_new_hand_and_takes_one_mulligan_only(alice_client, deck):
    """Setting Up the Game: 5 cards, at most one mulligan."""
    html = editor_post(alice_client, deck, action="mulligan")
    assert len(re.findall(r"<li>", html.split('id="hand"')[1].split("</ul>")[0])) == 5
    assert "after 1 mulligan" in html and 'id="mulligan"' not in html


def test_after_a_metazoo_mulligan_it_says_how_many_pages_it_dealt(alice_client, samples, alice):
    """Playing MetaZoo, Mulligan: each mulligan Bookmarks one Page fewer, and the panel says so."""
    pages = "\n".join(
        f"1 {name} [{key}]"
        for name, key in Card.objects.filter(game__slug="metazoo").values_list("name", "key")
    )
    deck = deck_import(owner=alice, game=Game.objects.get(slug="metazoo"), name="Z", text=pages)
    html = editor_post(alice_client, deck, action="mulligan")
    dealt = re.findall(r"<li>", html.split('id="hand"')[1].split("</ul>")[0])
    assert len(dealt) == 6 and "6 cards, after 1 mulligan" in html


@pytest.mark.parametrize(
    ("game", "sections"),
    [
        ("neopets", ["Main Deck", "Neopet Deck", "Rainbow Pool"]),
        ("keeper", ["Deck"]),
        ("metazoo", ["Spellbook", "Archive"]),
        ("millennium-blades", ["Singles", "Deck Box", "Accessories"]),
    ],
)
def test_it_edits_a_deck_of_every_game_in_its_own_section_names(
    alice_client, samples, game, sections
):
    response = alice_client.post(
        "/decks/new/", {"game": game, "name": "New", "visibility": "private"}
    )
    html = alice_client.get(response["Location"]).content.decode()
    headings = re.findall(r'<h2 id="section-[^"]+">([^<]+?)(?: <span|</h2>)', html)
    assert headings == [*sections, "Maybeboard"]  # every game's decks have one (issue 40)
    assert 'id="legality-status"' in html


def test_it_checks_against_the_lists_of_the_chosen_day(alice_client, deck):
    """A card banned from a date on is reported as of that day, not before it."""
    from rules.models import Format, FormatListEntry

    standard = Format.objects.get(game__slug="neopets", slug="standard")
    hot_dog = Card.objects.get(game__slug="neopets", name="Hot Dog")
    FormatListEntry.objects.create(
        format=standard, card=hot_dog, status="banned", effective="2025-06-01"
    )
    before = editor_post(alice_client, deck, as_of="2025-05-31")
    after = editor_post(alice_client, deck, as_of="2025-06-01")
    assert not any(code.startswith("card.banned") for code in legality(before))
    assert "status-illegal" in after and "as of 2025-06-01" in after


def test_it_says_what_is_wrong_with_a_date_or_format_it_cannot_use(alice_client, deck):
    assert "The date must be YYYY-MM-DD, not &#x27;soon&#x27;" in editor_post(
        alice_client, deck, as_of="soon"
    )
    assert "has no format &#x27;vintage&#x27;" in editor_post(alice_client, deck, format="vintage")


def test_the_add_box_is_offered_card_names_as_the_user_types(alice_client, deck):
    """htmx sends the editor's box as `add_name` with the box's hx-vals; the options answer it."""
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    box = re.search(r'<input id="add-name"[^>]*>', html).group(0)
    params = json.loads(re.search(r"hx-vals='([^']*)'", box).group(1))
    options = alice_client.get("/cards/names/", {**params, "add_name": "ho"}).content.decode()
    assert re.findall(r'<option value="([^"]+)">', options)[:2] == ["Hot Dog", "Hot Dog of Justice"]


def test_the_format_list_offers_the_default_format_once(alice_client, deck):
    html = alice_client.get(f"/decks/{deck.pk}/").content.decode()
    select = html.split('<select id="deck-format"')[1].split("</select>")[0]
    labels = re.findall(r"<option [^>]*>([^<]+)</option>", select)
    assert labels == ["Neopets Battledome TCG standard (the game's default)"]


def test_the_export_is_named_after_the_deck(alice_client, deck):
    response = alice_client.get(f"/decks/{deck.pk}/export.txt")
    assert response["Content-Disposition"] == 'inline; filename="Strong.txt"'


def test_after_an_import_the_page_shows_each_lines_section_and_each_line_not_read(
    alice_client, samples
):
    """Issue 27, item 2: a list pasted from another site, with a `// Sideboard` (never added to
    the Main Deck in silence, CR 8.3.1) and a Moxfield foil marker, is imported with the rest;
    the deck's page then shows which section each line went into and each line not read."""
    text = "Neopets:\n1 Blue Acara\nMain Deck: 50\n2 Hot Dog *F*\n// Sideboard\n1 Omelette\n"
    response = alice_client.post(
        "/decks/import/",
        {"game": "neopets", "name": "Pasted", "visibility": "private", "text": text}
        | {"leave_out": "on"},
        follow=True,
    )
    html = response.content.decode()
    readout = html.split('id="import-readout"')[1].split("</section>")[0]
    rows = re.findall(r"<tr class=\"(\w[\w-]*)\">\s*<td>(\d+)</td>", readout)
    assert rows == [
        ("header-line", "1"),
        ("read", "2"),
        ("header-line", "3"),
        ("read", "4"),
        ("header-line", "5"),
        ("not-read", "6"),
    ]
    assert "Neopet Deck" in readout and "Main Deck" in readout
    assert "Sideboard section" in readout and "not added" in readout
    again = alice_client.get(response.redirect_chain[-1][0]).content.decode()
    assert 'id="import-readout"' not in again  # shown once, after the import
