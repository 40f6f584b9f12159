"""A card as the API shows it: CardSerializer writes its fields out by hand (a page of 50 cards
read through DRF's field objects cost a sixth of a search's CPU, issue 44), so it is held here
to what DRF's own reading of the same declared fields gives, key order included."""

from __future__ import annotations

import json

from django.test import RequestFactory
from rest_framework import serializers

from api.catalogue.serializers import CardSerializer
from cards.selectors import cards_for_display
from tests.catalogue.conftest import make_card

from .test_card_images_api import pictured


def drf_reading(card, request) -> str:
    serializer = CardSerializer(card, context={"request": request})
    return json.dumps(serializers.ModelSerializer.to_representation(serializer, card))


def test_a_card_reads_as_drf_reads_its_declared_fields(catalogue, alice, media_root):
    pictured(catalogue["Hot Dog"])  # two printings and a picture
    made = make_card("keeper", "Alice's Golem", "Creature", owner=alice, shared=True)
    request = RequestFactory().get("/api/v1/cards/")
    ids = [catalogue["Hot Dog"].pk, catalogue["Mothman"].pk, made.pk]
    cards = cards_for_display(ids=ids, viewer=alice)
    shown = [json.dumps(CardSerializer(card, context={"request": request}).data) for card in cards]
    assert shown == [drf_reading(card, request) for card in cards]
    assert '"printings": [{"set": "AAA"' in shown[0] and '"thumb": "http://testserver/' in shown[0]
