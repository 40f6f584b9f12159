"""The curation website (issue 36): contributing a card with the readouts live, a spreadsheet
checked whole, the review queue, one's own proposals, a card's history and releases; and every
refusal (anonymous: the log-in page; not a curator: 403; one's own proposal: only as the game's
only curator). Alice curates Neopets, Bob proposes, Charlie is nobody in particular."""

from __future__ import annotations

import base64
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from cards.models import Card
from curation.models import Proposal, Release
from curation.services import bulk_commit, curator_grant, proposal_approve, proposal_create
from tests.curation.spreadsheets import food_row, foods, spreadsheet

UNREADABLE = "Your deck may contain only one copy of this card per Neopet."


def new_food(proposer, name="Sandwich", **card):
    return proposal_create(
        proposer=proposer,
        game="neopets",
        kind="new",
        card={"name": name, "type": "Food", "text": "Heal 1 HP.", **card},
        reason="I hold it",
    )


def food_form(**changes) -> dict[str, str]:
    return {"name": "Sandwich", "type": "Food", "text": "Heal 1 HP.", "reason": "I hold it"} | (
        changes
    )


# --- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/contribute/neopets/propose/"),
        ("get", "/contribute/upload/"),
        ("get", "/contribute/mine/"),
        ("get", "/contribute/neopets/review/"),
        ("post", "/contribute/proposals/1/review/"),
        ("post", "/contribute/uploads/1/approve/"),
        ("post", "/releases/publish/"),
        ("post", "/contribute/neopets/curators/"),
    ],
)
def test_it_sends_anonymous_users_to_log_in(client, db, method, path):
    response = getattr(client, method)(path)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_a_non_curator_gets_403_on_the_queue_review_bulk_approve_and_publish(
    charlie_client, bob, alice_curates
):
    proposal = new_food(bob)
    stored, _ = bulk_commit(
        proposer=bob, game="neopets", file_name="f.csv", content=spreadsheet(foods(2))
    )
    assert charlie_client.get("/contribute/neopets/review/").status_code == 403
    review = f"/contribute/proposals/{proposal.pk}/review/"
    # Charlie may not even read Bob's proposal: its existence is not told (404)
    assert charlie_client.post(review, {"action": "approve"}).status_code == 404
    assert charlie_client.post(f"/contribute/uploads/{stored.pk}/approve/").status_code == 403
    assert charlie_client.post("/releases/publish/", {"game": "neopets"}).status_code == 403
    assert Proposal.objects.filter(status="open").count() == 3
    assert not Release.objects.exists()


def test_a_curator_of_another_game_gets_403_reviewing_this_ones(client, charlie, bob, neopets):
    curator_grant(user=charlie, game="metazoo", granted_by=None)
    curator_grant(user=bob, game="neopets", granted_by=None)
    proposal = new_food(bob)
    client.force_login(charlie)
    assert client.get("/contribute/neopets/review/").status_code == 403
    # a proposal of a game Charlie does not curate is not his to read either
    answer = client.post(f"/contribute/proposals/{proposal.pk}/review/", {"action": "approve"})
    assert answer.status_code == 404


def test_nobody_reviews_their_own_proposal_when_the_game_has_another_curator(
    alice_client, alice, bob, alice_curates
):
    curator_grant(user=bob, game="neopets", granted_by=None)
    own = new_food(alice)
    page = alice_client.get("/contribute/neopets/review/").content.decode()
    assert "another curator of the game reviews it" in page
    assert "only curator" not in page
    answer = alice_client.post(f"/contribute/proposals/{own.pk}/review/", {"action": "approve"})
    assert answer.status_code == 403
    own.refresh_from_db()
    assert own.status == "open"


def test_the_only_curator_may_review_their_own_and_the_page_says_so(
    alice_client, alice, alice_curates
):
    own = new_food(alice)
    page = alice_client.get("/contribute/neopets/review/").content.decode()
    assert "You are the only curator of Neopets Battledome TCG" in page
    assert "you may review it as the game&#x27;s only curator" in page
    alice_client.post(f"/contribute/proposals/{own.pk}/review/", {"action": "approve"})
    own.refresh_from_db()
    assert own.status == "approved"


