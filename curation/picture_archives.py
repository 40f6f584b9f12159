"""A zip of card pictures for an upload's proposals: each file named by its card (`snack-7.png`,
or the card's name, `Snack 7.jpg`), read member by member within limits, so that a crafted
archive (thousands of members, a member that inflates past the picture limit) is refused before
it costs more than its limits allow.

Folders inside the archive are ignored (a picture is matched by its own name), as are the
bookkeeping files archivers add (`__MACOSX/`, `.DS_Store` and other dotfiles): they are no
pictures anyone meant to send, and the check says how many it passed over.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile, UploadedFile

from basics.errors import InvalidRequest

FIELD = "file"
MAX_MEMBERS = 2_000  # more pictures than any upload has cards is no upload's pictures


@dataclass(frozen=True)
class ArchivedPicture:
    name: str  # the member's path in the archive, as problems name it
    stem: str  # its file name without folder or extension: the card it is for
    file: UploadedFile | None  # None: too large, never inflated (`problem` says so)
    problem: str = ""


def pictures_read(archive: UploadedFile) -> tuple[list[ArchivedPicture], int]:
    """The archive's pictures, and how many bookkeeping entries it passed over. InvalidRequest
    naming `file` when it is no zip or holds more members than any upload's pictures."""
    archive.seek(0)
    try:
        opened = zipfile.ZipFile(archive)
    except (zipfile.BadZipFile, OSError, ValueError):
        raise InvalidRequest(FIELD, "is not a zip archive of pictures") from None
    with opened:
        members = opened.infolist()
        if len(members) > MAX_MEMBERS:
            raise InvalidRequest(
                FIELD, f"holds {len(members):,} entries; at most {MAX_MEMBERS:,} are read"
            )
        pictures = list(_pictures(opened, members))
    skipped = len(members) - len(pictures) - sum(member.is_dir() for member in members)
    return pictures, skipped


def _pictures(opened: zipfile.ZipFile, members: list[zipfile.ZipInfo]) -> Iterator[ArchivedPicture]:
    limit = settings.CARD_IMAGE_MAX_BYTES
    for member in members:
        path = PurePosixPath(member.filename)
        if member.is_dir() or _bookkeeping(path):
            continue
        stem = path.stem
        if member.file_size > limit:  # as the archive declares it, before inflating anything
            yield ArchivedPicture(member.filename, stem, None, _too_large(member.file_size))
            continue
        try:
            with opened.open(member) as source:
                content = source.read(limit + 1)  # a lying header inflates no further
        except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError) as exc:
            yield ArchivedPicture(member.filename, stem, None, f"cannot be read: {exc}")
            continue
        if len(content) > limit:
            yield ArchivedPicture(member.filename, stem, None, _too_large(len(content)))
            continue
        yield ArchivedPicture(member.filename, stem, SimpleUploadedFile(path.name, content))


def _bookkeeping(path: PurePosixPath) -> bool:
    return path.parts[0] == "__MACOSX" or any(part.startswith(".") for part in path.parts)


def _too_large(size: int) -> str:
    most = settings.CARD_IMAGE_MAX_BYTES / (1024 * 1024)
    return f"is {size / (1024 * 1024):.1f} MB; at most {most:.1f} MB is accepted"
