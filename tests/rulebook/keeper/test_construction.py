"""KeeperRuleset: every construction rule, legal and illegal, citing its section."""

import pytest

from rulebook.core.cards import CardInfo, Deck, Entry, FormatInfo
from rulebook.keeper.components import COMPONENTS
from rulebook.keeper.construction import KeeperRuleset, ordinal
from rulebook.keeper.cost import explain_cost
from rulebook.keeper.parser import read_sentence
from rulebook.keeper.tables import ELEVENTH_EDITION, EditionTables, VariableLimit
from rulebook.keeper.templates import Template

STANDARD = FormatInfo("standard", "Standard", "keeper")
FILLER = "This card has no abilities."


def card(text=FILLER, *, name="Test Card", type="Creature", edition=11, cost=None, **stats):
    """A card whose printed cost is the computed one unless given."""
    if type == "Creature":
        stats = {"offense": 1, "defense": 5, **stats}
    if cost is None:
        cost = explain_cost(type, text, stats.get("offense", 0), stats.get("defense", 0)).cost
    attributes = {"cost": cost, **stats}
    if edition is not None:
        attributes["edition"] = edition
    return CardInfo(
        key=name.lower().replace(" ", "-"), name=name, type=type, text=text, attributes=attributes
    )


def deck_of(*cards_and_copies):
    entries = tuple(Entry(info, copies) for info, copies in cards_and_copies)
    return Deck("keeper", {"deck": entries})


def check(*cards_and_copies, ruleset=None):
    return (ruleset or KeeperRuleset()).check(deck_of(*cards_and_copies), STANDARD)


def with_filler(info, copies=1):
    """A 40-card deck: the card under test plus legal filler."""
    return check((info, copies), (card(name="Filler"), 40 - copies))


def codes(report):
    return [issue.code for issue in report.errors], [issue.code for issue in report.warnings]


# Rulebook, "Setup and Deck Building": exactly 40 cards, no limit on copies.


def test_it_accepts_a_deck_of_exactly_40_cards():
    report = check((card(), 40))
    assert report.legal and report.counts == {"deck": 40}


@pytest.mark.parametrize("size", [39, 41, 0])
def test_it_refuses_a_deck_of_other_than_40_cards(size):
    report = check((card(), size))
    (issue,) = report.errors
    assert issue.code == "deck.size"
    assert issue.rule == "Setup and Deck Building"
    assert f"has {size} cards" in issue.message


def test_it_allows_40_copies_of_one_card():
    """Rulebook, "Setup and Deck Building": "you can populate your deck with 40 identical cards"."""
    assert check((card("Draw 2 cards."), 40)).legal


# Rulebook, "Redacted Ability Text (Banned Cards)".


@pytest.mark.parametrize("redacted", ELEVENTH_EDITION.redacted, ids=lambda r: r.template.text)
def test_it_bans_a_card_with_any_redacted_text(redacted):
    text = redacted.template.fill({"x": 3, "y": 2, "z": 1})
    report = with_filler(card(text))
    issues = [issue for issue in report.errors if issue.code == "card.banned_text"]
    assert issues, report.as_dict()
    assert issues[0].rule == "Redacted Ability Text (Banned Cards)"
    assert f"redacted in the {redacted.edition}" in issues[0].message


def test_it_finds_a_redacted_text_inside_a_longer_ability():
    text = "BLOOD PRICE: Pay 3 hitpoints. Draw 2 cards."
    issue = next(i for i in with_filler(card(text)).errors if i.code == "card.banned_text")
    assert dict(issue.details)["text"] == "Pay 3 hitpoints."


def test_immortal_phoenixs_rebirth_is_banned_in_the_11th_edition():
    """Rulebook, "Creature Abilities": REBIRTH targets "up to 1 card in your graveyard", a text
    redacted in the 9th edition."""
    text = (
        "REBIRTH: Activate when this in-play card is destroyed. Target up to 1 card in your "
        "graveyard. Reveal all targets, then summon or cast any number of targets that are not in "
        "play (paying the usual costs)."
    )
    errors, _ = codes(with_filler(card(text)))
    assert errors == ["card.banned_text"]


