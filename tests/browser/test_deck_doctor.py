"""The deck doctor in a browser: "Suggest swaps" from the deck editor, the job's progress bar,
the chart of the swaps' intervals, and the best swap applied to the deck in one click, at
desktop and phone widths."""

from pathlib import Path

from playwright.sync_api import expect

from cards.models import Game
from decks.services import deck_import
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run

from .test_tools import no_broker  # noqa: F401 (a fixture)

# The strong sample deck with its Green Grarrl replaced by a Green Slorg.
PLANTED = Path("rulebook/neopets/sample_decks/strong.txt").read_text().replace(
    "1 Green Grarrl", "1 Green Slorg"
)


def test_it_suggests_swaps_charts_them_and_applies_the_best(
    page, sample_cards, logged_in, no_broker, viewport, fits, shot  # noqa: F811
):
    alice = logged_in("alice")
    neopets = Game.objects.get(slug="neopets")
    deck = deck_import(owner=alice, game=neopets, name="Planted", text=PLANTED)
    page.goto(f"/decks/{deck.address}/")
    page.locator("#doctor-link").click()
    page.wait_for_url("**/doctor/")
    page.get_by_label("Opponent (the field it must face)").select_option("sample:neopets:strong")
    page.get_by_label("Cards (one a line)").fill("Green Grarrl\nRed Usul")
    page.get_by_label("Games to play").fill("1200")
    page.get_by_label("Seed").fill("3")
    fits()
    shot("deck-doctor-form")
    page.get_by_role("button", name="Suggest swaps").click()
    expect(page.locator("#job-progress")).to_be_visible()
    fits()
    job = SimulationJob.objects.get()
    while (chunk := job.chunks.filter(status="pending").order_by("index").first()) is not None:
        chunk_run(chunk_id=chunk.pk, worker="browser-test")
    expect(page.locator("#doctor-chart svg:visible")).to_be_visible()
    first = page.locator("#doctor-swaps tbody tr").first
    expect(first).to_contain_text("1 Green Slorg → Green Grarrl")
    expect(page.locator("#doctor-policy")).to_contain_text("HeuristicPolicy")
    fits()
    shot("deck-doctor")
    first.get_by_role("button", name="Apply").click()
    expect(page.locator(".messages")).to_contain_text("saved as a new version")
    assert deck.versions.count() == 2
    assert "green-grarrl" in {entry.card.key for entry in deck.entries.all()}
