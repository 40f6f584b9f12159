"""Decklist files people upload: read one way on the website's import page and through the
API's `POST /api/v1/decks/import/file/`."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile

MAX_UPLOAD_BYTES = 256 * 1024


class UnreadableUpload(ValueError):
    """Why an uploaded file is not a decklist's text, said of "the file"."""


def decklist_text(upload: UploadedFile, *, limit: int = MAX_UPLOAD_BYTES) -> str:
    """The file's text. UTF-8, with or without the byte-order mark Windows editors write; at
    most `limit` bytes (a collection's CSV may be larger than a decklist)."""
    if upload.size is not None and upload.size > limit:
        raise UnreadableUpload(f"is larger than {limit // 1024} KB")
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UnreadableUpload("is not UTF-8 text") from None
