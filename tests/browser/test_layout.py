"""The base layout in a real browser: styled, nav usable, nothing loaded from another host."""

from playwright.sync_api import expect


def test_it_renders_the_home_page_with_the_site_stylesheet(page, sample_cards, shot):
    page.goto("/")
    expect(page.get_by_role("link", name="Deckwarden")).to_be_visible()
    # The stylesheet was served (WhiteNoise): the header has the brand colour, not the default.
    header = page.locator(".site-header")
    assert header.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(47, 93, 138)"
    assert page.evaluate("typeof htmx") == "object"
    shot("home")
    shot("home", phone=True)


def test_it_serves_the_api_docs_from_the_machine(page):
    page.goto("/api/v1/docs/")
    # the schema is generated on its first request, which takes seconds on a busy machine
    title = page.locator(".swagger-ui .title").first
    expect(title).to_contain_text("Deckwarden API", timeout=60_000)


def test_the_guard_refuses_and_records_a_request_to_another_host(page, outside_requests):
    # A blank page: the site's pages cannot even ask (their Content-Security-Policy refuses
    # other hosts), and the guard must catch whatever gets past a policy.
    page.goto("about:blank")
    page.evaluate(
        "() => new Promise(done => { const img = new Image(); img.onerror = done;"
        " img.src = 'http://outside.invalid/pixel.png'; })"
    )
    assert outside_requests == ["http://outside.invalid/pixel.png"]
    outside_requests.clear()  # seen; the fixture would fail the test otherwise
