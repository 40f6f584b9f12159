"""The deck doctor in a browser: "Suggest swaps" from the deck editor, the job's progress bar,
the chart of the swaps' intervals, and the best swap applied to the deck in one click, at
desktop and phone widths."""

from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cards.models import Game
from decks.services import deck_import
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from jobs.services.doctor import SwapRequest, doctor_create
from rulebook.core.resolve import EntryRef
from rulebook.samples import NEOPETS
from rulebook.simulation.doctor import DoctorStats, Round, SwapTally, doctor_result

from .test_tools import no_broker  # noqa: F401 (a fixture)

# The strong sample deck with its Green Grarrl replaced by a Green Slorg.
PLANTED = (
    Path("rulebook/neopets/sample_decks/strong.txt")
    .read_text()
    .replace("1 Green Grarrl", "1 Green Slorg")
)
NEOPETS_ENTRIES = NEOPETS.entries("strong")


def test_it_suggests_swaps_charts_them_and_applies_the_best(
    page,
    sample_cards,
    logged_in,
    no_broker,  # noqa: F811 (the fixture imported above)
    viewport,
    fits,
    shot,
):
    alice = logged_in("alice")
    neopets = Game.objects.get(slug="neopets")
    deck = deck_import(owner=alice, game=neopets, name="Planted", text=PLANTED)
    page.goto(f"/decks/{deck.address}/")
    page.locator("#doctor-link").click()
    page.wait_for_url("**/doctor/")
    page.get_by_label("Opponent (the field it must face)").select_option("sample:neopets:strong")
    page.get_by_label("Cards (one a line)").fill("Green Grarrl\nRed Usul")
    page.get_by_label("Games to play").fill("2400")  # the finalists measured afresh need the room
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


# Swaps named as long as the catalogue's names run: each must read whole over its whisker.
LONG_SWAPS = [
    ("Green Slorg", "Green Grarrl"),
    ("Hubert's Special Hot Dog", "Neopia Central Librarian"),
    ("Lab Ray Map Piece (North)", "Lab Ray Map Piece (South)"),
    ("Tai-Kai Codestone", "Battledome Announcer"),
]
# Each of a chart's texts, where it is drawn, and the chart's own width (its viewBox's).
TEXTS = """(svg) => [...svg.querySelectorAll("text")].map(t => {
  const box = t.getBBox();
  return {text: t.textContent, left: box.x, right: box.x + box.width,
          width: svg.viewBox.baseVal.width};
})"""


@pytest.mark.parametrize("width", [360, 1280])
def test_the_charts_labels_read_whole_on_a_phone_and_a_desktop(
    page,
    sample_cards,
    logged_in,
    no_broker,  # noqa: F811
    shot,
    fits,
    width,
):
    alice = logged_in("alice")
    neopets = Game.objects.get(slug="neopets")
    deck = deck_import(owner=alice, game=neopets, name="Planted", text=PLANTED)
    job = doctor_create(
        owner=alice,
        game="neopets",
        deck=(NEOPETS_ENTRIES, []),
        opponents=[(NEOPETS_ENTRIES, [])],
        weights=None,
        swaps=[
            SwapRequest(
                EntryRef("", 1, name="Mau Codestone"), EntryRef("", 1, name="Zei Codestone"), 1
            )
        ],
        pool=None,
        budget=60,
        seed=7,
    )
    described = [
        {"out": o.lower(), "in": i.lower(), "count": 1, "out_name": o, "in_name": i}
        for o, i in LONG_SWAPS
    ]
    # an answer of four swaps: two finalists measured afresh, two set aside
    tallies = [Counter(both=20, with_only=12, neither=8), Counter(both=20, with_only=3,
               without_only=2, neither=15), Counter(both=18, without_only=4, neither=18),
               Counter(both=20, neither=20)]  # fmt: skip
    stats = DoctorStats(
        {c: SwapTally(t, 60, 60) for c, t in enumerate(tallies)},
        confirmed={0: SwapTally(tallies[0], 60, 60), 1: SwapTally(tallies[1], 60, 60)},
        seeds=80,
        deck_wins=40,
    )
    rounds = [Round(0, 0, 40, (0, 1, 2, 3)), Round(1, 40, 40, (0, 1))]
    result = doctor_result(rounds, stats, described, table=False, seed=7)
    SimulationJob.objects.filter(pk=job.pk).update(status="done", result=result)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"/decks/{deck.address}/doctor/{job.pk}/")
    chart = page.locator("#doctor-chart svg:visible")
    expect(chart).to_have_count(1)
    texts = chart.evaluate(TEXTS)
    drawn = " ".join(t["text"] for t in texts)
    for out, into in LONG_SWAPS:
        assert f"1 {out} → {into}" in drawn, drawn
    assert "…" not in drawn
    inside = [t for t in texts if t["left"] < 0 or t["right"] > t["width"] + 0.5]
    assert not inside, f"cut off at the chart's edges at {width} px: {inside}"
    fits()
    shot(f"deck-doctor-chart-{width}")
