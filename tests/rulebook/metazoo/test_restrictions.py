"""Spellbook Restrictions read from a Page's rules text by the MetaZoo grammar and kept as
reviewed data (Static Effects: Spellbook Restrictions, p. 25: "or any other effects written
similarly"): every wording read, with odd Page names, negated, quoted and embedded; what cannot be
read refused naming the Page, the sentence and the field; the rules core reading only the data;
and Tokens a Spellbook may hold (Page Types: Tokens, p. 7)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.cardfile import CardFileError, read_cards
from rulebook.core.cards import CardInfo, Deck, Entry
from rulebook.core.identity import identity
from rulebook.metazoo.construction import RESTRICTIONS, TOKENS, MetaZooRuleset
from rulebook.metazoo.construction_grammar import clauses_of, read_restrictions

from .factories import LEGAL_SPELLBOOK, STANDARD, deck, pages

P25 = "p. 25"  # Static Effects: Spellbook Restrictions, "or any other effects written similarly"
KNOWN = ("Dr. Hollow", "Fireball", "Headless Horseman", "Bigfoot", "Lady in white", "Her Ba",
         "Flame Aura", "Forest Aura", "Jhudora's Bluff", "Ba Gen")  # fmt: skip


def page(text: str, name: str = "Sample Loner", kind: str = "Beastie", known=KNOWN, **attrs):
    """The Page as the importer and inline cards read it: its restrictions kept as data."""
    attributes = {"aura_cost": {"water": 1}, "lp": 10} if kind == "Beastie" else {}
    raw = {"name": name, "type": kind, "text": text, "attributes": {**attributes, **attrs}}
    (card,) = read_cards({"game": "metazoo", "cards": [raw]}, known_names=known)
    return card


def spell(name: str, text: str = "", key: str | None = None) -> CardInfo:
    return CardInfo(key or identity(name).replace(" ", "-"), name, "Spell", text)


def loner(text: str, name: str = "Sample Loner") -> CardInfo:
    return page(text, name)


def with_pages(*cards: CardInfo, base: dict[str, int] = LEGAL_SPELLBOOK) -> Deck:
    legal = deck(base)
    extra = tuple(Entry(card, 1) for card in cards)
    return Deck("metazoo", {"spellbook": (*legal.entries("spellbook"), *extra)})


def errors(*cards: CardInfo, base: dict[str, int] = LEGAL_SPELLBOOK) -> list[str]:
    report = MetaZooRuleset().check(with_pages(*cards, base=base), STANDARD)
    return [issue.code for issue in report.errors]


# (rulebook page, the Page's name, its text, the clauses read from it)
WORDINGS = [
    (P25, "Sample Loner", "You may not include this Page in a Spellbook with Dr. Hollow.",
     {"not_with": ["Dr. Hollow"]}),
    (P25, "Dr. Hollow", "Dr. Hollow may not be included in a Spellbook with Fireball.",
     {"not_with": ["Fireball"]}),
    (P25, "Sample Loner", "You may not include this Page in a Spellbook with J. R. Hollow Jr.",
     {"not_with": ["J. R. Hollow Jr."]}),
    # a title's stop may end the sentence too: the longest reading that reads is taken
    (P25, "Sample Loner", "You may not include this Page in a Spellbook with Dr. Hollow and "
     "Ba Gen. ARENA: +10 LP.", {"not_with": ["Dr. Hollow", "Ba Gen"]}),
    (P25, "Sample Loner", "You may not include this Page in a Spellbook with Jhudora's Bluff.",
     {"not_with": ["Jhudora's Bluff"]}),
    (P25, "Sample Loner", "You may not include this Page in a Spellbook with Bigfoot of the "
     "Woods or Bigfoot upon yon Hill.",
     {"not_with": ["Bigfoot of the Woods", "Bigfoot upon yon Hill"]}),
    (P25, "Bigfoot of the Woods", "Bigfoot of the Woods may not be included in a Spellbook "
     "with this Page.", {}),  # this Page on both sides: unread
    (P25, "Sample Loner", "Bigfoot of the Woods may not be included in a Spellbook with this "
     "Page.", {"not_with": ["Bigfoot of the Woods"]}),
    (P25, "Sample Loner", "You may not include this Page in a Spellbook that contains Fireball.",
     {"not_with": ["Fireball"]}),
    (P25, "Sample Loner", "You cannot include Fireball in a Spellbook containing this Page.",
     {"not_with": ["Fireball"]}),
    (P25, "Sample Loner", "This card can\u2019t share a Spellbook with Fireball.",
     {"not_with": ["Fireball"]}),
    (P25, "Sample Loner", "A Spellbook with this Page may not contain any Artifacts.",
     {"not_with_types": ["artifact"]}),
    (P25, "Sample Loner", "You may not include this Page in a Spellbook with any Page named "
     "\u201cDr. Hollow\u201d.", {"not_with": ["Dr. Hollow"]}),
    (P25, "Sample Loner", "Only Forest Pages may be included in a Spellbook with this Page.",
     {"only_with_aura": ["forest"]}),
    (P25, "Sample Loner", "Only Beasties or Auras may be included in a Spellbook with this Page.",
     {"only_with_types": ["beastie", "aura"]}),
    (P25, "Sample Loner", "A Spellbook that contains this Page may contain only Dr. Hollow and "
     "Forest Aura.", {"only_with": ["Dr. Hollow", "Forest Aura"]}),
    (P25, "Sample Loner", "You may only include Water Pages in a Spellbook with this Page.",
     {"only_with_aura": ["water"]}),
    (P25, "Sample Loner", "This Page may only be included in a Spellbook with only Water Aura "
     "Pages.", {"only_with_aura": ["water"]}),
    (P25, "Sample Loner", "You may only include this card in your Spellbook containing only "
     "Beasties.", {"only_with_types": ["beastie"]}),
]  # fmt: skip

# (rulebook page, text): looks like a restriction, cannot be read: a warning naming it.
UNREAD = [
    (P25, "You may not include this Page in a Spellbook with any Page that has Bigfoot in its "
     "name."),
    (P25, "You can\u2019t include this card in your Spellbook with Beasties of the Forest tribe."),
    # "only if Forest Pages are there" or "with nothing but Forest Pages"?
    (P25, "You may only include this Page in a Spellbook with Forest Pages."),
    # neither side is this Page
    (P25, "Fireball may not be included in a Spellbook with Dr. Hollow."),
]  # fmt: skip


@pytest.mark.parametrize(("page_ref", "name", "text", "clauses"), WORDINGS)
def test_each_wording_written_similarly_is_read_p25(page_ref, name, text, clauses):
    read = read_restrictions(name, text, frozenset(KNOWN))
    said = clauses_of(read.data.get("restrictions"))
    assert {c.key() for c in said} == {c.key() for c in clauses_of(clauses)}, page_ref
    assert bool(read.unread) == (not clauses), page_ref


@pytest.mark.parametrize(("page_ref", "text"), UNREAD)
def test_a_restriction_that_cannot_be_read_is_refused_naming_page_sentence_and_field(
    page_ref, text
):
    """p. 25: a sentence that speaks of a Spellbook and is in no wording the grammar reads is
    never silently legal: the importer and inline cards refuse the Page, naming it, the sentence
    and the field, so a curator decides."""
    with pytest.raises(CardFileError) as refused:
        page(text)
    ((where, field, message),) = refused.value.problems
    assert "Sample Loner" in where and field == "text", page_ref
    assert text.rstrip(".").replace("\u2019", "'") in message
    assert "Spellbook Restriction" in message


# -- The audit's classes (issue 29), each p. 25 ------------------------------------------------

ISSUE_CLASSES = [
    ("Do not include this Page in a Spellbook with Headless Horseman.", ["Headless Horseman"]),
    ("Do not include this Page in a Spellbook if it contains Headless Horseman.",
     ["Headless Horseman"]),
    ("You may not include this Page and Headless Horseman in the same Spellbook.",
     ["Headless Horseman"]),
    ("Headless Horseman and this Page may not be included in the same Spellbook.",
     ["Headless Horseman"]),
    ("You may not include this Page in a Spellbook with Lady in white.", ["Lady in white"]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "others"), ISSUE_CLASSES)
def test_each_forbidding_shape_is_enforced_p25(text, others):
    """p. 25: each of these answered legal before; now each clashes with the Page it names."""
    named = [spell(name) for name in others]
    report = MetaZooRuleset().check(with_pages(page(text), *named), STANDARD)
    assert [(e.code, e.rule) for e in report.errors] == [("spellbook.restriction", RESTRICTIONS)]
    assert set(report.errors[0].cards) == {"Sample Loner", *others}
    assert errors(page(text)) == []


def test_unless_it_also_contains_is_lifted_only_when_met_p25():
    text = ("Do not include this Page in a Spellbook with Headless Horseman unless it also "
            "contains Bigfoot.")  # fmt: skip
    restricted, horseman = page(text), spell("Headless Horseman")
    assert errors(restricted, horseman) == ["spellbook.restriction"]
    assert errors(restricted, horseman, spell("Bigfoot")) == []


def test_more_than_n_allows_n_copies_p25():
    text = "You may not include this Page in a Spellbook with more than 1 Headless Horseman."
    restricted, horseman = page(text), spell("Headless Horseman")
    assert errors(restricted, horseman) == []
    report = MetaZooRuleset().check(
        Deck("metazoo", {"spellbook": (*with_pages(restricted).entries("spellbook"),
                                       Entry(horseman, 2))}),
        STANDARD,
    )  # fmt: skip
    assert [e.code for e in report.errors] == ["spellbook.restriction"]
    assert "more than 1" in report.errors[0].message


def test_any_other_beasties_and_any_spirit_beasties_p25():
    """ "... with any other Beasties" clashes with every other Beastie (not its own copies);
    "... with any Spirit Beasties" with Beasties that need Spirit Aura only."""
    other = page("", "Sample Other", aura_cost={"spirit": 1})
    water = page("", "Sample Water", aura_cost={"water": 1})
    others = page("You may not include this Page in a Spellbook with any other Beasties.")
    spirit = page("You may not include this Page in a Spellbook with any Spirit Beasties.")
    auras = {"flame-aura": 40}
    assert errors(others, base=auras) == []
    assert errors(others, water, base=auras) == ["spellbook.restriction"]
    assert errors(spirit, water, base=auras) == []
    assert errors(spirit, other, base=auras) == ["spellbook.restriction"]


def test_a_page_named_her_ba_is_its_own_name_in_its_text_p25():
    """ "Her" is a word of descriptions ("her Beasties"), but "Her Ba" is this Page's name: the
    card's own name is a terminal of the grammar, matched first."""
    her_ba = page("Her Ba may not be included in a Spellbook with Dr. Hollow.", name="Her Ba")
    assert clauses_of(her_ba.attr("restrictions"))[0].names == ("Dr. Hollow",)
    assert errors(her_ba, spell("Dr. Hollow")) == ["spellbook.restriction"]


