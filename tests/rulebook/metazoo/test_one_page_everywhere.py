"""One Page everywhere (issue 38, "Also"): the one card identity (rulebook.core.identity
.rules_identity, compared by wording) decides the Spellbook Limit (p. 40, functionally the same
Page), a format's bans and restrictions, and the names a Spellbook Restriction compares (p. 25),
so a reprint set with other punctuation, or a name typeset with another apostrophe, is one Page
for every rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulebook.core.cards import CardInfo, Deck, Entry, FormatInfo
from rulebook.metazoo.construction import FUNCTIONALLY_SAME, MetaZooRuleset, functional_identity

from .factories import LEGAL_SPELLBOOK, STANDARD, deck, pages
from .test_restrictions import errors, page

# Fireball reprinted with other punctuation (p. 40: functionally the same Page).
REPRINT_TEXTS = [
    "Deal 25 damage to target Beastie, and inflict Burn.",  # one comma
    "Deal 25 damage to target Beastie and inflict Burn",  # no full stop
    "Deal 25 damage to target Beastie; and inflict Burn!",
]


def with_reprint(text: str, fireball_copies: int = LEGAL_SPELLBOOK["fireball"] - 1) -> Deck:
    """The legal Spellbook (40 Pages) with one of its Fireballs the reprint."""
    fireball = pages()["fireball"]
    reprint = replace(fireball, key="fireball-reprint", text=text)
    base = deck(LEGAL_SPELLBOOK)
    spellbook = (
        *(e for e in base.entries("spellbook") if e.card.key != "fireball"),
        Entry(fireball, fireball_copies),
        Entry(reprint, 1),
    )
    return Deck("metazoo", {"spellbook": spellbook, "archive": ()})


@pytest.mark.parametrize("text", REPRINT_TEXTS)
@pytest.mark.parametrize("banned", ["fireball", "fireball-reprint"])
def test_a_ban_on_one_printing_reaches_a_reprint_set_with_other_punctuation_p40(text, banned):
    """p. 40: the reprint is the same Page as for its Spellbook Limit: banned either way."""
    fmt = FormatInfo("banned", "MetaZoo banned", "metazoo", banned=frozenset({banned}))
    report = MetaZooRuleset().check(with_reprint(text), fmt)
    assert [issue.code for issue in report.errors] == ["card.banned"], report.as_dict()
    assert f"{LEGAL_SPELLBOOK['fireball']} copies" in report.errors[0].message


@pytest.mark.parametrize("text", REPRINT_TEXTS)
def test_a_format_restriction_counts_both_printings_as_one_page_p40(text):
    fmt = FormatInfo("r", "MetaZoo restricted", "metazoo", restricted={"fireball-reprint": 1})
    report = MetaZooRuleset().check(with_reprint(text), fmt)
    assert [issue.code for issue in report.errors] == ["card.restricted"]


@pytest.mark.parametrize("text", REPRINT_TEXTS)
def test_the_spellbook_limit_still_counts_them_as_one_page_p40(text):
    limit = pages()["fireball"].attr("spellbook_limit")
    report = MetaZooRuleset().check(with_reprint(text, limit), STANDARD)  # one over the limit
    assert [(e.code, e.rule) for e in report.errors] == [("copies.limit", FUNCTIONALLY_SAME)]


def test_a_sign_is_a_rule_not_typesetting_p40():
    """A sign is a rule: "+10 LP" and "-10 LP" are two Pages (each its own limit, p. 5)."""
    boon = CardInfo("boon", "Sample Boon", "Spell", "Target Beastie gets +10 LP.")
    curse = replace(boon, key="curse", text="Target Beastie gets -10 LP.")
    plain = replace(boon, key="plain", text="Target Beastie gets 10 LP.")
    assert len({functional_identity(card) for card in (boon, curse, plain)}) == 3


@pytest.mark.parametrize(
    ("written", "stored", "known"),
    [
        ("Will-o'-Wisp", "Will-o\u2019-Wisp", True),  # the catalogue's name, the text's straight
        ("Will-o\u2019-Wisp", "Will-o'-Wisp", True),
        ("Will-o'-Wisp", "Will-o\u2019-Wisp", False),  # data recording the straight one
    ],
)
def test_a_restriction_naming_a_page_with_another_apostrophe_is_applied_p25(written, stored, known):
    text = f"You may not include this Page in a Spellbook with {written}."
    if known:
        loner = page(text, known=frozenset({stored}))
    else:
        loner = replace(
            page("ARENA: +10 LP."),
            text=text,
            attributes={"restrictions": [{"not_with": [written]}]},
        )
    wisp = CardInfo("will-o-wisp", stored, "Spell", "Deal 10 damage.")
    assert errors(loner, wisp) == ["spellbook.restriction"]
