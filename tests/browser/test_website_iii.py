"""The website III in Chromium (issue 27): error pages with a way back (item 5), one source of
truth for the search's order (item 6), a first visit with sample decks and a scratch deck kept
on sign-up (item 7), and the wording items (item 9); each page also looked at 360 px."""

from __future__ import annotations

from playwright.sync_api import expect

from decks.models import Deck

PHONE_360 = {"width": 360, "height": 780}


def both_widths(page, shot, name: str, part: str = "") -> None:
    """Full-page shots at desktop and 360 px, and at 360 px the screen itself (scrolled to
    `part`, a selector, if given), to look at."""
    path = shot(name)
    before = page.viewport_size
    page.set_viewport_size(PHONE_360)
    shot(f"{name}-360")
    if part:
        page.locator(part).first.scroll_into_view_if_needed()
    page.screenshot(path=str(path.with_name(f"{name}-360-screen.png")))
    page.set_viewport_size(before)


def test_a_missing_page_is_the_sites_404_with_a_way_back(page, sample_cards, shot, fits):
    response = page.goto("/decks/no-such-deck-here-at-all/")
    assert response.status == 404
    expect(page.get_by_role("heading", name="There is nothing at this address")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("URLconf")  # not Django's debug page
    both_widths(page, shot, "error-404")
    page.set_viewport_size(PHONE_360)
    fits()
    page.get_by_role("link", name="Go to the home page").click()
    page.wait_for_url("**/")
    expect(
        page.get_by_role("heading", name="Build decks that are legal, and know it")
    ).to_be_visible()


def test_the_sort_controls_show_and_rewrite_the_querys_order(page, sample_cards, shot):
    page.goto("/cards/?q=t%3Aneopet+order%3Ahp+dir%3Adesc")
    expect(page.get_by_label("Sort by")).to_have_value("hp")
    expect(page.get_by_label("Direction")).to_have_value("desc")
    page.get_by_label("Sort by").select_option("lvl")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**order=lvl**")
    expect(page.get_by_label("Search", exact=True)).to_have_value("t:neopet order:lvl dir:desc")
    expect(page.get_by_label("Sort by")).to_have_value("lvl")
    both_widths(page, shot, "search-sorted")


def test_a_visitor_tries_a_sample_deck_and_keeps_it_by_signing_up(page, sample_decks, shot, fits):
    page.goto("/")
    expect(page.locator("body")).not_to_contain_text("No public decks yet")
    page.get_by_role("link", name="Strong (sample)").click()
    page.get_by_role("button", name="Try it in the editor").click()
    expect(page.locator("#scratch-note")).to_contain_text("without an account")
    expect(page.get_by_role("button", name="Save version")).to_be_visible()
    both_widths(page, shot, "scratch-editor", ".section-table")
    page.get_by_role("link", name="Playtest").first.click()
    expect(page.get_by_role("heading", name="Playtest")).to_be_visible()
    page.goto("/tools/test-games/")
    expect(page.get_by_label("Deck A", exact=True)).to_contain_text("Strong (sample) (copy)")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password", exact=True).fill("a long password 1")
    page.get_by_label("Password confirmation").fill("a long password 1")
    page.get_by_role("button", name="Create account").click()
    expect(page.locator(".messages")).to_contain_text("The 1 deck you tried is now yours")
    copy = Deck.objects.get(name="Strong (sample) (copy)")
    assert copy.owner.username == "dora" and copy.visibility == "private"
    page.goto("/decks/mine/")
    expect(page.get_by_role("link", name="Strong (sample) (copy)")).to_be_visible()
    page.set_viewport_size(PHONE_360)
    fits()


def test_the_wording_items(page, sample_cards, logged_in, shot):
    logged_in("alice")
    page.goto("/decks/new/?game=neopets")
    expect(page.get_by_label("Name")).to_be_focused()  # no 15 Tabs to reach it
    page.keyboard.type("Tiny")
    page.get_by_role("button", name="Create and edit").click()
    page.get_by_label("Card name").fill("Blue Acara")
    page.get_by_label("Section", exact=True).select_option(label="Neopet Deck")
    page.get_by_label("Card name").press("Enter")
    expect(page.locator("#legality")).to_contain_text(
        "Neopet Deck has 1 Neopet; it must have 3 to 5: add 2."
    )
    both_widths(page, shot, "wording-editor")
    page.goto("/cards/?q=cost%3A3&game=metazoo")
    expect(page.locator("#no-results")).to_contain_text(
        "MetaZoo (2023 rulebook) cards have no number for cost."
    )
    page.goto("/cards/?q=hot+dog")
    expect(page.locator("#results")).to_contain_text("Neopets Battledome TCG")
    both_widths(page, shot, "wording-search")
