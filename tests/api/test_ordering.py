"""`?ordering=` on every list (issue 18, item 10): the fields each list offers, descending with
`-`, and a field it does not offer is a 400 naming `ordering`, never silently ignored."""

from __future__ import annotations

from datetime import date, timedelta

from django.utils import timezone

from cards.models import Game
from events.services import event_create
from tests.api.test_errors import assert_error_shape


def test_it_orders_a_list_by_a_field_it_offers(alice_api, alice):
    neopets = Game.objects.get(slug="neopets")
    for name, day in (("B cup", 3), ("A cup", 9), ("C cup", 1)):
        event_create(
            organiser=alice, name=name, game=neopets, date=date(2026, 12, day),
            registration_deadline=timezone.now() + timedelta(days=1),
        )  # fmt: skip

    def names(ordering: str) -> list[str]:
        answer = alice_api.get("/api/v1/events/", {"ordering": ordering}).json()
        return [event["name"] for event in answer["results"]]

    assert names("name") == ["A cup", "B cup", "C cup"]
    assert names("-date") == ["A cup", "B cup", "C cup"]
    assert names("date") == ["C cup", "B cup", "A cup"]


def test_it_refuses_a_field_it_does_not_offer(api, db):
    body = assert_error_shape(api.get("/api/v1/games/", {"ordering": "password"}), 400, "invalid")
    assert list(body["fields"]) == ["ordering"]


def test_the_schema_offers_ordering_on_every_paginated_list(api, db):
    paths = api.get("/api/v1/schema/", {"format": "json"}).json()["paths"]
    for path, operations in paths.items():
        get = operations.get("get", {})
        names = {parameter["name"] for parameter in get.get("parameters", [])}
        if "page" in names:
            assert "ordering" in names, path
