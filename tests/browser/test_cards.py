"""Search a card and open it, in a browser."""

from playwright.sync_api import expect


def test_it_searches_a_card_from_the_home_page_and_opens_it(page, sample_cards, shot):
    page.goto("/")
    page.get_by_label("Search cards").fill("t:food hot dog")
    page.get_by_label("Search cards").press("Enter")
    expect(page.get_by_role("status")).to_contain_text("4 cards")
    shot("card-search")
    page.get_by_role("link", name="Hubert's Special Hot Dog").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hubert's Special Hot Dog")
    expect(page.get_by_role("heading", name="Printings")).to_be_visible()
    shot("card-page")
    shot("card-page", phone=True)


def test_it_offers_matching_names_while_typing(page, sample_cards):
    page.goto("/cards/?game=neopets")
    page.get_by_label("Search").fill("ho")
    options = page.locator("#q-names option")
    expect(options.first).to_have_attribute("value", "Hot Dog")


def test_it_points_at_a_syntax_error_instead_of_a_blank_page(page, sample_cards):
    page.goto("/cards/")
    page.get_by_label("Search").fill("hp>= hot")
    page.get_by_label("Search").press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("at character 5")
