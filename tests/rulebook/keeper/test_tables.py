"""The components (guide) and revision tables (rulebook) are consistent data.

The guide's lists and the rulebook's four tables describe the same revisions twice; these tests
hold them to each other, so a typo in one shows up as a failure rather than a silent miss.
"""

from collections import Counter

import pytest

from rulebook.keeper.components import BY_KEY, COMPONENTS, Kind
from rulebook.keeper.parser import read_sentence
from rulebook.keeper.tables import ELEVENTH_EDITION

TABLES = ELEVENTH_EDITION


def test_it_holds_every_component_of_the_guide():
    """Guide lists: 29 caveats (4 redacted), 14 conditions (3), 15 activation costs (3),
    18 target selections (2), 33 effects (5)."""
    counts = Counter(component.kind for component in COMPONENTS)
    assert counts == {
        Kind.CAVEAT: 29,
        Kind.CONDITION: 14,
        Kind.COST: 15,
        Kind.TARGET: 18,
        Kind.EFFECT: 33,
    }


def test_no_two_components_read_alike():
    assert len(BY_KEY) == len(COMPONENTS)


@pytest.mark.parametrize("component", COMPONENTS, ids=lambda component: component.text)
def test_each_formula_uses_only_its_texts_variables(component):
    allowed = set(component.template.variables) | (
        {"t"} if component.kind == Kind.EFFECT else set()
    )
    assert component.formula.variables <= allowed


def test_the_rulebook_tables_have_their_printed_lengths():
    """Rulebook: 17 redacted texts, 10 revised costs, 13 revised ability texts, no revised
    variable limits in the 11th edition ("N/A")."""
    assert len(TABLES.redacted) == 17
    assert len(TABLES.cost_revisions) == 10
    assert len(TABLES.text_revisions) == 13
    assert TABLES.variable_limits == ()


def test_every_redacted_text_is_a_crossed_out_component_of_the_guide():
    for redacted in TABLES.redacted:
        assert redacted.template.key in BY_KEY, redacted.template.text


def test_every_revised_cost_names_a_component_and_its_old_cost_differs():
    for revision in TABLES.cost_revisions:
        component = BY_KEY[revision.template.key]
        assert component.formula.notation != revision.old_formula.notation


def test_every_revised_text_reads_as_a_current_component():
    for revision in TABLES.text_revisions:
        values = {name: 2 for name in revision.old.variables}
        part = read_sentence(revision.old.fill(values))
        assert part is not None, revision.old.text
        assert part.revision is revision
        assert (
            part.component.template.key
            == read_sentence(revision.new.fill(values)).component.template.key
        )


def test_no_legal_component_ends_with_a_redacted_text():
    """Banned texts are found by 'a sentence ends with it'; no legal text may set that off."""
    redacted_keys = {redacted.template.key for redacted in TABLES.redacted}
    for component in COMPONENTS:
        if component.template.key in redacted_keys:
            continue
        said = component.template.key
        for redacted in TABLES.redacted:
            assert not said.endswith(redacted.template.key), (
                component.text,
                redacted.template.text,
            )
