"""A curator gives a card its picture in the admin (until proposals carry pictures)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from cards.selectors import card_picture_names
from tests.catalogue.conftest import make_card

from .pictures import picture_bytes, upload


@pytest.fixture
def curator(client, db):
    admin = get_user_model().objects.create_superuser("curator", "c@example.org", "password")
    client.force_login(admin)
    return client


def change(curator, card, **extra):
    form = {
        "game": card.game_id,
        "key": card.key,
        "name": card.name,
        "type": card.type,
        "text": card.text,
        "attributes": json.dumps(card.attributes),
        "is_sample": "on",
        "owner": "",
        "printings-TOTAL_FORMS": "0",
        "printings-INITIAL_FORMS": "0",
        **extra,
    }
    return curator.post(f"/admin/cards/card/{card.pk}/change/", form)


def test_an_uploaded_picture_is_shown_on_the_card(curator, media_root):
    card = make_card("keeper", "Fire Bolt", "Spell", attributes={"cost": 2})
    response = change(curator, card, image=upload(picture_bytes()))
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.picture.thumb.name.startswith("card-images/")
    assert (media_root / card.picture.full.name).is_file()
    page = curator.get(f"/admin/cards/card/{card.pk}/change/").content.decode()
    assert f'src="/media/{card.picture.thumb.name}"' in page
    assert change(curator, card, remove_image="on").status_code == 302
    card.refresh_from_db()
    assert card_picture_names([card]) == {}


def test_a_refused_file_is_said_on_the_form_and_nothing_is_stored(curator, media_root):
    card = make_card("keeper", "Fire Bolt", "Spell", attributes={"cost": 2})
    script = upload(b"#!/bin/sh\necho hi\n", "fire-bolt.png")
    response = change(curator, card, image=script)
    assert response.status_code == 200
    assert "This file is not a PNG, JPEG, WebP or GIF picture" in response.content.decode()
    card.refresh_from_db()
    assert card_picture_names([card]) == {}
    assert not media_root.exists() or not any(media_root.rglob("*.*"))


def test_an_edit_in_the_admin_is_a_revision_of_the_card(curator):
    card = make_card("keeper", "Fire Bolt", "Spell", attributes={"cost": 2})
    assert change(curator, card, text="Deal 3 damage.").status_code == 302
    revision = card.revisions.get()
    assert revision.fields == {"text": {"before": card.text, "after": "Deal 3 damage."}}
    assert revision.approved_by.username == "curator"
    page = curator.get(f"/admin/cards/card/{card.pk}/change/").content.decode()
    assert "edited in the admin" in page
