"""An upload's pictures as one zip (issue 36, item 4, for a spreadsheet of hundreds of cards):
each file named by its card, every picture checked before any is stored, every problem named
by its file, all or none; and the refusals of a crafted archive."""

from __future__ import annotations

import io
import zipfile

import pytest

from basics.errors import InvalidRequest
from cards.models import Card
from curation.models import Proposal
from curation.services import (
    CardProblems,
    NotAllowed,
    bulk_commit,
    upload_approve,
    upload_pictures_set,
)
from tests.cards.pictures import claimed_size_png, picture_bytes, upload

from .spreadsheets import foods, spreadsheet


def archive(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zipped:
        for name, content in files.items():
            zipped.writestr(name, content)
    return out.getvalue()


@pytest.fixture
def snacks(bob, neopets):
    stored, _ = bulk_commit(
        proposer=bob, game="neopets", file_name="snacks.csv", content=spreadsheet(foods(3))
    )
    return stored


def _files(media_root) -> int:
    return sum(1 for p in media_root.rglob("*") if p.is_file()) if media_root.exists() else 0


def test_pictures_named_by_key_or_name_go_to_their_cards_once_approved(
    snacks, bob, alice, alice_curates, media_root
):
    zipped = archive(
        {
            "snack-1.png": picture_bytes(),
            "scans/Snack 2.jpg": picture_bytes((300, 420), "JPEG"),  # a folder; the card's name
            "__MACOSX/._snack-1.png": b"resource fork",
            ".DS_Store": b"finder",
        }
    )
    pictured, skipped = upload_pictures_set(
        upload=snacks, user=bob, archive=upload(zipped, "pictures.zip")
    )
    assert (pictured, skipped) == (2, 2)
    by_key = {p.key: p for p in Proposal.objects.all()}
    assert by_key["snack-1"].image_thumb.name and by_key["snack-2"].image_thumb.name
    assert not by_key["snack-3"].image_thumb.name
    upload_approve(upload=snacks, reviewer=alice)
    card = Card.objects.get(key="snack-2")
    assert card.picture.thumb.name == by_key["snack-2"].image_thumb.name


def test_every_problem_is_named_by_its_file_and_nothing_is_stored(
    snacks, bob, settings, media_root
):
    settings.CARD_IMAGE_MAX_BYTES = 60_000
    zipped = archive(
        {
            "snack-1.png": picture_bytes(),  # good, but the others fail: not stored either
            "snack-2.png": b"<svg xmlns='http://www.w3.org/2000/svg'/>",
            "snack-3.png": claimed_size_png(20_000, 20_000),
            "snack-99.png": picture_bytes(),
            "Snack 1.webp": picture_bytes(image_format="WEBP"),
            "big/snack-3.png": picture_bytes((900, 900), noise=True),
        }
    )
    with pytest.raises(CardProblems) as refused:
        upload_pictures_set(upload=snacks, user=bob, archive=upload(zipped, "p.zip"))
    said = {problem.column: problem.message for problem in refused.value.problems}
    assert said["snack-2.png"].startswith("is not a PNG, JPEG, WebP or GIF picture")
    assert "pixels" in said["snack-3.png"]
    assert said["snack-99.png"].startswith("names no open proposal of snacks.csv")
    assert said["Snack 1.webp"] == "is a second picture for snack-1"
    assert said["big/snack-3.png"].endswith("at most 0.1 MB is accepted")
    assert set(said) == {
        "snack-2.png",
        "snack-3.png",
        "snack-99.png",
        "Snack 1.webp",
        "big/snack-3.png",
    }
    assert not Proposal.objects.exclude(image_thumb="").exists()
    assert _files(media_root) == 0


def test_a_member_that_inflates_past_the_limit_is_refused_unread(snacks, bob, settings):
    """A zip bomb: 50 MB of zeros compress to kilobytes; the declared size refuses it before
    anything is inflated."""
    settings.CARD_IMAGE_MAX_BYTES = 1024 * 1024
    zipped = archive({"snack-1.png": bytes(50 * 1024 * 1024)})
    assert len(zipped) < 100_000
    with pytest.raises(CardProblems) as refused:
        upload_pictures_set(upload=snacks, user=bob, archive=upload(zipped, "bomb.zip"))
    assert refused.value.problems[0].message == "is 50.0 MB; at most 1.0 MB is accepted"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"PK not really", "is not a zip archive of pictures"),
        (archive({".DS_Store": b"x"}), "holds no pictures"),
    ],
)
def test_what_is_no_archive_of_pictures_is_refused_naming_the_file(snacks, bob, content, message):
    with pytest.raises(InvalidRequest) as refused:
        upload_pictures_set(upload=snacks, user=bob, archive=upload(content, "p.zip"))
    assert (refused.value.field, refused.value.message) == ("file", message)


def test_only_the_proposer_gives_an_uploads_pictures(snacks, charlie):
    with pytest.raises(NotAllowed):
        upload_pictures_set(
            upload=snacks, user=charlie, archive=upload(archive({"snack-1.png": b""}), "p.zip")
        )


def test_the_api_gives_an_uploads_pictures_and_names_each_problem_by_file(
    snacks, bob_api, api, media_root
):
    def send(client, content: bytes):
        body = {"file": upload(content, "p.zip", "application/zip")}
        return client.post(f"/api/v1/uploads/{snacks.pk}/pictures/", body, format="multipart")

    refused = send(bob_api, archive({"snack-1.png": b"no", "snack-7.png": picture_bytes()}))
    assert refused.status_code == 400
    problems = {p["column"]: p["message"] for p in refused.json()["problems"]}
    assert set(problems) == {"snack-1.png", "snack-7.png"}
    assert "snack-1.png" in refused.json()["fields"]
    answer = send(bob_api, archive({"snack-1.png": picture_bytes(), ".DS_Store": b"x"}))
    assert answer.json() == {"pictured": 1, "skipped": 1}
    assert send(api, archive({"snack-1.png": picture_bytes()})).status_code in (401, 403)
