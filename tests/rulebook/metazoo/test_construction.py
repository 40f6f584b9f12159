"""MetaZoo Spellbook and Archive construction, each rule cited by its 2023 rulebook heading."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulebook.cardfile import read_cards
from rulebook.core.cards import CardInfo, Deck, Entry
from rulebook.metazoo.construction import (
    ARCHIVE_RULES,
    FUNCTIONALLY_SAME,
    RESTRICTIONS,
    SPELLBOOK_LIMIT,
    SPELLBOOK_RULES,
    TOKENS,
    MetaZooRuleset,
    functional_identity,
)

from .factories import LEGAL_ARCHIVE, LEGAL_SPELLBOOK, STANDARD, deck, pages


def check(spellbook: dict[str, int], archive: dict[str, int] | None = None):
    return MetaZooRuleset().check(deck(spellbook, archive), STANDARD)


def codes(report) -> list[tuple[str, str]]:
    return [(issue.code, issue.rule) for issue in report.errors]


def with_pages(base: dict[str, int], **changes: int) -> dict[str, int]:
    pages_ = dict(base)
    for key, copies in changes.items():
        pages_[key.replace("_", "-")] = pages_.get(key.replace("_", "-"), 0) + copies
    return {key: copies for key, copies in pages_.items() if copies}


def test_it_accepts_a_legal_spellbook_and_archive():
    report = check(LEGAL_SPELLBOOK, LEGAL_ARCHIVE)
    assert report.legal, report.as_dict()
    assert report.counts == {"spellbook": 40, "archive": 5}


# -- Spellbook Rules and Tips (p. 43): at least 40 Pages, no maximum ----------------------------


def test_it_refuses_a_spellbook_under_40_pages_spellbook_rules_p43():
    report = check(with_pages(LEGAL_SPELLBOOK, flame_aura=-1))
    assert codes(report) == [("spellbook.size", SPELLBOOK_RULES)]
    assert "39 Pages" in report.errors[0].message and "add 1" in report.errors[0].message


def test_a_spellbook_of_one_page_is_said_in_the_singular_spellbook_rules_p43():
    """Issue 27, item 9: "Spellbook has 1 Pages" read wrong; one Page is one Page."""
    report = check({"flame-aura": 1}, {})
    assert "Spellbook has 1 Page;" in report.errors[0].message, report.errors[0].message


def test_it_has_no_spellbook_maximum_spellbook_rules_p43():
    assert check(with_pages(LEGAL_SPELLBOOK, flame_aura=60)).legal


# -- Archive (p. 41): optional, at most 15 Pages --------------------------------------------


def test_it_allows_no_archive_archive_p41():
    assert check(LEGAL_SPELLBOOK).legal


def test_it_allows_an_archive_of_15_pages_archive_p41():
    assert check(LEGAL_SPELLBOOK, {"sample-river-otter": 15}).legal


def test_it_refuses_an_archive_over_15_pages_archive_p41():
    report = check(LEGAL_SPELLBOOK, {"sample-river-otter": 16})
    assert codes(report) == [("archive.size", ARCHIVE_RULES)]
    assert "remove 1" in report.errors[0].message


# -- Page Layout: Spellbook Limit (p. 5), counted across Spellbook and Archive ---------------


def test_it_counts_the_spellbook_limit_across_spellbook_and_archive_p5():
    """Sample Ember Pup is limited to 4: four in the Spellbook and one in the Archive is five."""
    report = check(LEGAL_SPELLBOOK, {"sample-ember-pup": 1})
    assert codes(report) == [("copies.limit", SPELLBOOK_LIMIT)]
    assert report.errors[0].cards == ("Sample Ember Pup",)
    assert dict(report.errors[0].details)["limit"] == 4


def test_it_accepts_a_page_at_its_limit_split_between_spellbook_and_archive_p5():
    spellbook = with_pages(LEGAL_SPELLBOOK, sample_ember_pup=-2, flame_aura=2)
    assert check(spellbook, {"sample-ember-pup": 2}).legal


def test_it_allows_any_number_of_a_page_with_no_spellbook_limit_p43():
    """Pages with no Spellbook Limit listed may be included any number of times."""
    assert "spellbook_limit" not in pages()["sample-river-otter"].attributes
    assert check(
        with_pages(LEGAL_SPELLBOOK, sample_river_otter=30), {"sample-river-otter": 15}
    ).legal


def test_it_allows_any_number_of_basic_aura_pages_aura_page_p6():
    assert check({"flame-aura": 40}, {"flame-aura": 15}).legal


def test_it_limits_special_aura_pages_aura_page_p6():
    """Special Aura Pages have their own Spellbook Limit (Sample Prism Aura: 1)."""
    report = check(with_pages(LEGAL_SPELLBOOK, sample_prism_aura=1), {"sample-prism-aura": 1})
    assert codes(report) == [("copies.limit", SPELLBOOK_LIMIT)]


# -- Functionally the same Page from different sets is one Page (p. 40) ----------------------


def test_it_counts_functionally_identical_pages_from_two_sets_as_one_page_p40():
    """Fireball (MZ-SMP) and its MZ-SM2 printing, entered as two cards, share the limit of 3."""
    spellbook = with_pages(LEGAL_SPELLBOOK, fireball=-1, fireball_second_printing=1)
    report = check(spellbook, {"fireball-second-printing": 1})
    assert codes(report) == [("copies.limit", FUNCTIONALLY_SAME)]
    details = dict(report.errors[0].details)
    assert sorted(details["keys"]) == ["fireball", "fireball-second-printing"]
    assert "hold 4" in report.errors[0].message


def test_it_accepts_functionally_identical_pages_within_their_shared_limit_p40():
    spellbook = with_pages(LEGAL_SPELLBOOK, fireball=-1, fireball_second_printing=1)
    assert check(spellbook).legal


def test_it_gives_pages_that_share_a_name_but_differ_their_own_limits_p5():
    """The two Chupacabras are mechanically unique: 2 of one (limit 2) and 1 of the other (1)."""
    spellbook = with_pages(LEGAL_SPELLBOOK, flame_aura=-3, chupacabra=2, chupacabra_flame=1)
    assert check(spellbook).legal


def test_it_still_limits_each_of_two_pages_that_share_a_name_p5():
    spellbook = with_pages(LEGAL_SPELLBOOK, flame_aura=-3, chupacabra=1, chupacabra_flame=2)
    report = check(spellbook)
    assert codes(report) == [("copies.limit", SPELLBOOK_LIMIT)]
    assert dict(report.errors[0].details)["keys"] == ["chupacabra-flame"]


def test_it_defines_functional_identity_by_name_type_text_and_rules_attributes():
    fireball = pages()["fireball"]
    reprint = replace(
        fireball,
        key="other-set",
        text="  deal 25 damage to target Beastie and\ninflict Burn. ",
        name="FIREBALL",
    )
    stronger = replace(
        fireball, key="errata", attributes={**fireball.attributes, "spellbook_limit": 4}
    )
    assert functional_identity(reprint) == functional_identity(fireball)
    assert functional_identity(stronger) != functional_identity(fireball)


@pytest.mark.parametrize(
    "text",
    [
        "Deal 25 damage to target Beastie and inflict Burn",  # no full stop
        "Deal 25 damage to target Beastie, and inflict Burn!",
        "DEAL 25 DAMAGE TO TARGET BEASTIE AND INFLICT BURN.",
        "Deal 25 damage to target Beastie and inflict Burn\u3002",  # a full-width stop
        "Deal 25 damage to target Beastie and inflict\u00a0Burn.",  # a no-break space
        "Deal 25 dam\u00adage to target Beastie and inflict Burn.",  # a soft hyphen
    ],
)
def test_reprints_differing_only_in_punctuation_or_case_are_one_page_p40(text):
    """p. 40: "A Page that is functionally the same but from a different set cannot be added":
    its copies count against the one Spellbook Limit, however the reprint is punctuated."""
    fireball = pages()["fireball"]
    reprint = replace(fireball, key="fireball-reprint", text=text)
    assert functional_identity(reprint) == functional_identity(fireball)
    limit = fireball.attr("spellbook_limit")
    base = deck(LEGAL_SPELLBOOK)
    over = Deck(
        "metazoo",
        {
            "spellbook": (
                *(e for e in base.entries("spellbook") if e.card.key != "fireball"),
                Entry(fireball, limit),
                Entry(reprint, 1),
            )
        },
    )
    report = MetaZooRuleset().check(over, STANDARD)
    assert [(issue.code, issue.rule) for issue in report.errors] == [
        ("copies.limit", FUNCTIONALLY_SAME)
    ]


def test_reprints_differing_only_in_apostrophes_are_one_page_p40():
    """Straight, curly or no apostrophe: the same words."""
    page = CardInfo("a", "Hunter's Moon", "Spell", "Your Beastie can't be targeted.")
    reprint = replace(
        page, key="b", name="Hunter\u2019s Moon", text="Your Beastie can\u2019t be targeted."
    )
    assert functional_identity(reprint) == functional_identity(page)
    differs = replace(page, key="c", text="Your Beastie can be targeted.")
    assert functional_identity(differs) != functional_identity(page)
    assert functional_identity(pages()["chupacabra"]) != functional_identity(
        pages()["chupacabra-flame"]
    )


# -- Static Effects: Spellbook Restrictions (p. 25) ------------------------------------------


def test_it_refuses_a_page_in_a_spellbook_with_a_page_its_restriction_names_p25():
    spellbook = with_pages(LEGAL_SPELLBOOK, flame_aura=-2, killer_clown=1, headless_horseman=1)
    report = check(spellbook)
    assert codes(report) == [("spellbook.restriction", RESTRICTIONS)]
    assert report.errors[0].cards == ("Killer Clown", "Headless Horseman")


def test_it_allows_a_restricted_pair_split_between_spellbook_and_archive_p25():
    spellbook = with_pages(LEGAL_SPELLBOOK, flame_aura=-1, killer_clown=1)
    assert check(spellbook, {"headless-horseman": 1}).legal


def test_it_checks_a_restriction_by_page_type_p25():
    """Sample Lonely Hermit Crab may not share a Spellbook with any Artifact."""
    spellbook = with_pages(LEGAL_SPELLBOOK, flame_aura=-1, sample_lonely_hermit_crab=1)
    assert check(spellbook).legal
    report = check({**spellbook, "sample-rusty-compass": 1})
    assert codes(report) == [("spellbook.restriction", RESTRICTIONS)]
    assert report.errors[0].cards == ("Sample Lonely Hermit Crab", "Sample Rusty Compass")


def test_it_checks_a_restriction_by_aura_type_p25():
    loner = CardInfo(
        "sample-loner",
        "Sample Loner",
        "Beastie",
        attributes={
            "aura_cost": {"water": 1},
            "lp": 10,
            "restrictions": {"not_with_aura": ["flame"]},
        },
    )
    base = deck(LEGAL_SPELLBOOK)
    clash = Deck(
        "metazoo", {**base.sections, "spellbook": (*base.entries("spellbook"), Entry(loner, 1))}
    )
    report = MetaZooRuleset().check(clash, STANDARD)
    assert [issue.code for issue in report.errors] == ["spellbook.restriction"]
    assert "Sample Ember Pup" in report.errors[0].cards and "Flame Aura" in report.errors[0].cards


def test_it_warns_about_a_restriction_it_cannot_read_p25():
    odd = CardInfo(
        "sample-odd", "Sample Odd", "Spell", attributes={"restrictions": {"moon": "full"}}
    )
    base = deck(LEGAL_SPELLBOOK)
    report = MetaZooRuleset().check(
        Deck("metazoo", {"spellbook": (*base.entries("spellbook"), Entry(odd, 1))}), STANDARD
    )
    assert report.legal
    assert [w.code for w in report.warnings] == ["spellbook.restriction_unread"]


def with_page(page: CardInfo, copies: int = 1) -> Deck:
    """The legal Spellbook plus copies of one more Page."""
    base = deck(LEGAL_SPELLBOOK)
    return Deck("metazoo", {"spellbook": (*base.entries("spellbook"), Entry(page, copies))})


def page_with_text(text: str, name: str = "Sample Loner") -> CardInfo:
    """The Page as the importer and inline cards read it (its restrictions kept as data), the
    sample Pages' names known."""
    raw = {"name": name, "type": "Beastie", "text": text,
           "attributes": {"aura_cost": {"water": 1}, "lp": 10}}  # fmt: skip
    known = [page.name for page in pages().values()]
    (card,) = read_cards({"game": "metazoo", "cards": [raw]}, known_names=known)
    return card


