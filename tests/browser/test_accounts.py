"""Sign up and create an API token, in a browser; the token then works against the API."""

from playwright.sync_api import expect
from rest_framework.test import APIClient


def test_it_signs_up_and_creates_a_token_that_the_api_accepts(page, shot):
    page.goto("/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password", exact=True).fill("a long enough password 9")
    page.get_by_label("Password confirmation").fill("a long enough password 9")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Your account: dora")

    page.get_by_label("Token name").fill("tournament script")
    page.get_by_role("button", name="Create token").click()
    key = page.get_by_label("Key").input_value()
    expect(page.locator("#tokens")).to_contain_text("tournament script")
    shot("account-tokens")

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/decks/").status_code == 200

    page.get_by_role("button", name="Revoke tournament script").click()
    expect(page.locator("#tokens")).to_contain_text("No tokens yet.")
    assert api.get("/api/v1/decks/").status_code == 401  # a revoked token is bad credentials
