"""Card images (cards.services.images): what is refused, what is stored, and how it is served."""

from __future__ import annotations

import hashlib
import io

import pytest
from django.core.files.storage import default_storage
from django.test import Client
from PIL import Image

from basics.errors import InvalidRequest
from cards.selectors import card_picture_names
from cards.services.images import FULL_BOX, THUMB_BOX, card_image_attach, card_image_store

from .pictures import EXIF_MARK, claimed_size_png, photo_with_exif, picture_bytes, upload

SVG = b"""<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
  <script>alert(document.cookie)</script><rect width="10" height="10"/>
</svg>"""
SHELL_SCRIPT = b"#!/bin/sh\ncurl http://127.0.0.1/ | sh\n"
# An ELF executable's first bytes (the magic, 64-bit, little-endian, version 1), then padding.
ELF = b"\x7fELF\x02\x01\x01" + bytes(57)
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def stored_files(root) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


def refusal(file) -> str:
    with pytest.raises(InvalidRequest) as refused:
        card_image_store(upload=file)
    assert refused.value.field == "image"
    return refused.value.message


@pytest.mark.parametrize(
    ("content", "name", "content_type"),
    [
        (b"hello, I am a text file", "card.png", "image/png"),
        (SVG, "card.svg", "image/svg+xml"),
        (SVG, "card.png", "image/png"),
        (SHELL_SCRIPT, "card.jpg", "image/jpeg"),
        (ELF, "card.webp", "image/webp"),
        (PDF, "card.png", "image/png"),
        (picture_bytes((40, 40), "TIFF"), "card.png", "image/png"),
        (picture_bytes((40, 40), "BMP"), "card.gif", "image/gif"),
        (picture_bytes((40, 40))[:60], "card.png", "image/png"),
        (b"", "card.png", "image/png"),
    ],
    ids=[
        "text",
        "svg",
        "svg-named-png",
        "script-named-jpg",
        "executable-named-webp",
        "pdf",
        "tiff",
        "bmp-named-gif",
        "truncated-png",
        "empty",
    ],
)
def test_it_refuses_what_is_not_an_accepted_picture_and_stores_nothing(
    media_root, content, name, content_type
):
    message = refusal(upload(content, name, content_type))
    assert message.startswith("is not a PNG, JPEG, WebP or GIF picture")
    assert stored_files(media_root.parent) == []


@pytest.mark.parametrize(
    "size",
    # Past Pillow's guard (set to the limit, 40 million), it warns up to twice the limit and
    # refuses beyond: each is a refusal, made from the header, before any pixel is decoded.
    [(10_000, 5_000), (30_000, 30_000), (2**31 - 1, 2**31 - 1)],
    ids=["over-the-limit", "over-twice-the-limit", "largest-header"],
)
def test_it_refuses_a_decompression_bomb_and_stores_nothing(media_root, size):
    bomb = claimed_size_png(*size)
    assert len(bomb) < 100
    assert "at most 40,000,000 pixels" in refusal(upload(bomb))
    assert stored_files(media_root.parent) == []


def test_the_pixel_limit_is_a_setting(media_root, settings):
    settings.CARD_IMAGE_MAX_PIXELS = 100 * 100
    assert refusal(upload(picture_bytes((101, 100)))) == (
        "is 101x100 pixels; at most 10,000 pixels are accepted"
    )
    assert stored_files(media_root.parent) == []
    assert card_image_store(upload=upload(picture_bytes((100, 100)))).thumb


def test_it_refuses_a_file_over_the_byte_limit_and_stores_nothing(media_root, settings):
    settings.CARD_IMAGE_MAX_BYTES = 64 * 1024
    big = picture_bytes((300, 300), noise=True)
    assert len(big) > 64 * 1024
    assert refusal(upload(big)) == "is 0.3 MB; at most 0.1 MB is accepted"
    assert stored_files(media_root.parent) == []


