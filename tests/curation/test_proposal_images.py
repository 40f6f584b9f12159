"""POST /api/v1/proposals/{id}/image/ (issue 36, item 4): a contributor gives a proposal its
card's picture; the card shows it once a curator approves the proposal."""

from __future__ import annotations

from rest_framework.test import APIClient

from cards.models import Card
from curation.models import Proposal
from tests.cards.pictures import picture_bytes, upload

from .conftest import food, propose


def _picture(client: APIClient, proposal_id: int, content: bytes, name: str = "card.png"):
    return client.post(
        f"/api/v1/proposals/{proposal_id}/image/",
        {"image": upload(content, name)},
        format="multipart",
    )


def _stored_files(media_root) -> list[str]:
    return (
        sorted(p.name for p in media_root.rglob("*") if p.is_file()) if media_root.exists() else []
    )


def test_an_approved_proposal_gives_its_card_the_picture(
    bob_api, alice_api, alice_curates, media_root
):
    proposal = propose(bob_api, food("Picture Pie")).json()
    answer = _picture(bob_api, proposal["id"], picture_bytes())
    assert answer.status_code == 200, answer.json()
    assert set(answer.json()["image"]) == {"thumb", "full"}
    assert len(_stored_files(media_root)) == 2  # a thumbnail and a full size

    approved = alice_api.post(f"/api/v1/proposals/{proposal['id']}/approve/", {}, format="json")
    assert approved.status_code == 200, approved.json()
    card = Card.objects.get(key="picture-pie")
    detail = alice_api.get(f"/api/v1/cards/{card.pk}/").json()
    assert detail["image"]["thumb"].endswith(".webp") and detail["image"]["full"].endswith(".webp")
    assert detail["image"] == answer.json()["image"]


def test_a_file_that_is_not_a_picture_is_a_400_naming_image_and_stores_nothing(
    bob_api, neopets, media_root
):
    proposal = propose(bob_api, food("Script Soup")).json()
    answer = _picture(bob_api, proposal["id"], b"#!/bin/sh\nrm -rf /\n", name="card.png")
    assert answer.status_code == 400
    assert list(answer.json()["fields"]) == ["image"]
    assert _stored_files(media_root) == []
    assert Proposal.objects.get(pk=proposal["id"]).image_thumb.name == ""


def test_only_the_proposer_gives_a_proposal_its_picture(
    bob_api, alice_api, alice_curates, charlie, media_root
):
    proposal = propose(bob_api, food("Borrowed Bagel")).json()
    by_curator = _picture(alice_api, proposal["id"], picture_bytes())
    assert by_curator.status_code == 403
    stranger = APIClient()
    stranger.force_authenticate(charlie)
    assert _picture(stranger, proposal["id"], picture_bytes()).status_code == 404
    assert _stored_files(media_root) == []


def test_a_reviewed_proposal_takes_no_picture(bob_api, alice_api, alice_curates, media_root):
    proposal = propose(bob_api, food("Late Lasagne")).json()
    alice_api.post(
        f"/api/v1/proposals/{proposal['id']}/reject/", {"reason": "not real"}, format="json"
    )
    answer = _picture(bob_api, proposal["id"], picture_bytes())
    assert answer.status_code == 400
    assert "status" in answer.json()["fields"]
    assert _stored_files(media_root) == []
