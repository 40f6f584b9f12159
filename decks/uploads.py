"""Decklist files people upload: read one way on the website's import page and through the
API's `POST /api/v1/decks/import/file/`."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile

MAX_UPLOAD_BYTES = 256 * 1024


class UnreadableUpload(ValueError):
    """Why an uploaded file is not a decklist's text, said of "the file"."""


def decklist_text(upload: UploadedFile) -> str:
    """The file's text. UTF-8, with or without the byte-order mark Windows editors write."""
    if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
        raise UnreadableUpload(f"is larger than {MAX_UPLOAD_BYTES // 1024} KB")
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UnreadableUpload("is not UTF-8 text") from None
