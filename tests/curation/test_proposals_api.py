"""POST/GET /api/v1/proposals/ and the review endpoints (issue 36, items 1 and 2)."""

from __future__ import annotations

from django.core import mail

from cards.models import Card, CardRevision
from curation.models import Proposal
from curation.services import curator_grant

from .conftest import food, propose


def test_it_answers_201_with_the_proposal_and_its_readouts(bob_api, neopets):
    card = food("Jelly Bean", attributes={"effects": [{"do": "heal", "n": 2}]})
    response = propose(bob_api, card)
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "open" and body["kind"] == "new" and body["key"] == "jelly-bean"
    assert "begins in rainbow pool: no" in body["readout"]["construction"]
    assert body["readout"]["effects"] == {"plays": ["heal: n 2"], "unsupported": []}
    assert body["diff"]["name"] == {"before": None, "after": "Jelly Bean"}


def test_the_readout_lists_what_the_engine_cannot_play(bob_api, neopets):
    response = propose(bob_api, food("Mystery Meat", text="Do something odd."))
    assert response.json()["readout"]["effects"]["unsupported"] == [
        "rules text without structured effects"
    ]


def test_a_sentence_the_grammar_cannot_read_is_a_400_naming_card_text(bob_api, neopets):
    sentence = "Your deck may contain only one copy of this card per Neopet."
    response = propose(bob_api, food("Odd Omelette", text=sentence))
    assert response.status_code == 400
    body = response.json()
    assert list(body["fields"]) == ["card.text"]
    assert sentence in body["fields"]["card.text"][0]
    assert Proposal.objects.count() == 0


def test_effect_data_the_engine_cannot_play_is_refused(bob_api, neopets):
    response = propose(bob_api, food("Flying Fish", attributes={"effects": [{"do": "fly"}]}))
    assert response.status_code == 400
    message = response.json()["fields"]["card.attributes.effects"][0]
    assert "cannot play unknown effect 'fly'" in message


def test_a_bad_attribute_is_a_400_naming_it(bob_api, neopets):
    response = propose(bob_api, food("Heavy Bread", attributes={"level": "high"}))
    assert response.status_code == 400
    assert "card.attributes.level" in response.json()["fields"]


def test_a_change_must_name_a_stored_card(bob_api, neopets):
    response = propose(bob_api, food("Nowhere Nut"), kind="change")
    assert response.status_code == 400
    assert "card.key" in response.json()["fields"]


def test_a_new_card_may_not_take_a_stored_key(bob_api, omelette):
    response = propose(bob_api, food("Omelette"))
    assert response.status_code == 400
    assert "propose a change" in response.json()["fields"]["card.key"][0]


def test_a_name_already_taken_by_other_rules_is_refused(bob_api, omelette):
    response = propose(bob_api, food("Omelette", key="omelette-2", text="Heal 3 HP."))
    assert response.status_code == 400
    assert "card.distinct_namesake" in response.json()["fields"]


def test_it_needs_a_signed_in_user(api, neopets):
    assert propose(api, food("Jelly Bean")).status_code in (401, 403)
    assert api.get("/api/v1/proposals/").status_code in (401, 403)


def test_it_validates_the_game_and_kind(bob_api, neopets):
    response = bob_api.post(
        "/api/v1/proposals/",
        {"game": "chess", "kind": "maybe", "card": food("X")},
        format="json",
    )
    assert response.status_code == 400
    assert {"game", "kind"} <= set(response.json()["fields"])


def test_charlie_should_have_no_access_to_bobs_proposals(bob_api, charlie_api, neopets):
    proposal_id = propose(bob_api, food("Jelly Bean")).json()["id"]
    assert charlie_api.get("/api/v1/proposals/").json()["results"] == []
    assert charlie_api.get(f"/api/v1/proposals/{proposal_id}/").status_code == 404
    assert charlie_api.post(f"/api/v1/proposals/{proposal_id}/approve/").status_code == 404
    assert bob_api.get(f"/api/v1/proposals/{proposal_id}/").status_code == 200


def test_a_curator_sees_the_games_queue_oldest_first(alice_api, alice_curates, bob_api):
    first = propose(bob_api, food("Jelly Bean")).json()["id"]
    second = propose(bob_api, food("Gummy Worm")).json()["id"]
    listed = alice_api.get("/api/v1/proposals/?game=neopets&status=open").json()["results"]
    assert [p["id"] for p in listed] == [first, second]
    assert alice_api.get("/api/v1/proposals/?status=approved").json()["results"] == []


def test_only_a_curator_of_the_game_approves(alice_api, alice_curates, bob_api, charlie_api):
    proposal_id = propose(bob_api, food("Jelly Bean")).json()["id"]
    # Bob (the proposer, not a curator) reads it but may not approve it
    response = bob_api.post(f"/api/v1/proposals/{proposal_id}/approve/")
    assert response.status_code == 403
    assert not Card.objects.filter(key="jelly-bean").exists()