# --- contributing one card ----------------------------------------------------------------------


def test_the_form_is_built_from_the_games_card_schema(bob_client, neopets):
    page = bob_client.get("/contribute/neopets/propose/").content.decode()
    for label in ("HP", "Begins in rainbow pool", "Stat boost", "Effects", "Set code"):
        assert f">{label}</label>" in page
    assert '<option value="Rainbow Pool Neopet">' in page
    metazoo = bob_client.get("/contribute/metazoo/propose/").content.decode()
    assert ">LP</label>" in metazoo and ">HP</label>" not in metazoo


def test_proposing_a_card_stores_an_open_proposal(bob_client, bob, neopets):
    response = bob_client.post("/contribute/neopets/propose/", food_form(attr_level="2"))
    assert response.status_code == 302
    proposal = Proposal.objects.get()
    assert (proposal.kind, proposal.status, proposal.proposer) == ("new", "open", bob)
    assert proposal.card["attributes"] == {"level": 2}
    mine = bob_client.get(response["Location"]).content.decode()
    assert "Sandwich" in mine and "Open" in mine


def test_an_unreadable_sentence_is_refused_on_the_text_field_naming_it(bob_client, neopets):
    response = bob_client.post("/contribute/neopets/propose/", food_form(text=UNREADABLE))
    assert response.status_code == 400
    assert UNREADABLE in response.content.decode()
    assert 'id="id_text_errors"' in response.content.decode()
    assert not Proposal.objects.exists()


def test_json_attributes_that_are_not_json_are_refused_on_their_field(bob_client, neopets):
    response = bob_client.post("/contribute/neopets/propose/", food_form(attr_effects="[{"))
    assert response.status_code == 400
    assert 'id="id_attr_effects_errors"' in response.content.decode()
    assert not Proposal.objects.exists()


def test_the_readout_follows_the_typed_card(bob_client, neopets):
    answer = bob_client.post(
        "/contribute/neopets/readout/",
        food_form(text="Heal 2 HP.", attr_effects=json.dumps([{"do": "heal", "n": 2}])),
        HTTP_HX_REQUEST="true",
    )
    page = answer.content.decode()
    assert 'id="construction-readout"' in page and "begins in rainbow pool: no" in page
    assert "<html" not in page  # the panel alone
    refused = bob_client.post("/contribute/neopets/readout/", food_form(text=UNREADABLE))
    assert UNREADABLE in refused.content.decode()
    assert "card.text" in refused.content.decode()


def test_the_readout_is_the_one_the_api_answers_with(bob_client, bob, neopets):
    card = {"name": "Sandwich", "type": "Food", "text": "Heal 1 HP."}
    api = Client()
    api.force_login(bob)
    answer = api.post(
        "/api/v1/proposals/",
        {"game": "neopets", "kind": "new", "card": card},
        content_type="application/json",
    ).json()
    page = bob_client.post("/contribute/neopets/readout/", food_form()).content.decode()
    assert answer["readout"]["construction"] in page


def test_a_correction_starts_from_the_card_and_proposes_a_change(bob_client, omelette):
    page = bob_client.get("/contribute/neopets/propose/?key=omelette").content.decode()
    assert 'value="Omelette"' in page and "Heal 1 HP." in page and "In force from" in page
    form = food_form(name="Omelette", text="Heal 2 HP.", key="omelette", effective="2027-01-01")
    assert bob_client.post("/contribute/neopets/propose/", form).status_code == 302
    proposal = Proposal.objects.get()
    assert (proposal.kind, proposal.key, str(proposal.effective)) == (
        "change",
        "omelette",
        "2027-01-01",
    )


def test_a_correction_of_a_card_there_is_not_is_a_404(bob_client, neopets):
    assert bob_client.get("/contribute/neopets/propose/?key=nothing").status_code == 404
    assert bob_client.get("/contribute/chess/propose/").status_code == 404


# --- a spreadsheet --------------------------------------------------------------------------------


def upload(client, content: bytes, name: str = "cards.csv"):
    file = SimpleUploadedFile(name, content)
    return client.post("/contribute/upload/", {"game": "neopets", "file": file, "action": "check"})