def test_a_legal_text_that_merely_mentions_a_redacted_one_is_not_banned():
    text = (
        "Show all cards in your graveyard to an opponent of your choice and target up to 2 cards "
        "in your graveyard selected by that player. Reveal all targets, then summon or cast any "
        "number of targets that are not in play (paying the usual costs)."
    )
    assert with_filler(card(text, type="Spell")).legal


# Rulebook, "Revised Costs": the Edition Indicator must be at least the revising edition.


@pytest.mark.parametrize("revision", ELEVENTH_EDITION.cost_revisions, ids=lambda r: r.template.text)
def test_a_cost_revised_text_needs_an_edition_at_least_the_revision(revision):
    if revision.template.text.startswith("This creature"):
        text = revision.template.text
    else:
        text = "Target up to 1 card in play. " + revision.template.fill({"x": 2})
    kind = "Creature" if text.startswith("This creature") else "Spell"
    assert with_filler(card(text, type=kind, edition=revision.edition)).legal
    assert with_filler(card(text, type=kind, edition=11)).legal
    too_old = with_filler(card(text, type=kind, edition=revision.edition - 1))
    (issue,) = too_old.errors
    assert issue.code == "card.edition" and issue.rule == "Revised Costs"
    assert dict(issue.details)["required_edition"] == revision.edition


def test_a_cost_revised_text_without_an_edition_indicator_is_banned():
    """Rulebook, "Revised Costs": cards "whose edition is not indicated, are banned"."""
    (issue,) = with_filler(card("Draw 2 cards.", type="Spell", edition=None)).errors
    assert issue.code == "card.edition"
    assert "has no Edition Indicator" in issue.message


def test_a_text_whose_cost_never_changed_needs_no_edition():
    assert with_filler(card("All players draw 2 cards.", type="Spell", edition=None)).legal


# Rulebook, "Revised Ability Text": legal, read in the new wording.


@pytest.mark.parametrize("revision", ELEVENTH_EDITION.text_revisions, ids=lambda r: r.old.text)
def test_an_old_wording_is_legal_and_shows_the_new_one(revision):
    old = revision.old.fill({"x": 2, "y": 2})
    first_word = old.split()[0]
    kind = "Creature" if first_word == "You" and "creature" in old else "Spell"
    completes_ability = {
        "Activate": " Draw 5 cards.",
        "Exhaust": " Draw 5 cards.",
        "Target": " Exhaust all targets.",
    }
    text = old + completes_ability.get(first_word, "")
    report = with_filler(card(text, type=kind))
    assert report.legal, report.as_dict()
    (warning,) = report.warnings
    assert warning.code == "card.revised_text" and warning.rule == "Revised Ability Text"
    assert dict(warning.details)["read_as"] == revision.new.fill({"x": 2, "y": 2})


# Rulebook, "Revised Variable Limits": none in the 11th edition; the mechanism is data.

TEST_ONLY_TABLES = EditionTables(
    edition=12,
    redacted=ELEVENTH_EDITION.redacted,
    cost_revisions=ELEVENTH_EDITION.cost_revisions,
    text_revisions=ELEVENTH_EDITION.text_revisions,
    variable_limits=(VariableLimit(Template("Draw [x] cards."), {"x": 10}, 12),),
)


class LimitedRuleset(KeeperRuleset):
    """A test-only edition with the guide's example limit {x≤10} on "Draw [x] cards."."""

    tables = TEST_ONLY_TABLES


def test_the_11th_edition_revises_no_variable_limits():
    assert with_filler(card("Draw 50 cards.", type="Spell")).legal


def test_a_variable_within_a_revised_limit_is_legal():
    assert check((card("Draw 10 cards.", type="Spell"), 40), ruleset=LimitedRuleset()).legal