def test_approving_puts_the_card_in_search_with_its_revision(alice_api, alice_curates, bob_api):
    proposal_id = propose(bob_api, food("Jelly Bean")).json()["id"]
    response = alice_api.post(f"/api/v1/proposals/{proposal_id}/approve/")
    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "approved"
    found = bob_api.get("/api/v1/cards/?q=jelly").json()["results"]
    assert [card["name"] for card in found] == ["Jelly Bean"]
    revision = CardRevision.objects.get(card__key="jelly-bean")
    assert (revision.proposed_by.username, revision.approved_by.username) == ("bob", "alice")
    assert revision.reason == "I hold it"
    assert alice_api.post(f"/api/v1/proposals/{proposal_id}/approve/").status_code == 400


def test_nobody_reviews_their_own_proposal_when_another_curator_can(alice, bob, alice_api):
    curator_grant(user=alice, game="neopets", granted_by=None)
    curator_grant(user=bob, game="neopets", granted_by=alice)
    proposal_id = propose(alice_api, food("Jelly Bean")).json()["id"]
    body = alice_api.get(f"/api/v1/proposals/{proposal_id}/").json()
    assert body["review"]["allowed"] is False
    assert alice_api.post(f"/api/v1/proposals/{proposal_id}/approve/").status_code == 403


def test_the_only_curator_reviews_their_own_proposal_and_is_told_so(alice_api, alice_curates):
    proposal_id = propose(alice_api, food("Jelly Bean")).json()["id"]
    review = alice_api.get(f"/api/v1/proposals/{proposal_id}/").json()["review"]
    assert review == {
        "allowed": True,
        "why": "your own proposal: you may review it as the game's only curator",
    }
    assert alice_api.post(f"/api/v1/proposals/{proposal_id}/approve/").status_code == 200


def test_a_rejection_needs_a_reason_and_tells_the_proposer(
    alice_api, alice_curates, bob_api, django_capture_on_commit_callbacks
):
    proposal_id = propose(bob_api, food("Jelly Bean")).json()["id"]
    url = f"/api/v1/proposals/{proposal_id}/reject/"
    response = alice_api.post(url, {}, format="json")
    assert response.status_code == 400 and "reason" in response.json()["fields"]
    with django_capture_on_commit_callbacks(execute=True):
        with_reason = alice_api.post(url, {"reason": "Not a real card."}, format="json")
    assert with_reason.json()["status"] == "rejected"
    assert with_reason.json()["review_note"] == "Not a real card."
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["bob@example.org"]
    assert "Not a real card." in mail.outbox[0].body
    assert bob_api.post(url, {"reason": "no"}, format="json").status_code == 403


def test_asking_for_changes_tells_the_proposer(
    alice_api, alice_curates, bob_api, django_capture_on_commit_callbacks
):
    proposal_id = propose(bob_api, food("Jelly Bean")).json()["id"]
    with django_capture_on_commit_callbacks(execute=True):
        response = alice_api.post(
            f"/api/v1/proposals/{proposal_id}/request-changes/",
            {"reason": "Add its printing."},
            format="json",
        )
    assert response.json()["status"] == "changes_requested"
    assert "needs changes" in mail.outbox[0].subject


def test_a_curator_grants_another_but_nobody_else_can(alice_api, alice_curates, bob_api, charlie):
    body = {"game": "neopets", "username": "charlie"}
    assert bob_api.post("/api/v1/curators/", body, format="json").status_code == 403
    nobody = {"game": "neopets", "username": "nobody"}
    assert alice_api.post("/api/v1/curators/", nobody, format="json").status_code == 400
    granted = alice_api.post("/api/v1/curators/", {"game": "neopets", "username": "bob"})
    assert granted.status_code == 201
    assert granted.json() == {"game": "neopets", "username": "bob", "granted_by": "alice"}


def test_an_approved_proposal_names_its_card(alice_api, alice_curates, bob_api):
    proposal_id = propose(bob_api, food("Jelly Bean")).json()["id"]
    assert bob_api.get(f"/api/v1/proposals/{proposal_id}/").json()["card_id"] is None
    approved = alice_api.post(f"/api/v1/proposals/{proposal_id}/approve/").json()
    assert approved["card_id"] == Card.objects.get(key="jelly-bean").pk


def test_the_queue_costs_the_same_queries_however_long(alice_api, alice_curates, bob_api):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert alice_api.get("/api/v1/proposals/").status_code == 200
        return len(captured)

    propose(bob_api, food("Jelly Bean"))
    one = queries()
    for name in ("Gummy Worm", "Sour Drop", "Mint Leaf"):
        propose(bob_api, food(name))
    assert queries() == one
