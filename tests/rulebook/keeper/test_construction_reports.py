"""The whole issue a player reads for each Keeper construction rule: code, rule, section, the
cards named, the message with its numbers and editions, and the details clients read."""

import pytest

from rulebook.keeper.construction import KeeperRuleset
from rulebook.keeper.tables import ELEVENTH_EDITION, EditionTables, TextRevision
from rulebook.keeper.templates import Template

from .test_construction import LimitedRuleset, card, check, with_filler

DECK = "deck"


def issues(report):
    return [issue.as_dict() for issue in report.errors + report.warnings]


@pytest.mark.parametrize(("size", "counted"), [(39, "39 cards"), (1, "1 card"), (41, "41 cards")])
def test_a_deck_of_other_than_40_cards_is_told_its_size_and_the_reserves(size, counted):
    """Rulebook, "Setup and Deck Building": "exactly 40 cards (10 of which will be placed in the
    reserves at the start of the game)"."""
    assert issues(check((card(), size))) == [
        {
            "code": "deck.size",
            "rule": "Setup and Deck Building",
            "section": DECK,
            "cards": [],
            "message": f"The deck has {counted}; it must have exactly 40 (10 of them go to the "
            "reserves before each game).",
        }
    ]


def test_each_redacted_text_on_a_card_is_its_own_ban_naming_the_card_and_the_edition():
    """Rulebook, "Redacted Ability Text (Banned Cards)": "Pay [x] hitpoints." was redacted in
    the 9th edition; a card bearing it twice is told of each sentence."""
    text = "Pay 2 hitpoints. Draw 2 cards. Pay 3 hitpoints."
    banned = [
        issue
        for issue in issues(with_filler(card(text, type="Spell", name="Blood Tax")))
        if issue["code"] == "card.banned_text"
    ]
    assert banned == [
        {
            "code": "card.banned_text",
            "rule": "Redacted Ability Text (Banned Cards)",
            "section": DECK,
            "cards": ["Blood Tax"],
            "message": f"Blood Tax is banned: “Pay {x} hitpoints.” is redacted ability text "
            "(redacted in the 9th edition).",
            "text": f"Pay {x} hitpoints.",
        }
        for x in (2, 3)
    ]


@pytest.mark.parametrize("words_before", ["Then", "You"])
def test_a_sentence_ending_in_a_redacted_text_bears_it(words_before):
    """Rulebook, "Redacted Ability Text": "Any card with any of these texts is considered to be
    banned"; words before "pay 3 hitpoints." do not hide it (and make no component either)."""
    sentence = f"{words_before} pay 3 hitpoints."
    report = with_filler(card(f"{sentence} Draw 1 card.", type="Spell", name="Hidden Price"))
    assert [(issue["code"], issue["text"]) for issue in issues(report)] == [
        ("card.banned_text", sentence),
        ("card.unparsed", sentence),
    ]


@pytest.mark.parametrize(
    ("edition", "indicated"),
    [
        (10, "indicates the 10th edition"),
        (8, "indicates the 8th edition"),
        (None, "has no Edition Indicator"),
    ],
)
def test_a_card_bearing_cost_revised_texts_is_told_each_and_the_latest_revision(edition, indicated):
    """Rulebook, "Revised Costs": "Draw [x] cards." was revised in the 9th edition and "Destroy
    all targets." in the 11th; the card must indicate the later of the two, and "cards ...
    whose edition is not indicated, are banned"."""
    text = "Target up to 1 card in play. Destroy all targets. Draw 2 cards."
    report = with_filler(card(text, type="Spell", edition=edition, name="Purge"))
    assert issues(report) == [
        {
            "code": "card.edition",
            "rule": "Revised Costs",
            "section": DECK,
            "cards": ["Purge"],
            "message": "Purge is banned: it bears “Destroy all targets.”, “Draw 2 cards.”, whose "
            f"cost was revised, so it must indicate the 11th edition or later, but it {indicated}.",
            "required_edition": 11,
        }
    ]


def test_a_variable_over_a_revised_limit_is_told_the_value_and_the_limit():
    """Rulebook, "Revised Variable Limits" (the guide's example limit {x≤10}, a test-only
    edition)."""
    report = check(
        (card("Draw 11 cards.", type="Spell", name="Deep Draw"), 40), ruleset=LimitedRuleset()
    )
    assert issues(report) == [
        {
            "code": "card.banned_text",
            "rule": "Revised Variable Limits",
            "section": DECK,
            "cards": ["Deep Draw"],
            "message": "Deep Draw is banned: “Draw 11 cards.” sets x to 11, above its limit "
            "{x≤10}.",
            "text": "Draw 11 cards.",
            "limit": {"x": 10},
        }
    ]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Activate when you take damage. Draw 1 card.", "Spell"),
        # After an ability in the current wording: every sentence is read, not only the first.
        ("SPARK: Draw 1 card.\nWOUND: Activate when you take damage. Draw 1 card.", "Creature"),
    ],
)
def test_an_old_wording_is_a_warning_showing_the_new_one_and_its_edition(text, kind):
    """Rulebook, "Revised Ability Text": "Activate when you take damage." reads "Activate when
    you take at least 5 damage." since the 8th edition; the card stays legal."""
    report = with_filler(card(text, type=kind, name="Old Wound"))
    assert report.legal
    assert issues(report) == [
        {
            "code": "card.revised_text",
            "rule": "Revised Ability Text",
            "section": DECK,
            "cards": ["Old Wound"],
            "message": "Old Wound: read “Activate when you take damage.” as “Activate when you "
            "take at least 5 damage.” (revised in the 8th edition).",
            "text": "Activate when you take damage.",
            "read_as": "Activate when you take at least 5 damage.",
        }
    ]