@pytest.mark.parametrize(
    "text",
    [
        "“You may not include this Page in a Spellbook with Fireball.” is printed on "
        "the Sample Jester.",
        "Once per turn: look at the top Page of your Spellbook.",
        "When this Page enters the Arena, search your Spellbook for Fireball.",
    ],
)
def test_quoted_and_play_sentences_state_no_restriction_p25(text):
    """A quoted sentence is about that sentence; an effect is about play: neither restricts."""
    assert page(text).attr("restrictions") is None
    assert errors(page(text)) == []


def test_data_that_disagrees_with_the_text_is_refused_naming_page_and_field_p25():
    text = "You may not include this Page in a Spellbook with Bigfoot."
    with pytest.raises(CardFileError) as refused:
        page(text, restrictions={"not_with": ["Dr. Hollow"]})
    ((where, field, message),) = refused.value.problems
    assert "Sample Loner" in where and field == "attributes.restrictions"
    assert "p. 25" in message
    agreeing = page(text, restrictions={"not_with": ["Bigfoot"]})
    assert errors(agreeing, spell("Bigfoot")) == ["spellbook.restriction"]


def test_the_rules_core_reads_only_the_data_p25():
    """A card built without reading (no data) is not restricted by its text: the data, derived
    on every path cards come in by, is the rule the validator holds to."""
    text = "You may not include this Page in a Spellbook with Bigfoot."
    unread = CardInfo("sample-loner", "Sample Loner", "Beastie", text, {"lp": 1})
    assert errors(unread, spell("Bigfoot")) == []
    assert errors(page(text), spell("Bigfoot")) == ["spellbook.restriction"]


