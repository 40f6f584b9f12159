"""Where card pictures are kept in the storage, and the URL of that place: shared by what
stores them (cards.services.images) and what shows them (cards.selectors)."""

from __future__ import annotations

from django.core.files.storage import default_storage

FOLDER = "card-images"


def picture_folder_url() -> str:
    """The URL of the pictures' folder, ending in a slash: a picture's URL is it followed by the
    rest of the name (as the storages' own URLs are made, when unsigned)."""
    return default_storage.url(f"{FOLDER}/")