@pytest.mark.parametrize(
    ("text", "clashes_with"),
    [
        ("You may not include this Page in a Spellbook with Fireball.", "Fireball"),
        ("Sample Loner may not be included in a Spellbook with Fireball.", "Fireball"),
        (
            "ARENA: +10 LP. You may not include this Page in a Spellbook with any Aura.",
            "Flame Aura",
        ),
        ("You may not include this Page in a Spellbook with any Flame Pages.", "Sample Ember Pup"),
        ("Fireball may not be included in a Spellbook with this Page.", "Fireball"),
    ],
)
def test_it_reads_a_restriction_written_only_in_the_rules_text_p25(text, clashes_with):
    """p. 25: a clause "similar to 'You may not include this Page in a Spellbook-', '[Page Name]
    may not be included in a Spellbook with-'" is a restriction, attribute or not."""
    report = MetaZooRuleset().check(with_page(page_with_text(text)), STANDARD)
    assert [issue.code for issue in report.errors] == ["spellbook.restriction"]
    assert clashes_with in report.errors[0].cards


def test_text_that_only_mentions_the_spellbook_is_no_restriction_p25():
    text = "CONTRACT: Search your Spellbook for a Flame Aura and put it into your hand."
    report = MetaZooRuleset().check(with_page(page_with_text(text)), STANDARD)
    assert report.legal and report.warnings == []