def test_a_wrong_printed_cost_is_told_both_costs():
    """Guide, "Resource Cost": "Draw [x] cards." costs 4x, so "Draw 2 cards." costs 4."""
    report = with_filler(card("Draw 2 cards.", type="Spell", cost=3, name="Cheap Draw"))
    assert issues(report) == [
        {
            "code": "card.cost",
            "rule": "Card Building Guide: Resource Cost",
            "section": DECK,
            "cards": ["Cheap Draw"],
            "message": "Cheap Draw has a printed cost of 3, but the Card Building Guide's formula "
            "gives 4.",
            "printed_cost": 3,
            "computed_cost": 4,
        }
    ]


def test_text_that_is_no_component_is_told_the_nearest_and_that_the_cost_waits():
    """Guide, "Constructing Abilities": "You must choose non-redacted components from the lists
    on the following pages only"."""
    text = "Draw 2 cards. Destroy every target."
    report = with_filler(card(text, type="Spell", name="Sweep"))
    nearest = ["Target this card.", "Destroy all targets.", "Destroy [x] of your resources."]
    assert issues(report) == [
        {
            "code": "card.unparsed",
            "rule": "Card Building Guide: Constructing Abilities",
            "section": DECK,
            "cards": ["Sweep"],
            "message": "Sweep: “Destroy every target.”: not an official component of the Card "
            "Building Guide (11th edition). A card is built only from the guide's components; "
            f"nearest: {', '.join(f'“{near}”' for near in nearest)}. Its printed cost is not "
            "checked until every sentence is a component.",
            "text": "Destroy every target.",
            "nearest": [
                {"text": nearest[0], "kind": "target selection", "redacted_in": None},
                {"text": nearest[1], "kind": "effect", "redacted_in": None},
                {"text": nearest[2], "kind": "activation cost", "redacted_in": None},
            ],
        }
    ]


def test_a_broken_must_is_told_with_its_own_code_and_reason():
    """Guide, "Target Selections" and "Constructing Abilities": an effect on targets needs a
    target selection before it, and an ability needs an effect."""
    report = with_filler(card("Destroy all targets.", type="Spell", name="Lost Sweep"))
    told = {
        "card.no_target": (
            "Card Building Guide: Target Selections",
            "this effect acts on targets, but no target selection comes before it in the ability",
        ),
        "card.no_effect": (
            "Card Building Guide: Constructing Abilities",
            "an ability needs at least one effect",
        ),
    }
    assert issues(report) == [
        {
            "code": code,
            "rule": rule,
            "section": DECK,
            "cards": ["Lost Sweep"],
            "message": f"Lost Sweep: “Destroy all targets.”: {reason}.",
            "text": "Destroy all targets.",
        }
        for code, (rule, reason) in told.items()
    ]


def test_a_card_is_told_every_problem_of_its_text_not_only_the_first():
    """Guide, "Constructing Abilities": "Draw 0 cards." breaks a must (variables are positive
    integers) and "Sing." is no component; the player is told both."""
    report = with_filler(card("Draw 0 cards. Sing.", type="Spell", name="Silent Song"))
    assert [(issue["code"], issue["text"]) for issue in issues(report)] == [
        ("card.variable", "Draw 0 cards."),
        ("card.unparsed", "Sing."),
    ]


class RewordingEdition(KeeperRuleset):
    """A test-only 12th edition that rewords "Take [x] cards." as "Draw [x] cards."."""

    tables = EditionTables(
        edition=12,
        redacted=ELEVENTH_EDITION.redacted,
        cost_revisions=ELEVENTH_EDITION.cost_revisions,
        text_revisions=(
            *ELEVENTH_EDITION.text_revisions,
            TextRevision(Template("Take [x] cards."), Template("Draw [x] cards."), 12),
        ),
    )


def test_a_later_editions_old_wording_is_read_and_costed_by_that_edition():
    """Rulebook, "Revised Ability Text": a card in an old wording is legal and read as the
    revised text, in whichever edition revised it; here it costs what "Draw 2 cards." costs
    (guide, "Resource Cost": 4)."""
    spell = card("Take 2 cards.", type="Spell", cost=4, name="Old Take")
    report = check((spell, 40), ruleset=RewordingEdition())
    assert report.legal
    assert [(issue["code"], issue["read_as"]) for issue in issues(report)] == [
        ("card.revised_text", "Draw 2 cards.")
    ]
