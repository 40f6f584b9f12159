"""Browser tests: Playwright for Python driving Debian's Chromium against pytest-django's live
server (a real HTTP server over the test database; PostgreSQL in CI).

- The browser is /usr/bin/chromium (`apt-get install chromium`), launched by its path; Playwright
  never downloads one. Without it the tests skip, except in CI (CI=true), where they fail.
- Every page request to a host other than the live server's is refused and fails the test: no
  page may load anything from outside the machine.
- `shot(name)` saves a screenshot under artifacts/screenshots/ (git-ignored), and every test
  leaves one of its last page there.
- Every navigation (`goto`, `reload`, `go_back`, `go_forward`, `wait_for_url`) returns only once
  the new page has loaded and htmx has bound its elements, so no test types into a box before
  htmx listens to it; `shot` and `fits` wait the same way (a click may have loaded a new page),
  so nothing is measured or drawn before the stylesheet applies.
- The `viewport` fixture runs a test at desktop and at phone width; `fits()` asserts the page
  does not scroll sideways, naming the elements that stick out.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

CHROMIUM = Path(os.environ.get("DECKWARDEN_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


# Per module, not per session: Playwright's sync API keeps an event loop running in the test
# thread while it is open, so every later test of the same pytest-xdist worker ran inside it
# (asyncio.run refused, as the webhook tests found when a browser module ran before them).
@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    # A shared 2-core machine (and CI) answers some requests in seconds, not milliseconds.
    expect.set_options(timeout=15_000)

    # Playwright's sync API runs an event loop in the test's thread while it is open; Django's
    # ORM refuses to run in such a thread unless told it is safe, and here it is (the loop only
    # waits on the browser). Told only while the browser is open: the rest of the suite keeps
    # Django's guard.
    with pytest.MonkeyPatch.context() as env, sync_playwright() as playwright:
        env.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def sample_cards(transactional_db) -> None:
    """The shipped sample cards, as `make run` loads them (the live server's tests run in
    transactions that are flushed afterwards, so each test loads them again); without the
    public sample decks, which the tests wanting them load (`sample_decks`)."""
    call_command("load_samples", "--cards-only", stdout=io.StringIO())


@pytest.fixture
def sample_decks(sample_cards) -> None:
    """The public sample decks of every game, as `make run` loads them after the cards."""
    from decks.sample_decks import sample_decks_load

    sample_decks_load()


@pytest.fixture
def outside_requests() -> list[str]:
    """URLs of refused requests to other hosts, filled by the `page` fixture's guard."""
    return []


# Set on <html> when htmx has processed the body (its first htmx:load, fired on the body itself);
# an init script runs before any page script, so the listener is there before htmx fires.
MARK_HTMX_READY = """
document.addEventListener("htmx:load", (event) => {
  if (event.target === document.body) document.documentElement.dataset.testReady = "htmx";
});
"""
# A page without htmx (a text export, an error page) is ready once loaded.
PAGE_READY = """() => document.documentElement.dataset.testReady === "htmx"
  || (document.readyState === "complete" && !window.htmx)"""
NAVIGATIONS = ("goto", "reload", "go_back", "go_forward", "wait_for_url")


def wait_until_ready(page) -> None:
    """Wait until the current document has loaded (its stylesheet applied) and htmx listens."""
    page.wait_for_load_state("load")
    page.wait_for_function(PAGE_READY)


def _wait_for_ready_after_navigation(page) -> None:
    """Wrap the page's navigations so each one also waits for the page to be ready."""
    for name in NAVIGATIONS:
        navigate = getattr(page, name)

        def navigate_then_wait(*args, _navigate=navigate, **kwargs):
            response = _navigate(*args, **kwargs)
            wait_until_ready(page)
            return response

        setattr(page, name, navigate_then_wait)


@pytest.fixture
def page(browser, live_server, outside_requests, request) -> Iterator[object]:
    """A fresh browser context at desktop size on the live server; any request to another host
    is aborted, recorded and fails the test at its end, as does anything the
    Content-Security-Policy refuses."""
    own_host = urlsplit(live_server.url).netloc
    context = browser.new_context(base_url=live_server.url, viewport=DESKTOP)
    context.set_default_timeout(15_000)

    def guard(route) -> None:
        url = route.request.url
        if urlsplit(url).scheme in ("http", "https", "ws", "wss") and (
            urlsplit(url).netloc != own_host
        ):
            outside_requests.append(url)
            route.abort()
        else:
            route.continue_()

    context.route(re.compile(".*"), guard)
    context.add_init_script(MARK_HTMX_READY)
    page = context.new_page()
    _wait_for_ready_after_navigation(page)
    # Chromium says on the console what the Content-Security-Policy refused: a page of ours
    # that needs an inline script or style, or another host, fails the test.
    refused = []
    page.on(
        "console",
        lambda message: (
            refused.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    yield page
    _save(page, f"{request.node.name}-last")
    context.close()
    assert not outside_requests, f"pages requested other hosts: {outside_requests}"
    assert not refused, f"the Content-Security-Policy refused: {refused}"


def _save(page, name: str) -> Path:
    # a click may have loaded a new page: measure and draw it only once it is styled
    wait_until_ready(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def shot(page) -> Callable[..., Path]:
    """shot(name, phone=False): a full-page screenshot of the current page at its width (named
    -desktop or -phone), or (phone=True) at a phone's, saved under artifacts/screenshots/."""

    def take(name: str, *, phone: bool = False) -> Path:
        before = page.viewport_size
        if phone:
            page.set_viewport_size(PHONE)
        try:
            wide = page.viewport_size["width"] > PHONE["width"]
            return _save(page, f"{name}-{'desktop' if wide else 'phone'}")
        finally:
            page.set_viewport_size(before)

    return take


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def viewport(request, page) -> dict:
    """Run the test once at desktop width and once at a phone's: the page is set to it."""
    page.set_viewport_size(request.param)
    return request.param


# The innermost elements reaching past the screen's right edge, to name what to fix.
WIDER_THAN_SCREEN = """() => [...document.querySelectorAll("body *")]
  .filter(e => e.getBoundingClientRect().right > innerWidth + 0.5
    && ![...e.children].some(c => c.getBoundingClientRect().right > innerWidth + 0.5))
  .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + (e.className && typeof e.className === "string" ? "." + e.className : ""))"""


@pytest.fixture
def fits(page) -> Callable[[], None]:
    """fits(): assert the current page does not scroll sideways at the page's width (on a phone
    a table or chart too wide must scroll inside its own box, not drag the page)."""

    def check() -> None:
        wait_until_ready(page)
        width = page.viewport_size["width"]
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        if scroll_width > width:
            wide = page.evaluate(WIDER_THAN_SCREEN)
            raise AssertionError(f"{page.url} is {scroll_width} px wide at {width} px: {wide}")

    return check


@pytest.fixture
def logged_in(page, django_user_model) -> Callable[[str], object]:
    """logged_in(username): make the user and log the page in through the log-in form."""

    def log_in(username: str = "alice"):
        user = django_user_model.objects.create_user(username, password="a long password 1")
        page.goto("/accounts/login/")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill("a long password 1")
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/")
        return user

    return log_in