def test_an_upload_shows_every_problem_by_row_and_column_and_stores_nothing(bob_client, omelette):
    rows = foods(30)
    rows[9] = food_row(10, set="NOPE", set_name="", set_released="", set_sample="")
    rows[19] = food_row(20, text=UNREADABLE)
    rows[24] = food_row(25, type="Dragon")
    response = upload(bob_client, spreadsheet(rows))
    assert response.status_code == 400
    page = response.content.decode()
    assert "3 problems found; nothing was stored." in page
    assert page.count("<tr><td>11</td>") == 1  # row 11: the 10th card, under the header
    for row, column in ((11, "set"), (21, "text"), (26, "type")):
        assert f'<tr><td>{row}</td><td class="rule">{column}</td>' in page
    assert "Submit" not in page
    assert not Proposal.objects.exists()


def test_a_clean_upload_previews_and_submits_one_proposal_per_card(bob_client, omelette):
    rows = [*foods(3), food_row(4, key="omelette", name="Omelette", text="Heal 3 HP.")]
    page = upload(bob_client, spreadsheet(rows)).content.decode()
    assert "<strong>4</strong> added" not in page
    assert "<strong>3</strong> added" in page and "<strong>1</strong> changed" in page
    assert "Heal 1 HP." in page and "Heal 3 HP." in page  # the change, before and after
    assert "Submit 4 proposals" in page
    content = page.split('name="content" value="')[1].split('"')[0]
    response = bob_client.post(
        "/contribute/upload/",
        {"action": "submit", "game": "neopets", "file_name": "cards.csv", "content": content},
    )
    assert response.status_code == 302
    assert Proposal.objects.filter(upload__file_name="cards.csv").count() == 4


def test_a_submitted_file_with_problems_stores_nothing(bob_client, neopets):
    bad = base64.b64encode(spreadsheet([food_row(1, type="Dragon")])).decode()
    response = bob_client.post(
        "/contribute/upload/", {"action": "submit", "game": "neopets", "content": bad}
    )
    assert response.status_code == 302
    assert not Proposal.objects.exists()


# --- review ---------------------------------------------------------------------------------------


def test_the_queue_lists_open_proposals_oldest_first_with_diff_and_readouts(
    alice_client, bob, alice_curates, omelette
):
    new_food(bob, name="Sandwich")
    proposal_create(
        proposer=bob,
        game="neopets",
        kind="change",
        card={"key": "omelette", "name": "Omelette", "type": "Food", "text": "Heal 2 HP."},
    )
    page = alice_client.get("/contribute/neopets/review/").content.decode()
    assert page.index("Sandwich") < page.index("Omelette")
    assert '<td class="diff-removed">Heal 1 HP.</td><td class="diff-added">Heal 2 HP.</td>' in page
    assert "begins in rainbow pool: no" in page
    assert "only curator" in page  # Alice is Neopets' only curator


def test_a_curator_approves_and_the_card_has_its_history(alice_client, alice, bob, alice_curates):
    proposal = new_food(bob)
    alice_client.post(f"/contribute/proposals/{proposal.pk}/review/", {"action": "approve"})
    assert Card.objects.get(key="sandwich").name == "Sandwich"
    page = alice_client.get("/cards/neopets/sandwich/").content.decode()
    assert 'id="history-title"' in page
    assert "proposed by bob, approved by alice" in page
    assert "Propose a correction" in page


def test_rejecting_needs_a_reason_which_the_proposer_reads(
    alice_client, bob_client, bob, alice_curates
):
    proposal = new_food(bob)
    review = f"/contribute/proposals/{proposal.pk}/review/"
    alice_client.post(review, {"action": "reject", "reason": ""})
    proposal.refresh_from_db()
    assert proposal.status == "open"
    alice_client.post(review, {"action": "reject", "reason": "Not a printed card"})
    proposal.refresh_from_db()
    assert proposal.status == "rejected"
    mine = bob_client.get("/contribute/mine/").content.decode()
    assert "Rejected" in mine and "Not a printed card" in mine


