"""Ability text -> components (guide, "Constructing Abilities", "Caveats"; rulebook, "Creatures",
"Creature Abilities"), forgiving spelling, strict about structure."""

import pytest

from rulebook.keeper.components import Kind
from rulebook.keeper.parser import parse_ability_text, read_sentence

CREATURE, SPELL = "Creature", "Spell"


def kinds(ability):
    return [part.kind for part in ability.parts]


@pytest.mark.parametrize(
    "sentence",
    [
        "Draw 2 cards.",
        "draw 2 cards",
        "  DRAW   2 CARDS . ",
        "Draw 2 cards!",
    ],
)
def test_it_forgives_case_spacing_and_punctuation(sentence):
    part = read_sentence(sentence)
    assert part.component.text == "Draw [x] cards."
    assert part.variables == {"x": 2}


@pytest.mark.parametrize(
    "typed",
    [
        "Increase targets\u2019 offense by a total of 3.",  # curly, as phones type it
        "Increase targets\u02bc offense by a total of 3.",  # a modifier letter apostrophe
        "Increase targets' offense\u00a0by a total of 3.",  # a no-break space
        "Increase targets' off\u00adense by a total of \uff13.",  # soft hyphen, full-width 3
    ],
)
def test_it_reads_text_as_typed_on_a_phone_as_the_component(typed):
    """Guide, "Constructing Abilities": a component is read whatever the typography (folded
    as card identity, rulebook.core.identity), never an unparsed text for an apostrophe."""
    straight = read_sentence("Increase targets' offense by a total of 3.")
    part = read_sentence(typed)
    assert part.component is straight.component and part.variables == straight.variables


def test_it_reads_the_singular_a_variable_of_one_takes():
    """Guide, "Constructing Abilities": plurals become singular when a variable is 1."""
    assert read_sentence("Draw 1 card.").variables == {"x": 1}
    assert read_sentence("Roll 1 six-sided die and increase your hitpoints by the result.")
    assert read_sentence("Activate when at least 1 card in your hand is destroyed.")


def test_it_reads_every_variable_of_a_component():
    part = read_sentence(
        "You may re-roll up to 3 dice for the rest of this turn up to 2 times each."
    )
    assert part.variables == {"x": 3, "y": 2}


def test_a_repeated_variable_must_carry_the_same_number():
    same = (
        "Roll 2 six-sided dice and inflict the result as damage to yourself, then roll 2 "
        "six-sided dice and inflict the result as damage to any one player."
    )
    assert read_sentence(same).variables == {"x": 2}
    assert read_sentence(same.replace("then roll 2", "then roll 3")) is None


def test_variables_must_be_positive_whole_numbers():
    """Guide, "Constructing Abilities": variable amounts are positive, non-zero integers."""
    assert read_sentence("Draw 0 cards.") is None
    assert read_sentence("Draw -1 cards.") is None
    assert read_sentence("Draw 1.5 cards.") is None


def test_a_variable_may_be_written_with_leading_zeros_and_have_any_size():
    """Guide, "Constructing Abilities": a positive integer, and no limit unless the component
    prints one ({x≤14})."""
    assert read_sentence("Draw 007 cards.").variables == {"x": 7}
    assert read_sentence("Draw 12345678901234567890 cards.").variables == {
        "x": 12345678901234567890
    }


@pytest.mark.parametrize("number", ["0", "00", "-1", "1.5", "2,5"])
def test_a_component_with_a_variable_that_is_no_positive_integer_breaks_a_must(number):
    """Guide, "Constructing Abilities": "Variable amounts must be positive, non-zero integers";
    card.variable, not unreadable text."""
    parsed = parse_ability_text(SPELL, f"Draw {number} cards.")
    assert [(unread.text, unread.code) for unread in parsed.unread] == [
        (f"Draw {number} cards.", "card.variable")
    ]


def test_a_repeated_variable_with_two_numbers_breaks_a_must():
    """Guide, "Constructing Abilities": [x] is replaced by the one number chosen for it."""
    text = (
        "Roll 2 six-sided dice and inflict the result as damage to yourself, then roll 3 "
        "six-sided dice and inflict the result as damage to any one player."
    )
    assert parse_ability_text(SPELL, text).unread[0].code == "card.variable"


