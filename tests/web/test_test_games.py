"""The test-game pages: a job submitted from the form is the API's job, its page polls while it
runs and draws its result, and who may see it is decided as the API decides."""

import json
import re
import xml.etree.ElementTree as ET
from html import escape, unescape

import pytest
from django.urls import reverse

from api.throttling import QUEUES_WORK, READ
from cards.models import Game
from cards.services.importer import cards_import
from decks.resolution import entries_resolve
from decks.services import deck_create
from jobs.models import SimulationJob
from jobs.services.chunks import chunk_run
from rulebook.samples import METAZOO
from rulebook.samples import NEOPETS as NEOPETS_SAMPLES

NEW = reverse("tools:test-games")


@pytest.fixture
def neopets_samples(db):
    cards_import(
        data=json.loads(NEOPETS_SAMPLES.cards_file.read_text()),
        source=NEOPETS_SAMPLES.cards_file.name,
    )


def form(**changes) -> dict:
    return {
        "game": "neopets",
        "deck_a": "sample:neopets:strong",
        "deck_b": "sample:neopets:weak",
        "games": "20",
        "seed": "7",
        **changes,
    }


def submit(client, django_capture_on_commit_callbacks, **changes):
    with django_capture_on_commit_callbacks():
        return client.post(NEW, form(**changes))


def play(job: SimulationJob) -> None:
    for chunk in job.chunks.order_by("index"):
        chunk_run(chunk_id=chunk.pk, worker="test")


def test_a_job_from_the_form_is_the_apis_job_and_links_to_its_page(
    client, api, neopets_samples, django_capture_on_commit_callbacks
):
    response = submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("tools:test-game", args=[job.pk])
    assert job.games == 20 and job.seed == 7
    assert api.get(f"/api/v1/simulations/{job.pk}/").json()["status"] == "queued"


def test_the_job_page_polls_a_progress_bar_until_the_job_is_done(
    client, neopets_samples, django_capture_on_commit_callbacks
):
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    running = client.get(reverse("tools:test-game-progress", args=[job.pk])).content.decode()
    assert '<progress id="job-progress" max="20" value="0">' in running
    assert 'hx-trigger="every 1s"' in running
    play(job)
    done = client.get(reverse("tools:test-game-progress", args=[job.pk])).content.decode()
    assert "<progress" not in done and "hx-trigger" not in done
    assert 'id="win-rate-chart"' in done


def test_the_result_is_drawn_from_the_apis_figures(
    client, api, neopets_samples, django_capture_on_commit_callbacks
):
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    play(job)
    result = api.get(f"/api/v1/simulations/{job.pk}/").json()["result"]
    html = client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    assert f"Deck A won {result['wins'][0]}, deck B {result['wins'][1]}" in html
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(svgs) == 8  # win rate, turns, rounds, cards: each narrow (phones) and wide
    for svg in svgs:
        ET.fromstring(svg)  # each is well-formed SVG
    low, high = result["ci95"][0]
    assert f"({low:.1%} to {high:.1%})" in html
    for name in result["cards"][0]:
        assert f"<td>{escape(name)}</td>" in html


def test_the_result_names_the_decks_it_played_as_the_form_offered_them(
    client, neopets_samples, django_capture_on_commit_callbacks
):
    """A result's permanent link says which deck was A and which was B, whatever the decks
    are called later: the names are kept with the job's frozen decks."""
    submit(
        client,
        django_capture_on_commit_callbacks,
        deck_b="paste",
        text_b=NEOPETS_SAMPLES.text("weak"),
    )
    job = SimulationJob.objects.get()
    play(job)
    html = client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    names = re.search(r'<p id="deck-names">(.*?)</p>', html, re.S).group(1)
    assert "Deck A: <strong>Neopets Battledome TCG sample: strong</strong>" in names
    assert "Deck B: <strong>a pasted list</strong>" in names


def test_the_card_table_sorts_by_a_column(
    client, neopets_samples, django_capture_on_commit_callbacks
):
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    play(job)
    url = reverse("tools:test-game", args=[job.pk])
    by_name = client.get(f"{url}?sort=name").content.decode()
    table = by_name[by_name.index('id="card-table"') :]
    names = [unescape(name) for name in re.findall(r"<tr><td>(.*?)</td>", table)]
    assert names == sorted(names) and len(names) > 2
    assert 'aria-sort="ascending"' in table
    assert "Sorted by Card, A to Z;" in table
    damage = SimulationJob.objects.get().result["average_damage_per_battle"]
    assert f"{damage:.2f} damage each on average" in by_name
    by_default = client.get(url).content.decode()
    assert "Sorted by Times played, highest first;" in by_default
    assert client.get(f"{url}?sort=bogus").content.decode().count("Sorted by Times played") == 1