def test_a_restriction_both_recorded_and_written_is_one_error_p25():
    """Killer Clown's text and attribute both name Headless Horseman: one clash, one error."""
    clown, horseman = pages()["killer-clown"], pages()["headless-horseman"]
    report = MetaZooRuleset().check(with_pages(clown, horseman), STANDARD)
    assert [e.code for e in report.errors] == ["spellbook.restriction"]


# -- Generated: restriction sentences from the admitted grammar, with odd Page names ---------

_RESERVED = {
    "a", "all", "an", "and", "any", "archive", "artifact", "aura", "be", "beastie", "called",
    "can", "cannot", "card", "contain", "contains", "containing", "each", "every", "has",
    "have", "in", "include", "included", "includes", "including", "its", "may", "more", "must",
    "named", "nor", "not", "only", "or", "page", "potion", "share", "spell", "spellbook",
    "terra", "than", "that", "the", "their", "this", "token", "tribe", "trait", "type", "which",
    "who", "whose", "with", "you", "your",
}  # fmt: skip
_RESERVED |= {word + "s" for word in _RESERVED} | {
    "cosmic", "dark", "earth", "flame", "forest", "frost", "light", "lightning", "spirit", "water",
}  # fmt: skip
# Curly apostrophes are generated once card identity folds them (issue 14, item 3).
_APOSTROPHES = ["'", "\u2019"] if identity("\u2019") == identity("'") else ["'"]