def test_it_reads_an_old_wording_as_the_revised_component():
    """Rulebook, "Revised Ability Text": "Activate when you take damage." reads as
    "Activate when you take at least 5 damage."."""
    part = read_sentence("Activate when you take damage.")
    assert part.component.text == "Activate when you take at least [x] damage."
    assert part.variables == {"x": 5}
    assert part.read_as == "Activate when you take at least 5 damage."
    assert part.revision.edition == 8


def test_it_reads_a_creature_with_a_caveat_and_named_abilities():
    """Rulebook, "Creatures" and "Creature Abilities": Mammon's caveat, Dark Necromancer's two
    named abilities."""
    parsed = parse_ability_text(
        CREATURE,
        "You must sacrifice 1 card in play to summon this creature.\n"
        "CONTRACT WITH THE DEAD: Target this card. Place 1 counter on each target.\n"
        "NECROMANCY: Remove 2 counters from this card. Target up to 2 cards in one player's "
        "graveyard randomly. Reveal all targets, then summon or cast any number of targets that "
        "are not in play (paying the usual costs).",
    )
    assert parsed.caveat.variables == {"x": 1}
    assert [ability.name for ability in parsed.abilities] == [
        "CONTRACT WITH THE DEAD",
        "NECROMANCY",
    ]
    assert kinds(parsed.abilities[1]) == [Kind.COST, Kind.TARGET, Kind.EFFECT]
    assert parsed.unread == ()


def test_a_creature_may_have_no_abilities():
    """Guide, "Constructing Abilities": "This card has no abilities."."""
    parsed = parse_ability_text(CREATURE, "This card has no abilities.")
    assert parsed.abilities == () and parsed.unread == ()


@pytest.mark.parametrize(
    "text",
    [
        "This creature cannot attack.\nThis card has no abilities.",
        "This creature cannot attack. This card has no abilities.",
    ],
)
def test_a_creature_with_a_caveat_may_say_it_has_no_abilities(text):
    """Guide, "Constructing Abilities": "If you choose to not give any abilities to a creature,
    you use the text, 'This card has no abilities.'", caveat or not ("Caveats")."""
    parsed = parse_ability_text(CREATURE, text)
    assert parsed.caveat is not None
    assert parsed.abilities == () and parsed.unread == ()


def test_a_spell_cannot_say_it_has_no_abilities():
    """Guide, "Introduction": "Spells have only a single ability"; none is not one."""
    parsed = parse_ability_text(SPELL, "This card has no abilities.")
    assert [unread.code for unread in parsed.unread] == ["card.spell_abilities"]


def test_a_creature_with_abilities_cannot_say_it_has_none():
    parsed = parse_ability_text(CREATURE, "Draw 1 card.\nThis card has no abilities.")
    assert len(parsed.abilities) == 1
    assert [unread.text for unread in parsed.unread] == ["This card has no abilities."]


def test_it_names_the_sentence_it_cannot_read():
    parsed = parse_ability_text(
        SPELL, "Target up to 2 cards in play. Destroy all targets. Turn all targets into frogs."
    )
    assert [unread.text for unread in parsed.unread] == ["Turn all targets into frogs."]
    assert "not an official component" in parsed.unread[0].reason
    assert parsed.unread[0].code is None  # unreadable text, not a broken must
    assert len(parsed.abilities[0].parts) == 2


def test_it_says_when_an_ability_is_left_uncosted():
    text = "Target up to 2 cards in play. Turn all targets into frogs."
    parsed = parse_ability_text(SPELL, text)
    assert parsed.abilities == ()
    assert [unread.text for unread in parsed.unread] == ["Turn all targets into frogs.", text]
    assert "not costed" in parsed.unread[1].reason
    assert [unread.code for unread in parsed.unread] == [None, None]


def test_only_creatures_have_caveats():
    """Guide, "Caveats": caveats can only be given to creatures."""
    parsed = parse_ability_text(SPELL, "This creature cannot attack. Draw 1 card.")
    assert parsed.unread[0].reason == "only creatures have caveats"
    assert parsed.unread[0].code == "card.caveat"
    assert len(parsed.abilities) == 1


