"""The decks admin shows decks and versions to curators but never edits them."""


def test_it_shows_a_deck_with_its_entries_and_versions(admin_client, alice_deck):
    response = admin_client.get(f"/admin/decks/deck/{alice_deck.pk}/change/")
    assert response.status_code == 200
    assert b"Healing Potion" in response.content


def test_it_offers_no_way_to_add_or_change_a_version(admin_client, alice_deck):
    version = alice_deck.versions.get()
    assert admin_client.get(f"/admin/decks/deckversion/{version.pk}/change/").status_code == 200
    assert admin_client.get("/admin/decks/deckversion/add/").status_code == 403
    response = admin_client.post(
        f"/admin/decks/deckversion/{version.pk}/change/", {"content_hash": "0" * 64}
    )
    assert response.status_code == 403
    version.refresh_from_db()
    assert version.content_hash != "0" * 64
