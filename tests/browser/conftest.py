"""Browser tests: Playwright for Python driving Debian's Chromium against pytest-django's live
server (a real HTTP server over the test database; PostgreSQL in CI).

- The browser is /usr/bin/chromium (`apt-get install chromium`), launched by its path; Playwright
  never downloads one. Without it the tests skip, except in CI (CI=true), where they fail.
- Every page request to a host other than the live server's is refused and fails the test: no
  page may load anything from outside the machine.
- `shot(name)` saves a screenshot under artifacts/screenshots/ (git-ignored), and every test
  leaves one of its last page there.
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

# Playwright's sync API runs an event loop in the test's thread; Django's ORM refuses to run
# in such a thread unless told it is safe, and here it is (the loop only waits on the browser).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

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


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    # A shared 2-core machine (and CI) answers some requests in seconds, not milliseconds.
    expect.set_options(timeout=15_000)

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def sample_cards(transactional_db) -> None:
    """The shipped sample cards, as `make run` loads them (the live server's tests run in
    transactions that are flushed afterwards, so each test loads them again)."""
    call_command("load_samples", stdout=io.StringIO())


@pytest.fixture
def outside_requests() -> list[str]:
    """URLs of refused requests to other hosts, filled by the `page` fixture's guard."""
    return []


@pytest.fixture
def page(browser, live_server, outside_requests, request) -> Iterator[object]:
    """A fresh browser context at desktop size on the live server; any request to another host
    is aborted, recorded and fails the test at its end."""
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
    page = context.new_page()
    yield page
    _save(page, f"{request.node.name}-last")
    context.close()
    assert not outside_requests, f"pages requested other hosts: {outside_requests}"


def _save(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@pytest.fixture
def shot(page) -> Callable[..., Path]:
    """shot(name, phone=False): a full-page screenshot of the current page, at desktop width or
    (phone=True) at a phone's, saved under artifacts/screenshots/."""

    def take(name: str, *, phone: bool = False) -> Path:
        if phone:
            page.set_viewport_size(PHONE)
        try:
            return _save(page, f"{name}-{'phone' if phone else 'desktop'}")
        finally:
            page.set_viewport_size(DESKTOP)

    return take


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
