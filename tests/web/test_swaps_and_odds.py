"""The MetaZoo Archive swap page (Archive, p. 41), the Millennium Blades fix page and the Neopets
battle odds page (CR 5.5): each shows what its API endpoint answers."""

import json
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from cards.models import Card, Game
from cards.services.importer import cards_import
from tests.rulebook.metazoo.factories import LEGAL_ARCHIVE, LEGAL_SPELLBOOK, SAMPLE_FILE


@pytest.fixture
def sample_pages(db):
    cards_import(data=json.loads(SAMPLE_FILE.read_text()), source=SAMPLE_FILE.name)


def decklist(spellbook: dict[str, int], archive: dict[str, int]) -> str:
    names = dict(Card.objects.filter(game__slug="metazoo").values_list("key", "name"))
    lines = ["Spellbook:", *(f"{n} {names[key]}" for key, n in spellbook.items())]
    lines += ["Archive:", *(f"{n} {names[key]}" for key, n in archive.items())]
    return "\n".join(lines)


def swap_page(client, before: str, after: str) -> str:
    query = urlencode({"before": before, "after": after})
    return client.get(f"{reverse('tools:archive-swap')}?{query}").content.decode()


def test_the_swap_page_shows_a_legal_swap_and_what_moved(client, sample_pages):
    before = decklist(LEGAL_SPELLBOOK, LEGAL_ARCHIVE)
    after = decklist(
        {**LEGAL_SPELLBOOK, "sample-ember-pup": 2, "sample-cinder-drake": 2},
        {"sample-ember-pup": 2, "sample-moss-gnome": 3},
    )
    html = swap_page(client, before, after)
    assert "A legal swap" in html
    assert "2 Sample Cinder Drake" in html and "2 Sample Ember Pup" in html


def test_the_swap_page_cites_the_rule_a_size_change_breaks(client, sample_pages, api):
    before = decklist(LEGAL_SPELLBOOK, LEGAL_ARCHIVE)
    after = decklist(
        {**LEGAL_SPELLBOOK, "sample-moss-gnome": 1}, {**LEGAL_ARCHIVE, "sample-moss-gnome": 2}
    )
    html = swap_page(client, before, after)
    assert "Not a legal swap" in html
    api_body = {
        name: {
            section: [{"key": key, "quantity": n} for key, n in copies.items()]
            for section, copies in zip(("spellbook", "archive"), lists, strict=True)
        }
        for name, lists in (
            ("before", (LEGAL_SPELLBOOK, LEGAL_ARCHIVE)),
            (
                "after",
                (
                    {**LEGAL_SPELLBOOK, "sample-moss-gnome": 1},
                    {**LEGAL_ARCHIVE, "sample-moss-gnome": 2},
                ),
            ),
        )
    }
    problems = api.post("/api/v1/metazoo/archive-swap/", api_body, format="json").json()
    for problem in problems["problems"]:
        assert problem["code"] in html


def test_the_swap_page_names_an_unreadable_line(client, db):
    html = swap_page(client, "Spellbook:\n2 Flame Aura\nnonsense here x y\n", "Spellbook:\n")
    assert "Line 3" in html


@pytest.fixture
def singles(db) -> list[str]:
    game = Game.objects.get(slug="millennium-blades")
    names = [f"Test Single {n}" for n in range(10)]
    for n, name in enumerate(names):
        Card.objects.create(game=game, key=f"test-single-{n}", name=name, type="Single")
    return names


def fix_page(client, names: list[str], seed: int | None = None) -> str:
    query = {"decklist": "Singles:\n" + "\n".join(f"1 {name}" for name in names)}
    if seed is not None:
        query["seed"] = seed
    return client.get(f"{reverse('tools:blades-fix')}?{urlencode(query)}").content.decode()


def test_the_fix_page_shows_the_apis_fix_and_its_seed(client, api, singles):
    html = fix_page(client, singles, seed=7)
    body = {
        "game": "millennium-blades",
        "sections": {"singles": [{"name": name, "quantity": 1} for name in singles]},
    }
    fix = api.post("/api/v1/validate/?fix=true&seed=7", body, format="json").json()["fix"]
    assert '<strong id="fix-seed">7</strong>' in html
    for removed in fix["removed"]:
        assert f'{removed["name"]} <span class="muted">from Singles' in html
    assert "seed=7" in html  # the link that repeats the fix
    # sections by the rulebook's names, not their slugs
    assert "<h3>Deck Box</h3>" in html and "deck_box" not in html.lower()


def test_the_fix_page_chooses_a_seed_and_shows_it(client, singles):
    html = fix_page(client, singles)
    assert 'id="fix-seed"' in html and "Not legal" in html


def odds_page(client, **stats) -> str:
    query = {
        "attacker_hp": 8,
        "attacker_attack": 4,
        "attacker_defence": 3,
        "attacker_agility": 5,
        "defender_hp": 7,
        "defender_attack": 3,
        "defender_defence": 5,
        "defender_agility": 3,
        **stats,
    }
    return client.get(f"{reverse('tools:battle-odds')}?{urlencode(query)}").content.decode()


def test_the_odds_page_draws_the_apis_damage_distribution(client, api, db):
    html = odds_page(client)
    answer = api.post(
        "/api/v1/battle-odds/",
        {
            "attacker": {"hp": 8, "attack": 4, "defence": 3, "agility": 5},
            "defender": {"hp": 7, "attack": 3, "defence": 5, "agility": 3},
        },
        format="json",
    ).json()
    assert f"{answer['expected_damage']:.2f} damage on average" in html
    for race in ("attacker_first", "defender_first"):
        wins = answer["race"][race]
        cells = f"<td>{wins['attacker_wins']:.1%}</td><td>{wins['defender_wins']:.1%}</td>"
        assert cells in html
    assert html.count("<svg") == 2 and "chance of each amount of damage" in html


def test_the_odds_page_refuses_what_the_api_refuses_on_the_same_field(client, db):
    html = odds_page(client, defender_damage=7)
    assert "must be less than hp (7)" in html and "<svg" not in html
    html = odds_page(client, attacker_attack=11)
    assert "Ensure this value is less than or equal to 10." in html


def test_choosing_two_neopet_cards_fills_in_their_printed_stats(client, db):
    neopets = Game.objects.get(slug="neopets")
    stats = {"hp": 9, "attack": 4, "defence": 2, "agility": 6, "species": "Kau"}
    kau, acara = (
        Card.objects.create(game=neopets, key=key, name=key, type="Neopet", attributes=stats)
        for key in ("red-kau", "blue-acara")
    )
    url = reverse("tools:battle-odds")
    response = client.get(url, {"attacker_card": kau.pk, "defender_card": acara.pk})
    assert response.status_code == 302
    filled = client.get(response["Location"]).content.decode()
    assert (
        'name="attacker_hp" value="9"' in filled and 'name="defender_agility" value="6"' in filled
    )
    assert "<svg" in filled