def test_asking_for_changes_offers_to_propose_again(alice_client, bob_client, bob, alice_curates):
    proposal = new_food(bob)
    alice_client.post(
        f"/contribute/proposals/{proposal.pk}/review/",
        {"action": "changes", "reason": "Give its level"},
    )
    mine = bob_client.get("/contribute/mine/").content.decode()
    assert "Changes requested" in mine and "Give its level" in mine
    again = mine.split('">Propose it again')[0].rsplit('href="', 1)[1].replace("&amp;", "&")
    form = bob_client.get(again).content.decode()
    assert 'value="Sandwich"' in form  # the proposal sent back, to change and propose again


def test_a_curator_approves_an_upload_whole(alice_client, bob, alice_curates):
    stored, _ = bulk_commit(
        proposer=bob, game="neopets", file_name="list.csv", content=spreadsheet(foods(25))
    )
    page = alice_client.get("/contribute/neopets/review/").content.decode()
    assert "Approve all 25" in page and "Page 1 of 2" in page
    alice_client.post(f"/contribute/uploads/{stored.pk}/approve/")
    assert Proposal.objects.filter(status="approved").count() == 25
    assert Card.objects.filter(key__startswith="snack-").count() == 25


def test_the_queue_takes_as_many_queries_for_many_proposals_as_for_few(
    alice_client, bob, alice_curates, django_assert_max_num_queries
):
    bulk_commit(proposer=bob, game="neopets", file_name="a.csv", content=spreadsheet(foods(2)))
    with django_assert_max_num_queries(40) as few:
        alice_client.get("/contribute/neopets/review/")
    bulk_commit(
        proposer=bob,
        game="neopets",
        file_name="b.csv",
        content=spreadsheet([food_row(n) for n in range(3, 200)]),
    )
    with django_assert_max_num_queries(len(few.captured_queries)):
        alice_client.get("/contribute/neopets/review/")


# --- releases -------------------------------------------------------------------------------------


def test_a_curator_publishes_a_release_anyone_downloads(client, alice_client, alice, bob):
    curator_grant(user=alice, game="neopets", granted_by=None)
    proposal_approve(proposal=new_food(bob), reviewer=alice)
    page = alice_client.get("/releases/").content.decode()
    assert "Publish the next release" in page
    alice_client.post("/releases/publish/", {"game": "neopets"})
    release = Release.objects.get()
    listed = client.get("/releases/").content.decode()  # anyone
    assert "Neopets Battledome TCG release 1" in listed
    assert "Sandwich</a> added" in listed
    assert "Publish the next release" not in listed
    download = client.get(f"/api/v1/releases/neopets/{release.number}/")
    keys = {card["key"] for card in download.json()["cards"]}
    assert f'href="/api/v1/releases/neopets/{release.number}/"' in listed and "sandwich" in keys


# --- navigation -----------------------------------------------------------------------------------


def test_the_nav_and_the_contribute_page_lead_to_each_part(alice_client, alice_curates):
    page = alice_client.get("/contribute/").content.decode()
    assert 'href="/contribute/"' in page  # the nav
    for path in ("/contribute/neopets/propose/", "/contribute/upload/?game=neopets"):
        assert f'href="{path}"' in page
    assert 'href="/contribute/neopets/review/"' in page
    assert 'href="/contribute/metazoo/review/"' not in page  # she curates Neopets alone


def test_ids_past_64_bits_are_not_found_not_a_server_error(alice_client, alice_curates):
    alice_client.raise_request_exception = False
    huge = 2**63
    review = alice_client.post(f"/contribute/proposals/{huge}/review/", {"action": "approve"})
    approve = alice_client.post(f"/contribute/uploads/{huge}/approve/")
    assert (review.status_code, approve.status_code) == (404, 404)


def test_the_home_page_and_an_empty_search_offer_to_propose_a_card(client, samples):
    home = client.get("/").content.decode()
    assert 'href="/contribute/metazoo/propose/"' in home
    empty = client.get("/cards/", {"q": "no such page at all", "game": "metazoo"}).content.decode()
    assert 'href="/contribute/metazoo/propose/">Propose it</a>' in empty


