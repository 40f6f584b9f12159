"""Card images: an upload checked, redrawn without its metadata in two sizes, and stored through
Django's storage API under names made of the content's hash.

Only the pixels of the first frame are kept: the upload is decoded and encoded afresh as WebP,
so nothing of the file but its picture is stored (no EXIF, GPS, ICC profile, comment, or bytes a
file may carry after its image). A name is the hash of the bytes it holds, so the same file never
holds other bytes and browsers may keep it for a year (settings.MEDIA_CACHE_SECONDS); the same
picture uploaded twice is stored once.

Refusals raise basics.errors.InvalidRequest naming the field `image` (the API answers 400), before
anything is stored.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from PIL import Image, ImageOps, UnidentifiedImageError

from basics.errors import InvalidRequest
from cards.models import Card, CardPicture
from cards.picture_files import FOLDER

FIELD = "image"
# Pillow's readers tried on an upload; every other format (SVG, PDF, TIFF, PSD...) is refused.
FORMATS = ("PNG", "JPEG", "WEBP", "GIF")
ACCEPTED = "a PNG, JPEG, WebP or GIF picture"
# The boxes each size fits in (5:7, as most cards are), twice the pixels a page shows for sharp
# screens; a smaller picture is not enlarged.
THUMB_BOX = (240, 336)
FULL_BOX = (750, 1050)
THUMB_QUALITY = 80
FULL_QUALITY = 88


@dataclass(frozen=True)
class StoredImage:
    """A stored card image: the storage names of its two sizes (what a CardPicture holds)."""

    thumb: str
    full: str


@dataclass(frozen=True)
class DrawnImage:
    """A checked picture redrawn in its two sizes (WebP bytes), not yet stored: a batch of
    pictures is drawn whole before any is stored, so a refusal leaves nothing behind."""

    thumb: bytes
    full: bytes


def card_image_store(*, upload: UploadedFile) -> StoredImage:
    """Check an uploaded picture, and store its thumbnail and full size; InvalidRequest naming
    `image` if it is not a picture this accepts (nothing is stored then)."""
    return card_image_save(card_image_draw(upload=upload))


def card_image_draw(*, upload: UploadedFile) -> DrawnImage:
    """Check an uploaded picture and draw its two sizes, storing nothing; InvalidRequest naming
    `image` if it is not a picture this accepts."""
    if upload.size is None or upload.size > settings.CARD_IMAGE_MAX_BYTES:
        raise InvalidRequest(
            FIELD,
            f"is {_megabytes(upload.size or 0)}; at most "
            f"{_megabytes(settings.CARD_IMAGE_MAX_BYTES)} is accepted",
        )
    picture = _decoded(upload)
    return DrawnImage(
        thumb=_encoded(picture, THUMB_BOX, THUMB_QUALITY),
        full=_encoded(picture, FULL_BOX, FULL_QUALITY),
    )


def card_image_save(drawn: DrawnImage) -> StoredImage:
    """Store a drawn picture's two sizes under the names of their content."""
    return StoredImage(thumb=_stored(drawn.thumb), full=_stored(drawn.full))


@transaction.atomic
def card_image_attach(*, card: Card, image: StoredImage | None) -> Card:
    """Show this stored image on the card (None: no image). The files stay: another card, or
    a proposal, may show the same picture."""
    if image is None:
        CardPicture.objects.filter(card=card).delete()
    else:
        CardPicture.objects.update_or_create(
            card=card, defaults={"thumb": image.thumb, "full": image.full}
        )
    card.save(update_fields=["updated"])  # caches keyed on the catalogue's latest change
    return card


def _decoded(upload: UploadedFile) -> Image.Image:
    """The upload's first frame, turned upright as its EXIF says, in RGB (or RGBA when it has
    transparency)."""
    upload.seek(0)
    # Pillow's decompression-bomb guard (Image.MAX_IMAGE_PIXELS, set by cards.apps) warns
    # between the limit and twice it and refuses past that: both are refusals here.
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(upload, formats=FORMATS) as opened:
                _refuse_too_many_pixels(opened.size)
                opened.seek(0)
                upright = ImageOps.exif_transpose(opened)
                has_alpha = upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info
                return upright.convert("RGBA" if has_alpha else "RGB")
        except (Image.DecompressionBombWarning, Image.DecompressionBombError):
            raise InvalidRequest(FIELD, _too_many_pixels_message()) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as exc:
            # Not a picture at all (a script or an SVG named .png), or a damaged one.
            raise InvalidRequest(FIELD, f"is not {ACCEPTED}: {_reason(exc)}") from None


def _refuse_too_many_pixels(size: tuple[int, int]) -> None:
    width, height = size
    if width * height > settings.CARD_IMAGE_MAX_PIXELS:
        raise InvalidRequest(FIELD, f"is {width}x{height} pixels; " + _too_many_pixels_message())


def _too_many_pixels_message() -> str:
    return f"at most {settings.CARD_IMAGE_MAX_PIXELS:,} pixels are accepted"


def _reason(exc: Exception) -> str:
    if isinstance(exc, UnidentifiedImageError):
        return "its content is not one"
    return "it cannot be read"


def _encoded(picture: Image.Image, box: tuple[int, int], quality: int) -> bytes:
    """The picture fitted in the box, as WebP bytes carrying nothing but the pixels."""
    resized = picture.copy()
    resized.thumbnail(box, Image.Resampling.LANCZOS)
    # A new image from the pixels alone: no info (EXIF, ICC, XMP, comments) rides along.
    bare = Image.new(resized.mode, resized.size)
    bare.paste(resized)
    out = io.BytesIO()
    bare.save(out, format="WEBP", quality=quality, method=4)
    return out.getvalue()


def _stored(content: bytes) -> str:
    """The storage name of these bytes, storing them unless a file of that name exists."""
    name = f"{FOLDER}/{hashlib.sha256(content).hexdigest()}.webp"
    if default_storage.exists(name):
        return name
    return default_storage.save(name, ContentFile(content))


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"