def test_a_variable_over_a_revised_limit_bans_the_card():
    """Guide, "Revised Variable Limits": a component setting a variable higher than the limit
    makes a banned card; the guide's example is {x≤10}."""
    report = check((card("Draw 11 cards.", type="Spell"), 40), ruleset=LimitedRuleset())
    (issue,) = report.errors
    assert issue.code == "card.banned_text" and issue.rule == "Revised Variable Limits"
    assert "sets x to 11" in issue.message and "{x≤10}" in issue.message


def test_a_variable_over_its_components_printed_limit_is_refused():
    """Guide, "Constructing Abilities": a value must fit the component's limit, e.g. the
    (redacted) "You must pay [x] hitpoints to summon this creature." {x≤14}."""
    report = with_filler(card("You must pay 15 hitpoints to summon this creature."))
    rules = sorted(issue.rule for issue in report.errors if issue.code == "card.banned_text")
    assert rules == [
        "Card Building Guide: Constructing Abilities",
        "Redacted Ability Text (Banned Cards)",
    ]
    within = with_filler(card("You must pay 14 hitpoints to summon this creature."))
    assert [issue.rule for issue in within.errors] == ["Redacted Ability Text (Banned Cards)"]


# Guide, "Resource Cost": the printed cost must be the computed one.


def test_a_printed_cost_equal_to_the_computed_cost_is_legal():
    assert with_filler(card("Draw 2 cards.", type="Spell", cost=4)).legal


def test_a_printed_cost_that_disagrees_is_an_error_showing_both():
    (issue,) = with_filler(card("Draw 2 cards.", type="Spell", cost=3)).errors
    assert issue.code == "card.cost" and issue.rule == "Card Building Guide: Resource Cost"
    assert "printed cost of 3" in issue.message and "gives 4" in issue.message
    assert dict(issue.details) == {"printed_cost": 3, "computed_cost": 4}


# Guide, "Constructing Abilities": text that is not the guide's components.


def test_text_that_is_no_component_is_an_error_offering_the_nearest():
    """Guide, "Constructing Abilities": "You must choose non-redacted components from the lists
    on the following pages only"; before, such text was only a warning and the card legal."""
    text = "Draw 2 cards. Destroy every target."
    report = with_filler(card(text, type="Spell"))
    assert codes(report) == (["card.unparsed"], [])
    (error,) = report.errors
    assert error.rule == "Card Building Guide: Constructing Abilities"
    assert "“Destroy every target.”" in error.message
    assert "“Destroy all targets.”" in error.message
    nearest = dict(error.details)["nearest"]
    assert {"text": "Destroy all targets.", "kind": "effect", "redacted_in": None} in nearest


@pytest.mark.parametrize(
    ("text", "codes_", "nearest"),
    [
        ("Win the game.", ["card.unparsed"], None),
        # A redacted text with its number as a word is still the redacted text, and no variable.
        ("Pay two hitpoints.", ["card.banned_text", "card.variable"], None),
        ("COST: Pay two hitpoints. Draw 2 cards.", ["card.banned_text", "card.variable"], None),
        # Two components in one sentence are none; the nearest tells the redacted one.
        (
            "Pay 2 hitpoints, then draw 2 cards.",
            ["card.unparsed"],
            {"text": "Pay [x] hitpoints.", "kind": "activation cost", "redacted_in": 9},
        ),
    ],
)
def test_a_card_with_text_the_guide_does_not_list_is_illegal(text, codes_, nearest):
    """Guide, "Constructing Abilities" and "Redacted Components"; rulebook, "Redacted Ability
    Text": "Win the game." and re-worded redacted texts make a card illegal."""
    report = with_filler(card(text, type="Spell"))
    errors = sorted({issue.code for issue in report.errors} - {"card.edition"})
    assert errors == codes_
    if nearest is not None:
        unparsed = next(issue for issue in report.errors if issue.code == "card.unparsed")
        assert dict(unparsed.details)["nearest"][0] == nearest
        assert "the redacted “Pay [x] hitpoints.”" in unparsed.message


