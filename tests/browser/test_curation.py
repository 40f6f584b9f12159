"""Issue 36's "done when", in Chromium: a new curator takes a 300-row spreadsheet with a dozen
planted problems from upload (every problem reported at once) with pictures to an approved
release; and a contributor proposes a card with the rules' readouts following the typing."""

from __future__ import annotations

import io
import json
import zipfile

from django.core.management import call_command
from playwright.sync_api import expect

from tests.cards.pictures import picture_bytes
from tests.curation.spreadsheets import food_row, foods, spreadsheet

UNREADABLE = "Your deck may contain only one copy of this card per Neopet."
# A dozen problems, each on its card's row (the header is row 1): (card number, column, change).
PLANTS = {
    10: ("set", {"set": "NOPE", "set_name": "", "set_released": "", "set_sample": ""}),
    20: ("attributes", {"attributes": "{not json"}),
    30: ("attributes", {"attributes": json.dumps({"level": "high"})}),
    40: ("text", {"text": UNREADABLE}),
    50: ("attributes", {"attributes": json.dumps({"effects": [{"do": "fly"}]})}),
    60: ("distinct_namesake", {"name": "Hot Dog"}),
    70: ("type", {"type": "Dragon"}),
    80: ("sample", {"sample": "maybe"}),
    90: ("number", {"number": "1"}),  # the first row's printing again
    100: ("key", {"key": "bad key!"}),
    110: ("name", {"key": "snack-110", "name": ""}),
    120: ("set_released", {"set": "BAD", "set_name": "Bad", "set_released": "soon"}),
}


def fits_a_phone(page, fits) -> None:
    """The page fits at desktop width and at a 360 px phone's (issue 27's narrowest)."""
    fits()
    before = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 780})
    try:
        fits()
    finally:
        page.set_viewport_size(before)


def planted_spreadsheet() -> bytes:
    rows = foods(300)
    for n, (_, changes) in PLANTS.items():
        rows[n - 1] = food_row(n, **changes)
    return spreadsheet(rows)


def picture_zip(bad: bool = False) -> bytes:
    """Pictures of three snacks, named as people name them; `bad`: with a card the upload has
    not and a file that is no picture."""
    files = {
        "snack-7.png": picture_bytes(),
        "Snack 8.png": picture_bytes(),
        "snack-9.png": picture_bytes((200, 280), "JPEG"),
    }
    if bad:
        files |= {"snack-999.png": picture_bytes(), "snack-9.png": b"<svg/>"}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zipped:
        for name, content in files.items():
            zipped.writestr(name, content)
    return out.getvalue()


def upload(page, content: bytes, name: str) -> None:
    page.get_by_label("Game").select_option("neopets")
    page.get_by_label("File").set_input_files(
        {"name": name, "mimeType": "text/csv", "buffer": content}
    )
    page.get_by_role("button", name="Check the file").click()
    page.wait_for_url("**/contribute/upload/")