# -- Page Types: Tokens (p. 7) ---------------------------------------------------------------


def test_it_refuses_tokens_in_the_spellbook_and_the_archive_p7():
    report = check(with_pages(LEGAL_SPELLBOOK, sample_spirit_token=1), {"sample-rock-token": 2})
    assert codes(report) == [("card.token", TOKENS), ("card.token", TOKENS)]
    assert [issue.section for issue in report.errors] == ["spellbook", "archive"]


def test_it_collects_every_problem_at_once():
    report = check({"sample-spirit-token": 1, "sample-ember-pup": 5}, {"flame-aura": 16})
    assert {issue.code for issue in report.errors} == {
        "spellbook.size",
        "archive.size",
        "card.token",
        "copies.limit",
    }


def test_a_token_is_not_one_of_the_spellbooks_40_pages_p7_p43():
    """Tokens (p. 7) may not be in a Spellbook, so 39 Pages and a Token are 39 (p. 43)."""
    spellbook = {**LEGAL_SPELLBOOK, "flame-aura": LEGAL_SPELLBOOK["flame-aura"] - 1}
    report = check(with_pages(spellbook, sample_spirit_token=1))
    assert {issue.code for issue in report.errors} == {"card.token", "spellbook.size"}
    assert report.counts["spellbook"] == 39 and report.not_counted == {"spellbook": 1}