@pytest.mark.parametrize("component", COMPONENTS, ids=lambda component: component.text)
def test_every_wording_of_every_component_is_read(component):
    """Guide, "Constructing Abilities": all 109 components, with any positive number, the
    singular a variable of 1 takes, either apostrophe and any case, read as themselves, so none
    of them is called text that is no component."""
    for number in (1, 2, 14):
        filled = component.template.fill(dict.fromkeys(component.template.variables, number))
        for wording in (filled, filled.replace("'", "\u2019"), filled.upper()):
            part = read_sentence(wording)
            assert part is not None and part.component is component, wording


def test_it_reports_every_problem_of_every_card_at_once():
    bad = card(
        "Pay 2 hitpoints. Draw 1 card. Sing.", type="Spell", edition=None, cost=9, name="Bad"
    )
    old = card("Activate when you take damage. Draw 1 card.", type="Spell", name="Old")
    wrong = card("Draw 2 cards.", type="Spell", cost=3, name="Wrong")
    report = check((bad, 2), (old, 1), (wrong, 1))
    errors, warnings = codes(report)
    assert sorted(errors) == [
        "card.banned_text",
        "card.cost",
        "card.edition",
        "card.unparsed",
        "deck.size",
    ]
    assert warnings == ["card.revised_text"]
    assert all(issue.section == "deck" for issue in report.errors[1:])


def test_a_printed_cost_is_not_called_wrong_on_the_part_the_parser_could_read():
    """Guide, "Resource Cost": the formula counts every component, so a card with unread text
    has no computed cost to hold its printed one against; the text is the error instead."""
    # "Draw 2 cards." alone costs 4; the unread sentence may well be worth the other 3.
    report = with_filler(card("Draw 2 cards. Sing a song.", type="Spell", cost=7))
    assert codes(report) == (["card.unparsed"], [])
    assert "printed cost is not checked" in report.errors[0].message


# Guide, "Introduction", "Constructing Abilities", "Caveats", "Target Selections": the musts.
# Breaking one is an error with its own code, never a card.unparsed warning.


@pytest.mark.parametrize(
    ("text", "card_type", "code", "rule"),
    [
        (
            "This creature cannot attack. Draw 1 card.",
            "Spell",
            "card.caveat",
            "Card Building Guide: Caveats",
        ),
        (
            "This creature cannot attack. This creature cannot defend.",
            "Creature",
            "card.caveat",
            "Card Building Guide: Caveats",
        ),
        (
            "Draw 1 card.\nAll players draw 1 card.",
            "Spell",
            "card.spell_abilities",
            "Card Building Guide: Introduction",
        ),
        (
            "Draw 1 card. Activate when this in-play card is destroyed.",
            "Spell",
            "card.component_order",
            "Card Building Guide: Constructing Abilities",
        ),
        (
            "Target this card. Target up to 1 card in play. Destroy all targets.",
            "Spell",
            "card.component_count",
            "Card Building Guide: Constructing Abilities",
        ),
        (
            "STARE: Target this card.",
            "Creature",
            "card.no_effect",
            "Card Building Guide: Constructing Abilities",
        ),
        (
            "Destroy all targets.",
            "Spell",
            "card.no_target",
            "Card Building Guide: Target Selections",
        ),
        ("Draw 0 cards.", "Spell", "card.variable", "Card Building Guide: Constructing Abilities"),
        (
            "Target this card.\nDestroy all targets.",
            "Creature",
            "card.paragraph",
            "Card Building Guide: Constructing Abilities",
        ),
        ("", "Creature", "card.no_abilities", "Card Building Guide: Constructing Abilities"),
    ],
)
def test_a_card_breaking_one_of_the_guides_musts_is_illegal(text, card_type, code, rule):
    report = with_filler(card(text, type=card_type, cost=99))
    assert not report.legal
    assert (code, rule) in [(issue.code, issue.rule) for issue in report.errors]
    assert "card.unparsed" not in codes(report)[1]
    assert "card.cost" not in codes(report)[0]


