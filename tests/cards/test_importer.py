"""The card importer: a good file upserts, a bad one is refused whole, twice is a no-op."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.cardfile.problems import CardFileError
from cards.models import Card, CardSet, Printing
from cards.services.importer import cards_import

from .factories import acara, food, neopets_file

pytestmark = pytest.mark.django_db


def import_file(data, source="cards.json"):
    return cards_import(data=data, source=source)


def problems_of(data) -> list[str]:
    with pytest.raises(CardFileError) as caught:
        import_file(data)
    return [str(problem) for problem in caught.value.problems]


def row_counts() -> tuple[int, int, int]:
    return CardSet.objects.count(), Card.objects.count(), Printing.objects.count()


def test_it_imports_a_good_file():
    result = import_file(neopets_file())
    assert (result.sets.created, result.cards.created, result.printings.created) == (2, 4, 3)
    acara_row = Card.objects.get(game__slug="neopets", key="acara")
    assert acara_row.attributes["hp"] == 8
    assert acara_row.printings.get().set.released == datetime.date(2024, 1, 1)
    assert Card.objects.get(key="hot-dog-of-justice").name == "Hot Dog of Justice"
    mau = Printing.objects.get(set__code="TST", number="101a")
    assert (mau.card.key, mau.rarity, mau.image_url) == (
        "mau-codestone",
        "foil",
        "https://example.org/mau.png",
    )


def test_it_slugs_the_name_into_the_key_when_none_is_given():
    import_file(neopets_file())
    assert Card.objects.get(name="Kauvara\u2019s Café").key == "kauvaras-cafe"


def test_it_marks_sample_data_from_the_file_default_and_per_record():
    import_file(neopets_file(sample=True))
    assert CardSet.objects.get(code="TST").is_sample
    assert Card.objects.get(key="acara").is_sample
    assert not Card.objects.get(key="mau-codestone").is_sample  # "sample": false overrides


def test_it_marks_nothing_as_sample_by_default():
    import_file(neopets_file())
    assert list(Card.objects.filter(is_sample=True).values_list("key", flat=True)) == [
        "kauvaras-cafe"
    ]


def test_it_changes_nothing_when_the_same_file_is_imported_twice():
    import_file(neopets_file())
    before = list(Card.objects.values_list("pk", "updated").order_by("pk"))
    with CaptureQueriesContext(connection) as queries:
        result = import_file(neopets_file())
    writes = [q["sql"] for q in queries if q["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")]
    assert writes == []
    for tally in (result.sets, result.cards, result.printings):
        assert (tally.created, tally.updated) == (0, 0)
    assert (result.sets.unchanged, result.cards.unchanged, result.printings.unchanged) == (2, 4, 3)
    assert list(Card.objects.values_list("pk", "updated").order_by("pk")) == before


def test_it_updates_only_the_rows_that_changed():
    import_file(neopets_file())
    old = Card.objects.get(key="acara")
    changed = acara(text="Now with text.")
    changed["printings"][0]["rarity"] = "rare"
    result = import_file(neopets_file(cards=[changed]))
    assert (result.cards.created, result.cards.updated, result.cards.unchanged) == (0, 1, 0)
    assert (result.printings.updated, result.sets.unchanged) == (1, 2)
    new = Card.objects.get(key="acara")
    assert new.text == "Now with text." and new.updated > old.updated
    assert Card.objects.count() == 4  # nothing absent from the file is deleted


def test_it_accepts_a_printing_in_a_set_already_in_the_database():
    import_file(neopets_file())
    later = neopets_file(cards=[food("Teeny Hot Dog", "050")], sets=[])
    assert import_file(later).printings.created == 1


def test_it_refuses_a_bad_file_whole_naming_every_problem():
    data = neopets_file(
        cards=[
            acara(attributes={"species": "Acara", "hp": 0, "attack": 11, "defence": 2}),
            food("Hot Dog", "002"),
            food("Hot Dog", "003"),
            {"name": "Hubert", "type": "Hero", "printings": [{"set": "NOPE", "number": "1"}]},
            {"name": 5, "type": "Food"},
            food("Lab Ray", "002"),
        ]
    )
    data["sets"][0]["released"] = "2024-02-30"
    problems = problems_of(data)
    assert problems == [
        'cards.json: sets[0] "TST": released: “2024-02-30” value has the correct format '
        "(YYYY-MM-DD) but it is an invalid date.",
        'cards.json: cards[0] "Acara": attributes.hp: must be at least 1, not 0',
        'cards.json: cards[0] "Acara": attributes.attack: must be at most 10, not 11',
        'cards.json: cards[0] "Acara": attributes.agility: is required on a Neopet',
        "cards.json: cards[2] \"Hot Dog\": key: 'hot-dog' (the slug of the name) is already the "
        'key of cards[1] "Hot Dog"; keys are unique per game, so give one of them a distinct key',
        "cards.json: cards[3] \"Hubert\": printings[0].set: 'NOPE' is neither in the file's "
        "sets nor in the database",
        "cards.json: cards[4]: name: must be a string, not 5",
        'cards.json: cards[5] "Lab Ray": printings[0].number: TST 002 is already printed as '
        'cards[1] "Hot Dog" printings[0]',
    ]
    assert row_counts() == (0, 0, 0)


def test_it_refuses_a_file_whose_50th_card_is_bad_after_49_good_ones():
    cards = [food(f"Sample Food {n}", f"{n:03d}") for n in range(49)]
    cards.append(food("Bad Food", "049") | {"attributes": {"level": 9}})
    problems = problems_of(neopets_file(cards=cards))
    assert problems == [
        'cards.json: cards[49] "Bad Food": attributes.level: must be at most 5, not 9'
    ]
    assert row_counts() == (0, 0, 0)


def test_it_leaves_earlier_rows_untouched_when_refusing_a_file():
    import_file(neopets_file())
    changed = acara(text="Changed", attributes={"hp": 1})
    problems_of(neopets_file(cards=[changed]))
    assert Card.objects.get(key="acara").text == ""


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ([], "cards.json: must be an object, not []"),
        ({"cards": []}, "cards.json: game: is required"),
        (
            {"game": "chess", "cards": []},
            "cards.json: game: must be one of neopets, keeper, metazoo, millennium-blades; "
            "not 'chess'",
        ),
        ({"game": "neopets", "cards": {}}, "cards.json: cards: must be a list, not {}"),
        (
            {"game": "neopets", "cards": [], "card": []},
            "cards.json: card: is not a field here; use game, sample, sets, cards",
        ),
        ({"game": "neopets", "cards": [], "sample": "yes"}, "sample: must be true or false"),
        ({"game": "neopets", "cards": ["Acara"]}, 'cards[0]: must be an object, not "Acara"'),
        (
            {"game": "neopets", "cards": [{"name": "Acara"}]},
            'cards[0] "Acara": type: is required',
        ),
        (
            {"game": "neopets", "cards": [{"name": "Kau", "type": "Dragon"}]},
            'cards[0] "Kau": type: must be one of Neopet',
        ),
        (
            {"game": "neopets", "cards": [{"name": "Kau", "type": "Food", "attributes": []}]},
            'cards[0] "Kau": attributes: must be an object, not []',
        ),
        (
            {"game": "neopets", "cards": [{"name": "Kau", "type": "Food", "key": "no spaces"}]},
            'cards[0] "Kau": key: Enter a valid “slug”',
        ),
        (
            {"game": "neopets", "cards": [{"name": "x" * 201, "type": "Food"}]},
            "name: Ensure this value has at most 200 characters (it has 201).",
        ),
        (
            {"game": "neopets", "cards": [{"name": "Kau", "type": "Food", "text": "a\x00b"}]},
            'cards[0] "Kau": text: must not contain NUL (\\u0000) characters',
        ),
        (
            {"game": "neopets", "cards": [{"name": "!!!", "type": "Food"}]},
            'cards[0] "!!!": key: is needed: the name has no letters or digits for one',
        ),
        (
            {
                "game": "neopets",
                "sets": [{"code": "A", "name": "A"}, {"code": "A", "name": "B"}],
                "cards": [],
            },
            'sets[1] "A": code: is already the code of sets[0]',
        ),
        (
            {
                "game": "neopets",
                "cards": [
                    {"name": "Kau", "type": "Food", "printings": [{"set": "A", "number": 1}]}
                ],
            },
            'cards[0] "Kau": printings[0].number: must be a string, not 1',
        ),
        (
            {
                "game": "neopets",
                "sets": [{"code": "A", "name": "A"}],
                "cards": [
                    {
                        "name": "Kau",
                        "type": "Food",
                        "printings": [{"set": "A", "number": "1", "image_url": "not a url"}],
                    }
                ],
            },
            'cards[0] "Kau": printings[0].image_url: Enter a valid URL.',
        ),
    ],
)
def test_it_names_each_kind_of_problem_with_its_record_and_field(data, problem):
    problems = problems_of(data)
    assert any(problem in found for found in problems), problems
    assert row_counts() == (0, 0, 0)


def test_it_shows_a_progress_bar_on_large_files_when_asked(monkeypatch, capsys):
    monkeypatch.setattr("cards.services.importer.PROGRESS_FROM_ROWS", 5)
    cards_import(data=neopets_file(), source="big.json", progress=True)
    assert "big.json: 100%" in capsys.readouterr().err


def test_it_shows_no_progress_bar_on_small_files_or_when_quiet(monkeypatch, capsys):
    cards_import(data=neopets_file(), source="small.json", progress=True)
    monkeypatch.setattr("cards.services.importer.PROGRESS_FROM_ROWS", 5)
    cards_import(data=neopets_file(), source="quiet.json", progress=False)
    assert capsys.readouterr().err == ""


def test_it_refuses_malformed_neopets_effects_naming_the_effect_and_its_parameter():
    bad = food("Bad Food", "001") | {
        "attributes": {"effects": [{"do": "heal", "n": "lots"}, {"do": "draw", "cards": 2}]}
    }
    problems = problems_of(neopets_file(cards=[bad]))
    assert problems == [
        'cards.json: cards[0] "Bad Food": attributes.effects[0].n: '
        "must be a whole number from 0 to 50, not 'lots'",
        "cards.json: cards[0] \"Bad Food\": attributes.effects[1].n: is required by 'draw'",
        'cards.json: cards[0] "Bad Food": attributes.effects[1].cards: '
        "is not a parameter of 'draw'",
    ]
    assert row_counts() == (0, 0, 0)


def test_it_accepts_an_effect_the_engine_cannot_play_so_results_can_list_it():
    odd = food("Odd Food", "001") | {"attributes": {"effects": [{"do": "summon_petpet"}]}}
    import_file(neopets_file(cards=[odd]))
    assert Card.objects.get(key="odd-food").attributes["effects"] == [{"do": "summon_petpet"}]


# Issue 7 item 1: data that would make the rules lie is refused, naming file, record and field.


def _refused(data: dict) -> list:
    before = Card.objects.count()
    with pytest.raises(CardFileError) as refused:
        cards_import(data=data, source="lie.json")
    assert Card.objects.count() == before
    return refused.value.problems


def test_it_refuses_a_rainbow_pool_neopet_flagged_as_beginning_in_the_rainbow_pool(db):
    """8.2.1, 7.2.3: the flag would let it escape the ten and uniqueness (7.9.4 is for cards)."""
    stats = {"species": "Kau", "hp": 9, "attack": 4, "defence": 3, "agility": 3}
    pet = {
        "name": "Fire Kau",
        "type": "Rainbow Pool Neopet",
        "attributes": {**stats, "begins_in_rainbow_pool": True},
    }
    [problem] = _refused({"game": "neopets", "cards": [pet]})
    assert (problem.source, problem.field) == ("lie.json", "attributes.begins_in_rainbow_pool")
    assert "Fire Kau" in problem.record and "8.2.1" in problem.message


def test_it_refuses_a_basic_flag_on_a_metazoo_page_that_is_not_an_aura(db):
    """Page Types: Basic Aura Page (p. 6): only Basic Aura are allowed in any number."""
    page = {
        "name": "Big Beast",
        "type": "Beastie",
        "attributes": {"aura_cost": {"flame": 1}, "lp": 100, "spellbook_limit": 1, "basic": True},
    }
    [problem] = _refused({"game": "metazoo", "cards": [page]})
    assert problem.field == "attributes.basic" and "Big Beast" in problem.record


def test_it_refuses_a_namesake_with_other_rules_unless_marked_distinct(db):
    """6.7.2: copies count by the card, so one card under two keys with a slip in its rules
    would count twice; a different card of the same name says so with distinct_namesake."""
    first = {"key": "grove-fox", "name": "Grove Fox", "type": "Spell", "text": "Draw a Page."}
    second = {**first, "key": "grove-fox-2", "text": "Draw two Pages."}
    problems = _refused({"game": "metazoo", "cards": [first, second]})
    assert [(p.record, p.field) for p in problems] == [
        ('cards[0] "Grove Fox"', "distinct_namesake"),
        ('cards[1] "Grove Fox"', "distinct_namesake"),
    ]
    cards_import(data={"game": "metazoo", "cards": [first]}, source="first.json")
    [problem] = _refused({"game": "metazoo", "cards": [second]})  # against the stored card too
    assert "grove-fox" in problem.message
    cards_import(
        data={"game": "metazoo", "cards": [{**second, "distinct_namesake": True}]}, source="ok.json"
    )
    assert Card.objects.filter(folded_name="grove fox").count() == 2