capitalised = (
    st.text("bcdfghjklmnprstvwz", min_size=1, max_size=3)
    .flatmap(lambda c: st.text("aeiou", min_size=1, max_size=2).map(lambda v: c + v))
    .flatmap(lambda stem: st.sampled_from(["", "n", "r", "ll", "x"]).map(lambda end: stem + end))
    .map(str.capitalize)
    .filter(lambda word: len(word) > 1 and word.casefold() not in _RESERVED)
)
possessive = st.tuples(capitalised, st.sampled_from(_APOSTROPHES)).map(lambda w: f"{w[0]}{w[1]}s")
abbreviation = st.sampled_from(["Dr.", "St.", "Mr.", "Mrs.", "J.", "R."])
lower_case = st.sampled_from(["of", "upon", "yon", "under", "beyond", "from", "at", "de", "von"])


@st.composite
def page_names(draw) -> str:
    """A Page name: capitalised words, possessives, titles and initials with full stops, and
    lower-case words between (never first or last)."""
    first = draw(st.one_of(capitalised, possessive, abbreviation))
    words = st.one_of(capitalised, possessive, abbreviation, lower_case)
    middle = draw(st.lists(words, max_size=3))
    last = draw(st.one_of(capitalised, possessive, st.sampled_from(["Jr.", "St.", "Gen."])))
    return " ".join([first, *middle, last])


