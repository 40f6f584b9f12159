"""What one Caster may see of the game (2023 rulebook, Trap Pages p. 39: a Trap Page is placed
into the Arena face-down; its Caster knows it, the other Caster sees its back until it flips):
the view a player is handed (`Game.view`), which the engine also lists Attack targets through."""

from __future__ import annotations

import pytest

from rulebook.metazoo.engine.state import FACE_DOWN_PAGE

from .builders import beastie, card, in_chapter, put, started


def _trap_card():
    return card("Snare", "Spell", aura_cost={}, traits=["Trap"], effects=[])


def _face_down(game, seat, host=None):
    caster = game.casters[seat]
    trap = in_chapter(game, seat, _trap_card())
    game.place_trap(caster, trap)
    if host is not None:
        game.move_trap(caster, trap, host)
    return trap


def _only_its_back(seen, page):
    """A face-down Page as the other Caster sees it: whose it is and where, never the Page."""
    for name in FACE_DOWN_PAGE:
        assert getattr(seen, name) == getattr(page, name)
    with pytest.raises(AttributeError):
        seen.card  # noqa: B018  (reading it is the check)


def test_a_caster_sees_its_own_face_down_traps_and_only_the_back_of_the_others():
    """Trap Pages (p. 39): placed face-down, free; the placer knows the Page, the other Caster
    does not (were it revealed and not a Trap, its placer would lose)."""
    game = started()
    mine, theirs = _face_down(game, 0), _face_down(game, 1)
    view = game.view(0)
    assert view.shown(mine) is mine
    _only_its_back(view.shown(theirs), theirs)
    _only_its_back(game.view(1).shown(mine), mine)
    (in_a_tuple,) = view.shown((theirs,))
    _only_its_back(in_a_tuple, theirs)


def test_a_trap_moved_under_a_page_shows_its_back_to_the_other_caster_only():
    """Trap Pages (p. 39): a face-down Trap moved under a Beastie stays face-down there; the
    Beastie is face-up for both Casters, the Trap under it known to its Caster only."""
    game = started()
    host = put(game, 1, beastie("Host"))
    trap = _face_down(game, 1, host)
    seen = game.view(0).shown(host)
    assert seen.card is host.card and seen.uid == host.uid
    _only_its_back(seen.trap, trap)
    # the other Caster's Arena as this Caster reads it shows the same
    (in_arena,) = game.view(0).casters[1].arena
    _only_its_back(in_arena.trap, trap)
    own = game.view(1).shown(host)
    assert own is host and own.trap is trap


def test_each_caster_is_seen_through_the_viewers_eyes():
    """The opposing Caster's Chapter, Spellbook and face-down Pages are hidden (only their
    counts are known); a view shows a Caster as that view's."""
    game = started()
    me, them = game.casters
    view = game.view(0)
    assert view.shown(me) is me and view.casters[0] is me
    assert view.shown(them) is view.casters[1] and view.shown(them) is not them
    assert view.casters[1].lp == them.lp
    assert len(view.casters[1].chapter) == len(them.chapter) > 0
    with pytest.raises(PermissionError):
        list(view.casters[1].chapter)
    theirs = game.view(1)
    assert theirs.casters[1] is them and theirs.shown(me) is theirs.casters[0] is not me
