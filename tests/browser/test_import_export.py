"""Import a text decklist in a browser and export it back."""

from playwright.sync_api import expect

LIST = "Neopet Deck:\n1 Blue Acara\n1 Red Shoyru\n\nMain Deck:\n2 Hot Dog\n3 Mau Codestone\n"


def test_it_imports_a_pasted_list_and_exports_the_same_text(page, sample_cards, logged_in):
    logged_in("alice")
    page.goto("/decks/import/")
    page.get_by_label("Game").select_option(label="Neopets Battledome TCG")
    page.get_by_label("Name").fill("Pasted")
    page.get_by_label("Decklist", exact=True).fill(LIST)
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Pasted")
    expect(page.locator("#legality-status")).to_contain_text("Not legal")
    page.get_by_role("link", name="Export as text").click()
    page.wait_for_url("**/export.txt")
    exported = page.locator("body").inner_text()
    assert exported.strip().splitlines() == [
        "Main Deck:",
        "2 Hot Dog",
        "3 Mau Codestone",
        "",
        "Neopet Deck:",
        "1 Blue Acara",
        "1 Red Shoyru",
    ]


def test_it_imports_an_uploaded_file(page, sample_cards, logged_in, tmp_path):
    logged_in("alice")
    decklist = tmp_path / "deck.txt"
    decklist.write_text(LIST)
    page.goto("/decks/import/?game=neopets")
    page.get_by_label("Name").fill("Uploaded")
    page.get_by_label("…or upload a text file").set_input_files(str(decklist))
    page.get_by_role("button", name="Import").click()
    # the editor lists each section by card type (Codestone before Food), as its rows stand
    expect(page.locator("#deck-text")).to_have_value(
        "Main Deck:\n3 Mau Codestone\n2 Hot Dog\n\nNeopet Deck:\n1 Blue Acara\n1 Red Shoyru\n"
    )


MOXFIELD_LIST = (
    "Neopet Deck:\n1 Blue Acara\nMain Deck: 50\n2 Hot Dog *F*\n3 Mau Codestone # the engine\n"
    "// Sideboard\n1 Omelette\n"
)


def test_after_an_import_it_shows_each_lines_section_and_each_line_not_read(
    page, sample_cards, logged_in, viewport, fits, shot
):
    """Issue 27, item 2: a list as another site exports it (a `// Sideboard`, a foil marker, a
    trailing comment) is imported without the Sideboard, never silently put in the Main Deck
    (CR 8.3.1), and the deck's page says where each line went and which line was not read."""
    logged_in("alice")
    page.goto("/decks/import/?game=neopets")
    page.get_by_label("Name").fill("From Moxfield")
    page.get_by_label("Decklist", exact=True).fill(MOXFIELD_LIST)
    page.get_by_label("Import the rest if some lines cannot be").check()
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("From Moxfield")
    readout = page.locator("#import-readout")
    expect(readout.get_by_role("heading", name="How your list was read")).to_be_visible()
    rows = readout.locator("tbody tr")
    expect(rows).to_have_count(7)
    expect(rows.nth(1)).to_contain_text("Neopet Deck")
    expect(rows.nth(3)).to_contain_text("Main Deck")
    expect(rows.nth(4)).to_contain_text("Main Deck")
    expect(rows.nth(6)).to_contain_text("Not read")
    expect(rows.nth(6)).to_contain_text("Sideboard section")
    expect(page.locator("#deck-text")).to_have_value(
        "Main Deck:\n3 Mau Codestone\n2 Hot Dog\n\nNeopet Deck:\n1 Blue Acara\n"
    )
    fits()
    shot("import-readout")
    page.reload()
    expect(page.locator("#import-readout")).to_have_count(0)
