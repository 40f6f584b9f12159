"""A format variant is a small subclass overriding class attributes (DESIGN: later rule versions
"should be addable as formats"). This test-only subclass imitates a 20-card format with one
Neopet and at most four of each Codestone; it is not any real format's rules."""

from __future__ import annotations

from rulebook.core.cards import FormatInfo
from rulebook.core.report import Report
from rulebook.core.resolve import resolve
from rulebook.neopets.cards import CODESTONE, GAME
from rulebook.neopets.construction import NeopetsRuleset
from tests.rulebook.core.factories import CODESTONES, FAERIE, NEOPETS, POOL, STANDARD, TWO_OF, ref


class TwentyCardTestRuleset(NeopetsRuleset):
    main_size = 20
    neopet_deck_min = neopet_deck_max = 1
    copy_limits = {**NeopetsRuleset.copy_limits, CODESTONE: (4, "test variant 1")}


VARIANT = FormatInfo(slug="twenty-test", name="Twenty-card test variant", ruleset="unused")


def check(ruleset: NeopetsRuleset, fmt: FormatInfo, entries) -> Report:
    report = Report(game=GAME.slug, format=fmt.slug)
    return ruleset.check(resolve(GAME, entries, POOL, report), fmt, report)


def twenty_card_deck(first_codestones: int = 4):
    return [
        ref("neopets", NEOPETS[0]),
        ref("main", CODESTONES[0], first_codestones),
        *[ref("main", codestone, 4) for codestone in CODESTONES[1:]],
        ref("main", FAERIE),
        ref("main", TWO_OF["Food"][0], 2),
        ref("main", TWO_OF["Food"][1], 5 - first_codestones),
    ]


def test_it_checks_a_variant_format_by_its_own_sizes():
    report = check(TwentyCardTestRuleset(), VARIANT, twenty_card_deck())
    assert report.legal, report.as_dict()
    assert report.counts == {"main": 20, "neopets": 1, "rainbow_pool": 0}


def test_it_leaves_the_standard_rules_untouched_by_a_variant():
    report = check(NeopetsRuleset(), STANDARD, twenty_card_deck())
    assert [issue.code for issue in report.errors] == ["main.size", "neopets.size"]


def test_it_applies_a_variant_copy_limit():
    report = check(TwentyCardTestRuleset(), VARIANT, twenty_card_deck(first_codestones=5))
    assert [(issue.code, issue.rule) for issue in report.errors] == [
        ("copies.limit", "test variant 1")
    ]