def test_a_pasted_list_with_an_unreadable_line_is_named(client, neopets_samples):
    html = client.post(NEW, form(deck_a="paste", text_a="Main Deck:\n2 Hot Dog\n3 x y z ? ?\n"))
    assert "line 3" in html.content.decode()
    assert not SimulationJob.objects.exists()


def test_an_illegal_deck_shows_its_report_and_no_job_starts(client, neopets_samples):
    html = client.post(NEW, form(deck_b="paste", text_b="Main Deck:\n2 Hot Dog\n")).content
    assert "main.size" in html.decode() and not SimulationJob.objects.exists()


def test_a_pasted_list_plays_like_the_sample_it_copies(
    client, neopets_samples, django_capture_on_commit_callbacks
):
    submit(
        client,
        django_capture_on_commit_callbacks,
        deck_a="paste",
        text_a=NEOPETS_SAMPLES.text("strong"),
    )
    submit(client, django_capture_on_commit_callbacks)
    pasted, sample = SimulationJob.objects.order_by("created")
    played = [[deck["sections"] for deck in job.decks] for job in (pasted, sample)]
    assert played[0] == played[1]  # the same cards; only the deck's name differs


def test_alices_private_deck_is_offered_to_her_and_not_to_charlie(
    client, alice, charlie, neopets_samples, django_capture_on_commit_callbacks
):
    game = Game.objects.get(slug="neopets")
    lines = entries_resolve(game=game, refs=NEOPETS_SAMPLES.entries("strong"))
    deck = deck_create(owner=alice, game=game, name="Alice's Kau", lines=lines)
    client.force_login(alice)
    assert "Alice&#x27;s Kau" in client.get(NEW).content.decode()
    assert (
        submit(client, django_capture_on_commit_callbacks, deck_a=str(deck.pk)).status_code == 302
    )
    job = SimulationJob.objects.get()
    client.force_login(charlie)
    assert "Alice&#x27;s Kau" not in client.get(NEW).content.decode()
    refused = client.post(NEW, form(deck_a=str(deck.pk))).content.decode()
    assert "Select a valid choice" in refused
    assert client.get(reverse("tools:test-game", args=[job.pk])).status_code == 404


def test_an_anonymous_job_is_readable_by_its_link(
    client, neopets_samples, django_capture_on_commit_callbacks
):
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    assert job.owner is None
    assert client.get(reverse("tools:test-game", args=[job.pk])).status_code == 200


def test_a_running_job_can_be_cancelled_from_its_page(
    client, neopets_samples, django_capture_on_commit_callbacks
):
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    page = client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    assert 'id="cancel-job"' in page
    response = client.post(reverse("tools:test-game-cancel", args=[job.pk]), follow=True)
    job.refresh_from_db()
    assert job.status == SimulationJob.Status.CANCELLED
    assert "The job is cancelled" in response.content.decode()
    assert 'id="cancel-job"' not in response.content.decode()


def test_another_users_job_cannot_be_cancelled_from_the_site(
    alice, charlie, neopets_samples, django_capture_on_commit_callbacks, client
):
    client.force_login(alice)
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    client.force_login(charlie)
    assert client.post(reverse("tools:test-game-cancel", args=[job.pk])).status_code == 404
    job.refresh_from_db()
    assert job.status == SimulationJob.Status.QUEUED


@pytest.fixture
def anonymous_rate(settings):
    """The API's limit for anonymous clients, room for 3 jobs a minute (the suite runs with
    none)."""
    budget = 3 * QUEUES_WORK
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": f"{budget}/minute"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_the_form_obeys_the_apis_request_limits(
    client, neopets_samples, anonymous_rate, django_capture_on_commit_callbacks
):
    """Issue 25, item 4: the form took 125 one-game anonymous jobs in a minute, all queued."""
    codes = [
        submit(client, django_capture_on_commit_callbacks, games="1").status_code for _ in range(4)
    ]
    assert codes == [302, 302, 302, 429]
    assert SimulationJob.objects.count() == 3
    refused = submit(client, django_capture_on_commit_callbacks, games="1")
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= 60
    assert "Too many requests" in refused.content.decode()


def test_the_form_and_the_api_share_one_budget(
    client, api, neopets_samples, anonymous_rate, django_capture_on_commit_callbacks
):
    reads = 2 * QUEUES_WORK // READ  # two jobs' worth of reads
    assert {api.get("/api/v1/games/").status_code for _ in range(reads)} == {200}
    assert submit(client, django_capture_on_commit_callbacks, games="1").status_code == 302
    assert api.get("/api/v1/games/").status_code == 429
    assert submit(client, django_capture_on_commit_callbacks, games="1").status_code == 429