def test_a_creature_with_a_caveat_and_no_abilities_is_legal():
    """Guide, "Constructing Abilities": "This card has no abilities." is the guide's wording,
    after a caveat as well."""
    text = "This creature cannot defend.\nThis card has no abilities."
    assert with_filler(card(text)).legal


# Rulebook, "Redacted Ability Text" and "Revised Costs": found in every sentence, whatever the
# parser made of it and whatever number stands for [x].


@pytest.mark.parametrize("number", ["0", "007", "1.5", "-2", "123456789012"])
def test_a_redacted_text_bans_the_card_whatever_number_fills_it(number):
    report = with_filler(card(f"Pay {number} hitpoints. Draw 1 card.", type="Spell"))
    assert "card.banned_text" in codes(report)[0]


def test_a_redacted_text_bans_the_card_in_an_ability_that_breaks_another_must():
    text = "Draw 1 card. Pay 2 hitpoints."  # out of order: the parser drops the cost
    errors = codes(with_filler(card(text, type="Spell")))[0]
    assert "card.banned_text" in errors and "card.component_order" in errors


@pytest.mark.parametrize(
    "text",
    [
        "Draw 0 cards.",  # a variable that is not positive: no component read
        "Target up to 1 card in play. Sing. Draw 2 cards.",  # beside unreadable text
        "Draw 2 cards.\nDraw 3 cards.",  # a second ability the spell may not have
        "Draw 1.5 cards.",
    ],
)
def test_a_cost_revised_text_needs_its_edition_whatever_the_parser_made_of_it(text):
    """Rulebook, "Revised Costs": "Draw [x] cards." was revised in the 9th edition."""
    report = with_filler(card(text, type="Spell", edition=8))
    (edition,) = [issue for issue in report.errors if issue.code == "card.edition"]
    assert dict(edition.details) == {"required_edition": 9}


def test_a_text_that_only_ends_like_a_cost_revised_one_needs_no_edition():
    """ "All players draw [x] cards." is its own component; only "Draw [x] cards." was revised."""
    assert with_filler(card("All players draw 0 cards.", type="Spell", edition=None)).errors[
        0
    ].code == ("card.variable")


def test_no_cap_on_a_variable_or_a_cost_the_guide_does_not_set():
    """Guide, "Constructing Abilities": only a printed limit ({x≤14}) caps a variable."""
    big = card("Draw 500000 cards.", type="Spell")
    assert big.attributes["cost"] == 1000000
    assert with_filler(big).legal


def test_a_variable_above_a_revised_limit_bans_the_card_wherever_the_sentence_stands():
    """Rulebook, "Revised Variable Limits": a sentence the parser left out of the card's
    abilities (a spell's second ability, here) is still on the card, and its variable counts."""
    spell = card("Draw 2 cards.\nDraw 11 cards.", type="Spell", cost=1)
    report = check((spell, 1), (card(name="Filler"), 39), ruleset=LimitedRuleset())
    assert {"card.banned_text", "card.spell_abilities"} <= set(codes(report)[0])


def test_a_banned_texts_message_names_the_edition_that_redacted_it():
    """Rulebook, "Redacted Ability Text": the error says in which edition the text was
    redacted, as the rulebook names editions ("the 9th edition")."""
    text = "REBIRTH: Target up to 1 card in your graveyard. Draw 1 card."
    issue = next(i for i in with_filler(card(text)).errors if i.code == "card.banned_text")
    assert "(redacted in the 9th edition)" in issue.message


@pytest.mark.parametrize(
    ("number", "said"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (9, "9th"), (10, "10th"), (11, "11th"),
     (12, "12th"), (13, "13th"), (20, "20th"), (21, "21st"), (22, "22nd"), (23, "23rd"),
     (111, "111th"), (112, "112th"), (121, "121st")],
)  # fmt: skip
def test_editions_are_named_as_the_rulebook_names_them(number, said):
    """Construction messages name editions ("indicate the 10th edition or later")."""
    assert ordinal(number) == said