NOT = ["may not", "cannot", "can't", "can\u2019t", "can not", "must not"]
HOLDING = ["with", "that contains", "that includes", "containing", "including"]
BOOK = ["a Spellbook", "your Spellbook"]
# (clause family, wording): {s} this Page, {x} the other Page, {not}, {book}, {holding}.
GRAMMAR = [
    ("not_with", "You {not} include {s} in {book} {holding} {x}."),
    ("not_with", "You {not} include {x} in {book} {holding} {s}."),
    ("not_with", "{s} {not} be included in {book} {holding} {x}."),
    ("not_with", "{x} {not} be included in {book} {holding} {s}."),
    ("not_with", "{s} {not} be in {book} {holding} {x}."),
    ("not_with", "{s} {not} share {book} with {x}."),
    ("not_with", "{book} {holding} {s} {not} contain {x}."),
    ("only_with", "Only {x} may be included in {book} {holding} {s}."),
    ("only_with", "You may only include {x} in {book} {holding} {s}."),
    ("only_with", "{book} {holding} {s} may only contain {x}."),
    ("only_with", "{book} {holding} {s} can contain only {x}."),
    ("only_with", "{s} may only be included in {book} {holding} only {x}."),
    ("only_with", "You may only include {s} in {book} {holding} only {x}."),
]


@st.composite
def restrictions(draw):
    """(this Page's name, its text, the clause family, the other Page's name as its card has
    it): a restriction sentence of the grammar between other sentences."""
    own, other = draw(page_names()), draw(page_names())
    family, wording = draw(st.sampled_from(GRAMMAR))
    self_words = draw(st.sampled_from(["this Page", "this card", own]))
    quoted = draw(st.sampled_from(["{}", "\u201c{}\u201d", "Pages named {}"]))
    sentence = wording.format(
        s=self_words,
        x=quoted.format(other),
        **{"not": draw(st.sampled_from(NOT))},
        book=draw(st.sampled_from(BOOK)),
        holding=draw(st.sampled_from(HOLDING)),
    )
    sentence = sentence[0].upper() + sentence[1:]
    before = draw(st.sampled_from(["", "ARENA: +10 LP. ", "Dr. Hollow's favourite. "]))
    after = draw(st.sampled_from(["", " CONTRACT: Draw a Page.", " Once per turn: roll a die."]))
    return own, before + sentence + after, family, other.replace("\u2019", "'")


@settings(max_examples=200, deadline=None)
@given(restrictions())
def test_every_generated_restriction_is_read_and_enforced_p25(restriction):
    """p. 25, "or any other effects written similarly": each sentence of the grammar, whatever
    Page names it holds (full stops, apostrophes, lower-case words), between other sentences, is
    read as the clause it states and enforced; a Spellbook of the restricted Page and 40 of the
    other Page breaks a "not with" restriction and keeps an "only with" one."""
    own, text, family, other_name = restriction
    if identity(own).removesuffix(".") == identity(other_name).removesuffix("."):
        return
    restricted = page(text, name=own, known=(other_name,))
    other = spell(other_name, key="other")
    ruleset = MetaZooRuleset()
    spellbook = Deck("metazoo", {"spellbook": (Entry(restricted, 1), Entry(other, 40))})
    report = ruleset.check(spellbook, STANDARD)
    if family == "not_with":
        assert [e.code for e in report.errors] == ["spellbook.restriction"], text
        assert set(report.errors[0].cards) == {own, other_name}
        return
    assert report.legal, text
    fireball = Entry(pages()["fireball"], 1)
    report = ruleset.check(
        Deck("metazoo", {"spellbook": (*spellbook.entries("spellbook"), fireball)}), STANDARD
    )
    assert [e.code for e in report.errors] == ["spellbook.restriction"], text


TYPOGRAPHY = {"'": "\u2019", " ": "\u00a0", "-": "\u2013"}


@settings(max_examples=150, deadline=None)
@given(restrictions(), st.sampled_from(["", "Once per turn: draw a Page. ",
                                        "\u201cDo not include this Page in a Spellbook.\u201d "]),
       st.booleans())  # fmt: skip