def test_alice_shares_her_result_by_link_and_can_stop_sharing(
    alice, charlie, neopets_samples, django_capture_on_commit_callbacks, client
):
    """Issue 27 item 4: the owner's page says only she can open it; Share by link makes an
    unguessable link anyone may open (not the job's id, which stays hers); Stop sharing ends it."""
    client.force_login(alice)
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    play(job)
    own = client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    assert "Only you can open this page" in own and "permanent link" not in own
    client.post(reverse("tools:test-game-share", args=[job.pk]), {"share": "on"})
    job.refresh_from_db()
    link = reverse("tools:test-game-shared", args=[job.share_token])
    assert (
        len(job.share_token) >= 20
        and link in client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    )
    client.force_login(charlie)
    seen = client.get(link).content.decode()
    assert 'id="win-rate-chart"' in seen and "shared by its owner" in seen
    assert "alice" not in seen.split('<main id="main"')[1].split("</main>")[0]
    assert client.get(reverse("tools:test-game", args=[job.pk])).status_code == 404
    assert (
        client.post(reverse("tools:test-game-share", args=[job.pk]), {"share": "off"}).status_code
        == 404
    )
    client.force_login(alice)
    client.post(reverse("tools:test-game-share", args=[job.pk]), {"share": "off"})
    client.force_login(charlie)
    assert client.get(link).status_code == 404


def test_a_shared_running_job_polls_its_shared_progress_and_offers_no_cancel(
    alice, charlie, neopets_samples, django_capture_on_commit_callbacks, client
):
    client.force_login(alice)
    submit(client, django_capture_on_commit_callbacks)
    job = SimulationJob.objects.get()
    client.post(reverse("tools:test-game-share", args=[job.pk]), {"share": "on"})
    job.refresh_from_db()
    client.force_login(charlie)
    seen = client.get(reverse("tools:test-game-shared", args=[job.share_token])).content.decode()
    progress = reverse("tools:test-game-shared-progress", args=[job.share_token])
    assert f'hx-get="{progress}"' in seen and 'id="cancel-job"' not in seen
    assert client.get(progress).status_code == 200


def test_the_deck_pickers_list_only_the_chosen_games_decks(
    client, alice, neopets_samples, django_capture_on_commit_callbacks
):
    game = Game.objects.get(slug="neopets")
    lines = entries_resolve(game=game, refs=NEOPETS_SAMPLES.entries("strong"))
    deck_create(owner=alice, game=game, name="Alice's Kau", lines=lines)
    client.force_login(alice)
    neopets = client.get(NEW).content.decode()
    assert "Alice&#x27;s Kau" in neopets and "sample:neopets:strong" in neopets
    assert "sample:keeper:" not in neopets
    keeper = client.get(NEW, {"game": "keeper"}).content.decode()
    assert "Alice&#x27;s Kau" not in keeper and "sample:neopets:" not in keeper
    assert 'value="sample:keeper:aggro" selected' in keeper


def test_the_first_neopets_sample_pair_plays_close_games_so_card_figures_vary(
    client, neopets_samples, django_capture_on_commit_callbacks
):
    """Issue 27 item 9: the page's first sample pair (rival against strong) does not end
    20,000 to 0, so a card's "win rate when played" says something."""
    page = client.get(NEW).content.decode()
    assert 'value="sample:neopets:rival" selected' in page
    assert 'value="sample:neopets:strong" selected' in page
    changes = {"deck_a": "sample:neopets:rival", "deck_b": "sample:neopets:strong"}
    submit(client, django_capture_on_commit_callbacks, games="100", **changes)
    job = SimulationJob.objects.get()
    play(job)
    job.refresh_from_db()
    assert min(job.result["wins"]) >= 10  # each deck wins some
    rates = {figures["win_rate"] for cards in job.result["cards"] for figures in cards.values()}
    assert rates - {0.0, 1.0, None}


@pytest.fixture
def metazoo_samples(db):
    cards_import(data=json.loads(METAZOO.cards_file.read_text()), source=METAZOO.cards_file.name)


def test_the_page_offers_metazoo_and_its_sample_spellbooks(client, db):
    """Issue 23: MetaZoo is a game of the form, and its sample Spellbooks are offered."""
    assert '<option value="metazoo">' in client.get(NEW).content.decode()
    html = client.get(NEW, {"game": "metazoo"}).content.decode()  # its decks once it is chosen
    for name in ("flame-aggro", "water-control", "forest-swarm", "lightning-traps"):
        assert f'value="sample:metazoo:{name}"' in html


def test_a_metazoo_job_from_the_form_plays_sample_spellbooks(
    client, metazoo_samples, django_capture_on_commit_callbacks
):
    changes = {
        "game": "metazoo",
        "deck_a": "sample:metazoo:flame-aggro",
        "deck_b": "sample:metazoo:water-control",
    }
    response = submit(client, django_capture_on_commit_callbacks, **changes)
    assert response.status_code == 302, response.content.decode()[:2000]
    job = SimulationJob.objects.get()
    play(job)
    job.refresh_from_db()
    assert job.status == "done" and sum(job.result["wins"]) + job.result["draws"] == 20
    page = client.get(reverse("tools:test-game", args=[job.pk])).content.decode()
    assert "Sample Ember Pup" in page