def test_it_stores_a_thumbnail_and_a_full_size_under_their_content_hashes(media_root):
    stored = card_image_store(upload=upload(picture_bytes((1500, 2100))))
    assert stored_files(media_root) == sorted([stored.thumb, stored.full])
    for name, box in ((stored.thumb, THUMB_BOX), (stored.full, FULL_BOX)):
        content = (media_root / name).read_bytes()
        assert name == f"card-images/{hashlib.sha256(content).hexdigest()}.webp"
        with Image.open(io.BytesIO(content)) as picture:
            assert picture.format == "WEBP"
            assert picture.size == box  # 1500x2100 is 5:7, as the boxes are


def test_a_small_picture_is_not_enlarged(media_root):
    stored = card_image_store(upload=upload(picture_bytes((100, 140), "GIF"), "c.gif"))
    with default_storage.open(stored.full) as file, Image.open(file) as picture:
        assert picture.size == (100, 140)


def test_the_same_picture_is_stored_once(media_root):
    first = card_image_store(upload=upload(picture_bytes()))
    again = card_image_store(upload=upload(picture_bytes()))
    assert first == again
    assert len(stored_files(media_root)) == 2


def test_it_strips_the_metadata_and_keeps_the_picture_upright(media_root):
    photo = photo_with_exif()
    with Image.open(io.BytesIO(photo)) as original:  # the test's photo carries what it says
        assert original.getexif()[0x010F] == EXIF_MARK
    stored = card_image_store(upload=upload(photo, "photo.jpg", "image/jpeg"))
    for name in (stored.thumb, stored.full):
        content = default_storage.open(name).read()
        assert EXIF_MARK.encode() not in content
        assert b"Exif" not in content and b"GPS" not in content
        with Image.open(io.BytesIO(content)) as picture:
            assert not picture.getexif()
            assert not {"exif", "icc_profile", "xmp", "comment"} & set(picture.info)
            width, height = picture.size
            assert height > width  # turned as its Orientation said, 800x600 → portrait


def test_a_transparent_picture_keeps_its_transparency(media_root):
    out = io.BytesIO()
    Image.new("RGBA", (50, 70), (255, 0, 0, 0)).save(out, format="PNG")
    stored = card_image_store(upload=upload(out.getvalue()))
    with default_storage.open(stored.thumb) as file, Image.open(file) as picture:
        assert picture.mode == "RGBA"
        assert picture.getpixel((0, 0))[3] == 0


def test_an_animated_gif_keeps_its_first_frame(media_root):
    frames = [Image.new("RGB", (50, 70), colour) for colour in ("red", "blue")]
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:])
    stored = card_image_store(upload=upload(out.getvalue(), "c.gif", "image/gif"))
    with default_storage.open(stored.full) as file, Image.open(file) as picture:
        assert getattr(picture, "n_frames", 1) == 1
        red, _green, blue = picture.convert("RGB").getpixel((25, 35))
        assert red > 200 and blue < 50


def test_the_stored_files_are_served_with_long_cache_headers(client, media_root):
    stored = card_image_store(upload=upload(picture_bytes()))
    url = default_storage.url(stored.thumb)
    assert url == f"/media/{stored.thumb}"
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    assert b"".join(response.streaming_content) == (media_root / stored.thumb).read_bytes()


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/media/card-images/", 404),
        ("/media/card-images/missing.webp", 404),
        ("/media/../manage.py", 400),
        ("/media/..%2f..%2fmanage.py", 400),
    ],
)
def test_it_serves_no_folder_and_nothing_outside_the_media_folder(media_root, path, status):
    card_image_store(upload=upload(picture_bytes()))
    (media_root.parent / "manage.py").write_text("secret")
    assert Client(raise_request_exception=False).get(path).status_code == status


def test_attaching_shows_the_image_on_the_card_and_none_takes_it_off(db, media_root):
    from tests.catalogue.conftest import make_card

    card = make_card("keeper", "Fire Bolt", "Spell", attributes={"cost": 2})
    stored = card_image_store(upload=upload(picture_bytes()))
    card_image_attach(card=card, image=stored)
    card.refresh_from_db()
    assert card_picture_names([card]) == {card.pk: (stored.thumb, stored.full)}
    card_image_attach(card=card, image=None)
    card.refresh_from_db()
    assert card_picture_names([card]) == {}
    assert stored_files(media_root) == sorted([stored.thumb, stored.full])  # files stay