def test_a_curator_grants_another_and_a_non_curator_may_not(
    alice_client, charlie_client, bob, alice_curates
):
    assert (
        charlie_client.post("/contribute/neopets/curators/", {"username": "bob"}).status_code == 403
    )
    alice_client.post("/contribute/neopets/curators/", {"username": "bob"})
    page = alice_client.get("/contribute/neopets/review/").content.decode()
    assert "bob now curates Neopets Battledome TCG" in page
    assert "only curator" not in page  # two curators now review each other's proposals
    unknown = alice_client.post(
        "/contribute/neopets/curators/", {"username": "nobody"}, follow=True
    )
    assert "No user is named &#x27;nobody&#x27;." in unknown.content.decode()


def test_try_it_plays_a_card_test_with_the_proposed_card_in_a_sample_deck(
    alice_client, charlie_client, bob, alice_curates, samples, monkeypatch
):
    from jobs.models import SimulationJob
    from jobs.services import queue

    monkeypatch.setattr(queue, "send_chunks", lambda chunks, **kw: None)
    proposal = new_food(bob, attributes={"effects": [{"do": "heal", "n": 2}]})
    assert charlie_client.post(f"/contribute/proposals/{proposal.pk}/try/").status_code == 404
    response = alice_client.post(f"/contribute/proposals/{proposal.pk}/try/")
    job = SimulationJob.objects.get()
    assert response["Location"] == f"/tools/test-games/{job.pk}/"
    assert job.kind == "card_test"
    assert "Sandwich" in json.dumps(job.decks)  # the proposed card, played from its proposal
    monkeypatch.setattr("jobs.services.test_games.SAMPLE_DECKS", {})
    refused = alice_client.post(f"/contribute/proposals/{proposal.pk}/try/", follow=True)
    assert "could not be tried: Neopets Battledome TCG has no sample deck" in (
        refused.content.decode()
    )
    assert SimulationJob.objects.count() == 1


# --- pictures -------------------------------------------------------------------------------------


def test_a_card_is_proposed_with_its_picture_and_a_bad_one_stores_nothing(
    bob_client, neopets, media_root
):
    from tests.cards.pictures import picture_bytes

    bad = SimpleUploadedFile("card.png", b"<svg/>", content_type="image/png")
    refused = bob_client.post("/contribute/neopets/propose/", food_form(picture=bad))
    assert refused.status_code == 400
    assert "is not a PNG, JPEG, WebP or GIF picture" in refused.content.decode()
    assert not Proposal.objects.exists()

    good = SimpleUploadedFile("card.png", picture_bytes(), content_type="image/png")
    assert (
        bob_client.post("/contribute/neopets/propose/", food_form(picture=good)).status_code == 302
    )
    proposal = Proposal.objects.get()
    assert proposal.image_thumb.name and proposal.image_full.name
    mine = bob_client.get("/contribute/mine/").content.decode()
    assert 'alt="Picture of Sandwich"' in mine


def test_a_proposer_adds_a_picture_to_an_open_proposal_from_their_list(
    bob_client, bob, neopets, media_root
):
    from tests.cards.pictures import picture_bytes

    proposal = new_food(bob)
    mine = bob_client.get("/contribute/mine/").content.decode()
    assert f'action="/contribute/proposals/{proposal.pk}/picture/"' in mine
    picture = SimpleUploadedFile("s.png", picture_bytes(), content_type="image/png")
    bob_client.post(f"/contribute/proposals/{proposal.pk}/picture/", {"image": picture})
    proposal.refresh_from_db()
    assert proposal.image_thumb.name


def test_an_uploads_pictures_zip_lists_every_problem_on_the_page(
    bob_client, bob, neopets, media_root
):
    from tests.curation.test_upload_pictures import archive

    stored, _ = bulk_commit(
        proposer=bob, game="neopets", file_name="list.csv", content=spreadsheet(foods(3))
    )
    page = bob_client.get("/contribute/mine/").content.decode()
    assert "0 of 3 open proposals with a picture" in page
    zipped = archive({"snack-1.png": b"not a picture", "snack-9.png": b"nor this"})
    refused = bob_client.post(
        f"/contribute/uploads/{stored.pk}/pictures/",
        {"file": SimpleUploadedFile("p.zip", zipped, content_type="application/zip")},
    )
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "2 problems found; no picture was stored." in body
    assert "snack-9.png" in body and "names no open proposal of list.csv" in body
