"""Card search in a browser, at desktop and phone widths, as a deckbuilder uses it: the list,
text, grid and checklist views, the sort control, advanced search writing the query, a search
that finds nothing offering the near name, an unknown key listing the keys like it, and a
MetaZoo card's attacks and restrictions in words. No page scrolls sideways on a phone."""

import re

from playwright.sync_api import expect

VIEWS = [("text", "results-text"), ("grid", "results-grid"), ("checklist", "results-checklist")]


def search(page, **choices: str) -> None:
    """Choose in the search form's controls (by their labels) and submit it."""
    for label, value in choices.items():
        page.get_by_label(label.replace("_", " "), exact=True).select_option(value)
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_url("**/cards/?**")


def listed_hp(page) -> list[int]:
    stats = page.locator("#results tbody tr td:nth-child(4)").all_inner_texts()
    return [int(re.match(r"HP (\d+)", text).group(1)) for text in stats]


def test_it_shows_sorts_and_writes_searches(page, sample_cards, viewport, fits, shot):
    page.goto("/cards/?q=hot&game=neopets")
    results = page.locator("#results")
    expect(results).to_have_class("results-list")
    # The list shows cost, stats and text beside each name.
    row = results.locator("tr", has=page.get_by_role("link", name="Hot Dog of Justice"))
    expect(row.locator("td.result-text")).not_to_be_empty()
    fits()
    shot("card-search")
    for view, class_name in VIEWS:
        search(page, Show_as=view)
        expect(results).to_have_class(class_name)
        expect(results).to_contain_text("Hot Dog of Justice")
        fits()
        shot(f"card-search-{view}")

    # The sort control: Neopets by HP, highest first, in the list view.
    page.locator("#q").fill("t:neopet")
    search(page, Sort_by="hp", Direction="desc", Show_as="list")
    hp = listed_hp(page)
    assert len(hp) > 1 and hp == sorted(hp, reverse=True)

    # Advanced search writes the query into the search box and shows its results.
    page.get_by_role("link", name="Advanced search").click()
    page.wait_for_url("**/cards/advanced/")
    page.get_by_label("Name contains").fill("hot dog")
    page.get_by_label("Type", exact=True).fill("food")
    page.get_by_label("Rules text without").fill("heal")
    page.get_by_label("Game").select_option(label="Neopets Battledome TCG")
    fits()
    shot("card-advanced-search")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/cards/?q=**")
    expect(page.locator("#q")).to_have_value('name:"hot dog" t:food -o:heal game:neopets')
    names = results.locator("tbody tr td:first-child a")
    expect(names).to_have_text(["Hot Dog", "Hot Dog of Justice", "Teeny Hot Dog"])


def test_a_miss_offers_the_near_name_and_key(page, sample_cards, viewport, fits, shot):
    page.goto("/cards/")
    page.locator("#q").fill("hot dgo")
    page.get_by_role("button", name="Search", exact=True).click()
    page.wait_for_url("**/cards/?**")
    expect(page.locator("#no-results")).to_contain_text("No card matches “hot dgo”.")
    fits()
    shot("card-search-no-match")
    page.locator("#no-results").get_by_role("link", name="Hot Dog", exact=True).click()
    page.wait_for_url(re.compile(r"/cards/\?q=Hot(%20|\+)Dog"))
    expect(page.locator("#results").get_by_role("link", name="Hot Dog", exact=True)).to_be_visible()

    response = page.goto("/cards/neopets/hot-dgo/")
    assert response is not None and response.status == 404
    fits()
    shot("card-unknown-key")
    page.locator("#unknown-key").get_by_role("link", name="hot-dog", exact=True).click()
    page.wait_for_url("**/cards/neopets/hot-dog/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hot Dog")

    # A MetaZoo Page's attacks and restrictions, in words.
    page.goto("/cards/metazoo/killer-clown/")
    attributes = page.get_by_role("table", name="Attributes")
    attacks = attributes.get_by_role("row", name=re.compile("^Attacks"))
    expect(attacks).to_contain_text("Unsettling Grin: 30 damage")
    expect(attributes).to_contain_text("not in a Spellbook with Pages named Headless Horseman")
    fits()
    shot("card-metazoo")
