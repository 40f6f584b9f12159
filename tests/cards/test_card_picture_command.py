"""`manage.py card_picture`: a curator gives a card its picture from a file, or takes it off."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from cards.selectors import card_picture_names
from tests.catalogue.conftest import make_card

from .pictures import picture_bytes


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("card_picture", *args, stdout=out)
    return out.getvalue()


def test_it_gives_a_card_its_picture_and_takes_it_off(db, media_root, tmp_path):
    card = make_card("keeper", "Fire Bolt", "Spell", attributes={"cost": 2})
    picture = tmp_path / "fire-bolt.jpg"
    picture.write_bytes(picture_bytes(image_format="JPEG"))
    assert run("keeper", "fire-bolt", str(picture)).startswith("Fire Bolt: card-images/")
    card.refresh_from_db()
    assert (media_root / card.picture.full.name).is_file()
    assert run("keeper", "fire-bolt", "--remove") == "Fire Bolt has no picture now.\n"
    card.refresh_from_db()
    assert card_picture_names([card]) == {}


def test_it_refuses_a_file_that_is_no_picture_storing_nothing(db, media_root, tmp_path):
    make_card("keeper", "Fire Bolt", "Spell", attributes={"cost": 2})
    script = tmp_path / "fire-bolt.png"
    script.write_bytes(b"#!/bin/sh\necho hi\n")
    with pytest.raises(CommandError, match="is not a PNG, JPEG, WebP or GIF picture"):
        run("keeper", "fire-bolt", str(script))
    assert not media_root.exists()


def test_it_names_a_card_it_cannot_find(db, tmp_path):
    with pytest.raises(CommandError, match="No keeper catalogue card has the key 'nope'"):
        run("keeper", "nope", "--remove")
