"""Uploads for the card-image tests, made in memory: good pictures, and each kind of bad one."""

from __future__ import annotations

import io
import random
import struct
import zlib

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

# A tag a stripped file must not carry: the camera's make, in the EXIF of the photo below.
EXIF_MARK = "SecretCam 3000"


def picture_bytes(
    size: tuple[int, int] = (500, 700), image_format: str = "PNG", *, noise: bool = False
) -> bytes:
    """A picture of this size: a gradient, or noise (which compresses to a large file)."""
    width, height = size
    if noise:
        picture = Image.frombytes("RGB", size, random.Random(36).randbytes(width * height * 3))
    else:
        picture = Image.linear_gradient("L").resize(size).convert("RGB")
    out = io.BytesIO()
    picture.save(out, format=image_format)
    return out.getvalue()


def photo_with_exif() -> bytes:
    """A landscape JPEG photo whose EXIF names the camera and a place, and says to turn it a
    quarter turn clockwise to show it upright (Orientation 6): upright, it is portrait."""
    picture = Image.linear_gradient("L").resize((800, 600)).convert("RGB")
    exif = Image.Exif()
    exif[0x010F] = EXIF_MARK  # Make
    exif[0x0112] = 6  # Orientation: rotate 90° clockwise
    exif[0x8825] = {2: (51.0, 30.0, 0.0), 1: "N"}  # GPS: latitude
    out = io.BytesIO()
    picture.save(out, format="JPEG", exif=exif, comment=EXIF_MARK.encode())
    return out.getvalue()


def claimed_size_png(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims this many pixels: what a decompression bomb looks like
    before it is decoded."""
    png = bytearray(picture_bytes((1, 1)))
    # The IHDR chunk follows the 8-byte signature: length, type, width, height, ..., CRC.
    png[16:24] = struct.pack(">II", width, height)
    png[29:33] = struct.pack(">I", zlib.crc32(bytes(png[12:29])))
    return bytes(png)


def upload(content: bytes, name: str = "card.png", content_type: str = "image/png"):
    return SimpleUploadedFile(name, content, content_type=content_type)
