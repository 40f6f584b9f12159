"""The events pages (issue 9, items 2 and 3): organiser dashboard, downloads, sheets, metagame,
publish and drop; players register and see their own entry, others' lists once published."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from django.test import Client

from events.models import Registration
from events.services import event_update, registration_submit

from .conftest import close, illegal_text


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def registered(event, bob, bob_version, charlie, charlie_version):
    return {
        "bob": registration_submit(event=event, player=bob, deck_version=bob_version),
        "charlie": registration_submit(event=event, player=charlie, deck_version=charlie_version),
    }


def test_an_organiser_creates_an_event_from_the_form(alice, neopets):
    response = client_for(alice).post(
        "/events/new/",
        {
            "name": "Sunday Cup",
            "game": neopets.pk,
            "date": "2026-12-06",
            "registration_deadline": "2026-12-06T09:00",
        },
    )
    assert response.status_code == 302
    assert response["Location"].endswith("/manage/")
    assert alice.organised_events.get().name == "Sunday Cup"


def test_the_dashboard_lists_illegal_lists_first_with_each_rule(alice, event, registered):
    page = client_for(alice).get(f"/events/{event.token}/manage/").content.decode()
    assert page.index("charlie") < page.index("bob")
    assert "8.3.1" in page and "main.size" in page
    assert "<strong>1</strong> illegal" in page


def test_the_dashboard_filters_by_legality_and_player(alice, event, registered):
    client = client_for(alice)
    legal_only = client.get(f"/events/{event.token}/manage/?show=legal").content.decode()
    assert "Bob&#x27;s Kau" in legal_only and "Charlie&#x27;s 49" not in legal_only
    by_name = client.get(f"/events/{event.token}/manage/?player=char").content.decode()
    assert "Charlie&#x27;s 49" in by_name and "Bob&#x27;s Kau" not in by_name


def test_only_the_organiser_sees_the_dashboard_and_downloads(bob, event, registered):
    client = client_for(bob)
    for tail in ("manage/", "report.csv", "report.json", "sheets/", "decklists.zip", "metagame/"):
        assert client.get(f"/events/{event.token}/{tail}").status_code == 403, tail


def test_the_report_downloads_as_csv_and_json(alice, event, registered):
    client = client_for(alice)
    response = client.get(f"/events/{event.token}/report.csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [r["player"] for r in rows] == ["charlie", "bob"]
    report = client.get(f"/events/{event.token}/report.json").json()
    assert report["summary"]["illegal"] == 1


def test_every_decklist_downloads_as_a_zip_of_text_lists(alice, event, registered):
    response = client_for(alice).get(f"/events/{event.token}/decklists.zip")
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    bob, charlie = registered["bob"].pk, registered["charlie"].pk
    names = [f"bob-bobs-kau-{bob}.txt", f"charlie-charlies-49-{charlie}.txt"]
    assert sorted(archive.namelist()) == names
    assert "Main Deck:" in archive.read(names[0]).decode()


def test_the_sheets_page_has_one_sheet_per_player_and_a_print_stylesheet(alice, event, registered):
    page = client_for(alice).get(f"/events/{event.token}/sheets/").content.decode()
    assert page.count('class="sheet"') == 2
    assert "web/events/events.css" in page


def test_the_metagame_shows_shares_of_decks(alice, event, registered):
    page = client_for(alice).get(f"/events/{event.token}/metagame/").content.decode()
    assert "Red Kau" in page and "100%" in page


def test_publish_and_unpublish(alice, event):
    client = client_for(alice)
    close(event)
    client.post(f"/events/{event.token}/publish/", {"published": "true"})
    event.refresh_from_db()
    assert event.published
    client.post(f"/events/{event.token}/publish/", {"published": "false"})
    event.refresh_from_db()
    assert not event.published


def test_the_organiser_drops_a_player(alice, event, registered):
    client_for(alice).post(f"/events/{event.token}/drop/{registered['charlie'].pk}/")
    registered["charlie"].refresh_from_db()
    assert registered["charlie"].dropped is not None


def test_a_player_registers_a_deck_version_and_sees_its_report(event, charlie, charlie_version):
    client = client_for(charlie)
    response = client.post(f"/events/{event.token}/register/", {"version": charlie_version.pk})
    assert response.status_code == 302
    page = client.get(f"/events/{event.token}/").content.decode()
    assert "Your registration" in page and "Illegal" in page and "8.3.1" in page


def test_a_player_registers_a_pasted_list(event, charlie, neopets_cards):
    client = client_for(charlie)
    client.post(f"/events/{event.token}/register/", {"text": illegal_text(), "name": "Paste"})
    assert Registration.objects.get().deck_version.deck.name == "Paste"


def test_a_player_cannot_pick_anothers_deck_version(event, charlie, bob_version):
    response = client_for(charlie).post(
        f"/events/{event.token}/register/", {"version": bob_version.pk}
    )
    assert response.status_code == 400
    assert not Registration.objects.exists()


def test_after_the_deadline_the_page_refuses_the_change(event, bob, bob_version):
    close(event)
    response = client_for(bob).post(f"/events/{event.token}/register/", {"version": bob_version.pk})
    assert response.status_code == 409
    assert "Registration has closed" in response.content.decode()
    assert not Registration.objects.exists()


def test_others_lists_appear_only_once_published(event, bob, registered):
    client = client_for(bob)
    other = f"/events/{event.token}/lists/{registered['charlie'].pk}/"
    assert client.get(other).status_code == 404
    assert Client().get(other).status_code == 404
    event_update(event=event, published=True, publish_while_open=True)
    assert "Charlie&#x27;s 49" in client.get(f"/events/{event.token}/").content.decode()
    assert client.get(other).status_code == 200
    assert Client().get(other).status_code == 200


def test_a_player_sees_their_own_list(event, bob, registered):
    page = client_for(bob).get(f"/events/{event.token}/lists/{registered['bob'].pk}/")
    assert "Main Deck:" in page.content.decode()


def test_an_unknown_event_link_is_a_404(client, db):
    assert client.get("/events/nope/").status_code == 404


def test_the_index_lists_your_events(alice, event):
    assert "Saturday Battledome" in client_for(alice).get("/events/").content.decode()


def test_the_organiser_drops_every_player_without_a_legal_list(alice, event, registered):
    client_for(alice).post(f"/events/{event.token}/drop-illegal/")
    dropped = set(
        Registration.objects.filter(dropped__isnull=False).values_list(
            "player__username", flat=True
        )
    )
    assert dropped == {"charlie"}


def test_publishing_while_open_needs_the_organisers_confirmation(alice, event):
    """Issue 17, item 5: the dashboard says what publishing early means and asks to confirm."""
    client = client_for(alice)
    page = client.get(f"/events/{event.token}/manage/").content.decode()
    assert 'name="publish_while_open"' in page and "copy" in page
    response = client.post(f"/events/{event.token}/publish/", {"published": "true"}, follow=True)
    event.refresh_from_db()
    assert not event.published
    assert "Registration is open until" in response.content.decode()
    confirmed = {"published": "true", "publish_while_open": "true"}
    client.post(f"/events/{event.token}/publish/", confirmed)
    event.refresh_from_db()
    assert event.published


def test_the_csv_of_an_empty_event_still_has_its_header_row(alice, event):
    """Issue 17, item 14: a spreadsheet or script opening it finds its columns."""
    content = client_for(alice).get(f"/events/{event.token}/report.csv").content
    header = next(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert header[:4] == ["id", "player", "deck", "version"]