def test_a_new_curator_takes_a_planted_spreadsheet_to_a_release(
    page, sample_cards, logged_in, shot, fits, media_root
):
    logged_in("alice")
    call_command("grant_curator", "alice", "neopets", stdout=io.StringIO())
    page.goto("/")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Contribute").click()
    page.get_by_role("link", name="Upload a spreadsheet").first.click()

    upload(page, planted_spreadsheet(), "community-list.csv")
    expect(page.locator("#upload-refused")).to_contain_text("12 problems found")
    rows = page.locator("#upload-problems tbody tr")
    expect(rows).to_have_count(12)
    shown = {
        (
            rows.nth(i).locator("td").nth(0).inner_text(),
            rows.nth(i).locator("td").nth(1).inner_text(),
        )
        for i in range(12)
    }
    assert shown == {(str(n + 1), column) for n, (column, _) in PLANTS.items()}
    expect(page.get_by_role("button", name="Submit")).to_have_count(0)
    shot("curation-upload-problems")
    shot("curation-upload-problems", phone=True)
    fits_a_phone(page, fits)

    upload(page, spreadsheet(foods(300)), "community-list.csv")  # the fixed file
    expect(page.locator("#upload-counts")).to_contain_text("300 added")
    shot("curation-upload-preview")
    page.get_by_role("button", name="Submit 300 proposals").click()
    expect(page.get_by_role("status")).to_contain_text("Submitted 300 proposals")
    expect(page.locator("#my-proposals tbody tr")).to_have_count(20)  # a page of them
    shot("curation-my-proposals", phone=True)

    # the cards' pictures, as one zip named by the cards: a bad one refuses the zip whole
    pictures = page.get_by_role("form", name="Pictures for community-list.csv")
    pictures.get_by_label("Pictures (.zip)").set_input_files(
        {"name": "p.zip", "mimeType": "application/zip", "buffer": picture_zip(bad=True)}
    )
    pictures.get_by_role("button", name="Add the pictures").click()
    expect(page.locator("#pictures-refused")).to_contain_text("2 problems found")
    expect(page.locator("#pictures-problems tbody tr")).to_have_count(2)
    pictures = page.get_by_role("form", name="Pictures for community-list.csv")
    pictures.get_by_label("Pictures (.zip)").set_input_files(
        {"name": "p.zip", "mimeType": "application/zip", "buffer": picture_zip()}
    )
    pictures.get_by_role("button", name="Add the pictures").click()
    expect(page.get_by_role("status")).to_contain_text("Added 3 pictures")
    expect(pictures.locator(".upload-pictured")).to_contain_text("3 of 300")
    shot("curation-pictures")

    page.goto("/contribute/")
    page.get_by_role("link", name="Review queue").click()
    expect(page.locator("#only-curator")).to_contain_text("only curator")
    expect(page.locator("article.proposal").first).to_contain_text("Snack 1")
    shot("curation-queue")
    shot("curation-queue", phone=True)
    fits_a_phone(page, fits)
    page.get_by_role("button", name="Approve all 300").click()
    expect(page.get_by_role("status")).to_contain_text("Approved 300 proposals")
    expect(page.locator("#queue-empty")).to_be_visible()

    page.goto("/releases/")
    page.get_by_role("button", name="Publish the next release").click()
    release = page.locator("#release-neopets-1")
    # the first release's changes: the 300 approved (not the sample cards' loading)
    expect(release).to_contain_text("300 changes since the previous release")
    release.get_by_text("changes since the previous release").click()
    expect(release.get_by_role("link", name="Snack 7", exact=True)).to_be_visible()
    shot("curation-releases")
    shot("curation-releases", phone=True)
    fits_a_phone(page, fits)
    with page.expect_download() as download:
        release.get_by_role("link", name="Download the card file (JSON)").click()
    card_file = json.loads(download.value.path().read_bytes())
    assert {"snack-1", "snack-300"} <= {card["key"] for card in card_file["cards"]}

    page.goto("/cards/neopets/snack-7/")
    expect(page.locator("#history")).to_contain_text("proposed by alice, approved by alice")
    picture = page.get_by_role("img", name="Picture of Snack 7")
    expect(picture).to_be_visible()
    assert picture.evaluate("image => image.complete && image.naturalWidth > 0")
    shot("curation-card-history")


def test_a_contributor_sees_the_readouts_follow_their_typing(
    page, sample_cards, logged_in, shot, fits, media_root
):
    logged_in("bob")
    page.goto("/cards/neopets/hot-dog/")
    page.get_by_role("link", name="Propose a correction").click()
    expect(page.locator("#construction-readout")).to_contain_text("copy limit")
    # The readout is drawn with the page; typing is followed once htmx has read the form (a
    # click on a link returns before the new page's scripts have run).
    page.wait_for_load_state("load")
    page.get_by_label("Rules text").fill(UNREADABLE)
    expect(page.locator("#proposal-problems")).to_contain_text(UNREADABLE)
    page.get_by_label("Rules text").fill("Heal 2 HP.")
    expect(page.locator("#proposal-problems")).to_have_count(0)
    expect(page.locator("#construction-readout")).to_contain_text("begins in rainbow pool: no")
    shot("curation-propose")
    shot("curation-propose", phone=True)
    fits_a_phone(page, fits)
    page.get_by_label("Picture").set_input_files(
        {"name": "hot-dog.png", "mimeType": "image/png", "buffer": picture_bytes()}
    )
    page.get_by_label("Reason").fill("The printed card heals 2")
    page.get_by_role("button", name="Propose this correction").click()
    expect(page.get_by_role("status")).to_contain_text("Proposed Hot Dog")
    expect(page.locator("#my-proposals")).to_contain_text("correction")
    expect(page.get_by_role("img", name="Picture of Hot Dog")).to_be_visible()