def test_a_caveat_comes_before_the_abilities():
    """Guide, "Caveats": listed before any abilities the creature has."""
    parsed = parse_ability_text(CREATURE, "Draw 1 card.\nThis creature cannot attack.")
    assert parsed.caveat is None
    assert "comes first" in parsed.unread[0].reason
    assert parsed.unread[0].code == "card.caveat"


def test_a_creature_has_one_caveat_at_most():
    """Guide, "Caveats": "Any creature may have no more than one caveat"."""
    parsed = parse_ability_text(
        CREATURE, "This creature cannot attack. This creature cannot defend.\nDraw 1 card."
    )
    assert parsed.caveat.text == "This creature cannot attack."
    assert [(unread.text, unread.code) for unread in parsed.unread] == [
        ("This creature cannot defend.", "card.caveat")
    ]


def test_a_spell_has_a_single_ability():
    """Guide, "Introduction": spells have only a single ability."""
    parsed = parse_ability_text(SPELL, "Draw 1 card.\nAll players draw 1 card.")
    assert len(parsed.abilities) == 1
    assert parsed.unread[0].reason == "a spell has only a single ability"
    assert parsed.unread[0].code == "card.spell_abilities"


def test_components_come_in_the_guides_order():
    """Guide, "Constructing Abilities": condition, cost, target selection, effects, in order."""
    parsed = parse_ability_text(SPELL, "Draw 1 card. Activate when this in-play card is destroyed.")
    assert kinds(parsed.abilities[0]) == [Kind.EFFECT]
    assert parsed.unread[0].reason.startswith("out of order")
    assert parsed.unread[0].code == "card.component_order"


def test_an_ability_has_one_target_selection_at_most():
    parsed = parse_ability_text(
        SPELL, "Target up to 1 card in play. Target this card. Destroy all targets."
    )
    assert parsed.unread[0].reason == "an ability has at most one target selection"
    assert parsed.unread[0].code == "card.component_count"


@pytest.mark.parametrize(
    "text",
    [
        "Activate when this in-play card is destroyed. Activate when you take at least 5 "
        "damage. Draw 1 card.",
        "Remove 1 counter from this card. Exhaust 2 of your resources. Draw 1 card.",
    ],
)
def test_an_ability_has_one_condition_and_one_cost_at_most(text):
    """Guide, "Constructing Abilities": one activation condition, one activation cost."""
    assert parse_ability_text(SPELL, text).unread[0].code == "card.component_count"


def test_an_effect_on_targets_needs_a_target_selection():
    """Guide, "Target Selections": target selections are necessary for some effects."""
    parsed = parse_ability_text(SPELL, "Destroy all targets. Draw 1 card.")
    assert "no target selection" in parsed.unread[0].reason
    assert parsed.unread[0].code == "card.no_target"
    assert kinds(parsed.abilities[0]) == [Kind.EFFECT]


def test_an_ability_needs_an_effect():
    """Guide, "Constructing Abilities": one or more effects (required)."""
    parsed = parse_ability_text(CREATURE, "STARE: Target this card.")
    assert parsed.abilities == ()
    assert parsed.unread[0].reason == "an ability needs at least one effect"
    assert parsed.unread[0].code == "card.no_effect"


def test_an_ability_is_written_in_one_paragraph():
    """Guide, "Constructing Abilities": components "must be in the same paragraph (do not split
    the text of one ability into multiple paragraphs)"."""
    parsed = parse_ability_text(CREATURE, "POKE: Target this card.\nDestroy all targets.")
    codes = [unread.code for unread in parsed.unread]
    assert codes[0] == "card.paragraph"
    assert codes == ["card.paragraph"]
    assert kinds(parsed.abilities[0]) == [Kind.TARGET, Kind.EFFECT]  # read, and costed, whole


def test_an_empty_text_is_pointed_out():
    """A spell has a single ability; a creature without abilities says so (guide)."""
    assert parse_ability_text(SPELL, "").unread[0].reason.startswith("a spell has a single")
    assert parse_ability_text(SPELL, "").unread[0].code == "card.spell_abilities"
    creature = parse_ability_text(CREATURE, " ")
    assert "This card has no abilities." in creature.unread[0].reason
    assert creature.unread[0].code == "card.no_abilities"


def test_a_creature_may_have_only_a_caveat():
    parsed = parse_ability_text(CREATURE, "This creature cannot defend.")
    assert parsed.caveat is not None and parsed.unread == ()
