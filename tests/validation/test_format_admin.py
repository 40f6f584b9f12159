"""Curators edit formats, with their banned and restricted lists inline, in the admin."""

from django.contrib.auth import get_user_model

from rules.models import Format


def test_it_shows_a_format_with_its_list_entries_inline(client, db):
    curator = get_user_model().objects.create_superuser("curator", "c@example.org", "password")
    client.force_login(curator)
    standard = Format.objects.get(game__slug="neopets", slug="standard")
    assert client.get("/admin/rules/format/").status_code == 200
    page = client.get(f"/admin/rules/format/{standard.pk}/change/")
    assert page.status_code == 200
    assert b"list_entries-TOTAL_FORMS" in page.content
