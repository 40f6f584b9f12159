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


def test_staff_can_watch_test_game_jobs_but_not_edit_them(admin_client):
    from cards.models import Game
    from jobs.models import SimulationJob

    job = SimulationJob.objects.create(
        game=Game.objects.get(slug="neopets"),
        kind="match",
        decks=[],
        games=10,
        seed=1,
        chunk_size=5,
    )
    listing = admin_client.get("/admin/jobs/simulationjob/")
    assert listing.status_code == 200 and str(job.pk) in listing.content.decode()
    page = admin_client.get(f"/admin/jobs/simulationjob/{job.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert admin_client.get("/admin/jobs/simulationjob/add/").status_code == 403