def test_data_does_not_change_when_text_is_retyped_p25(restriction, extra, curly):
    """A Page's restriction data is the same when its text is retyped with typographic variants
    (curly apostrophes, no-break spaces), with a clause about play or a quoted sentence added."""
    own, text, _, other_name = restriction
    if identity(own).removesuffix(".") == identity(other_name).removesuffix("."):
        return
    first = read_restrictions(own, text, frozenset({other_name}))
    retyped = extra + text
    if curly:
        retyped = "".join(TYPOGRAPHY.get(char, char) for char in retyped)
    second = read_restrictions(own, retyped, frozenset({other_name}))
    keys = [{c.key() for c in clauses_of(r.data.get("restrictions"))} for r in (first, second)]
    assert keys[0] == keys[1] and not second.unread, retyped


# -- Page Types: Tokens (p. 7): "unless otherwise specified by an Effect" --------------------


def token(text: str) -> CardInfo:
    """The Token as the importer and inline cards read it: the sections its Effect opens to it
    kept as `token_sections` data."""
    return page(text, name="Sample Ally Token", kind="Token")


def test_a_tokens_section_sentence_is_read_as_no_restriction_p7():
    """ "This Token may be included in a Spellbook" speaks of a Spellbook and is read: the
    grammar knows it as a Token's sections, not a restriction, so the Token is not refused."""
    opened = page("This Token may be included in a Spellbook.", "Sample Ally Token", "Token")
    assert opened.attr("restrictions") is None and opened.attr("token_sections") == ["spellbook"]
    kept_out = page("This Token cannot be included in a Spellbook.", "Sample Ally Token", "Token")
    assert kept_out.attr("token_sections") is None


def test_a_tokens_sentence_the_grammar_cannot_read_is_refused_p7():
    """ "You may only include this Token in a Spellbook with Dr. Hollow" could mean a
    restriction or a permission: refused, naming the Token, never read as either in silence."""
    with pytest.raises(CardFileError):
        token("You may only include this Token in a Spellbook with Dr. Hollow.")


@pytest.mark.parametrize(
    "text",
    [
        "This Token may be included in a Spellbook.",
        "You may include this Token in your Spellbook or Archive.",
        "ARENA: +10 LP. This Token can be added to a Spellbook.",
    ],
)
def test_a_token_whose_text_says_so_may_be_in_a_spellbook_p7(text):
    """p. 7: Tokens "cannot be added to a Spellbook or Archive unless otherwise specified by an
    Effect": the Token's own text is such an Effect, and the Token counts among the 40."""
    spellbook = {**LEGAL_SPELLBOOK, "flame-aura": LEGAL_SPELLBOOK["flame-aura"] - 1}
    report = MetaZooRuleset().check(with_pages(token(text), base=spellbook), STANDARD)
    assert report.legal and report.counts["spellbook"] == 40


def test_a_token_allowed_only_in_a_spellbook_may_not_be_in_the_archive_p7():
    allowed = token("This Token may be included in a Spellbook.")
    archive = Deck("metazoo", {**deck(LEGAL_SPELLBOOK).sections, "archive": (Entry(allowed, 1),)})
    report = MetaZooRuleset().check(archive, STANDARD)
    assert [(e.code, e.rule, e.section) for e in report.errors] == [
        ("card.token", TOKENS, "archive")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "This Token cannot be included in a Spellbook.",
        "Create this Token when a Beastie enters the Arena.",
        "When this Token leaves the Arena, it may be put into your Spellbook.",
        "When a Beastie enters the Arena, this Token can be added to your Spellbook.",
    ],
)
def test_a_token_without_such_an_effect_stays_out_of_the_spellbook_p7(text):
    report = MetaZooRuleset().check(with_pages(token(text)), STANDARD)
    assert [(e.code, e.rule) for e in report.errors] == [("card.token", TOKENS)]
