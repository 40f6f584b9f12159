"""The Actions a Caster's Chapter offers in the Take Actions step (2023 rulebook, Turn Steps
p. 17: Contract Pages, one Aura Page a turn; Trap Pages p. 39: place a Trap Page face-down):
each Page once, whatever number of copies is in hand, a Trap Page both ways."""

from __future__ import annotations

from rulebook.metazoo.engine.legal import ActionOptions, arena_actions

from .builders import beastie, card, flame_aura, in_chapter, put, started


def _hand(game, *page_cards):
    caster = game.casters[0]
    caster.chapter.clear()
    return caster, [in_chapter(game, 0, page_card) for page_card in page_cards]


def test_copies_of_a_page_in_the_chapter_are_one_action():
    """Contracting either copy of a Page is the same Action (Turn Steps, p. 17): it is offered
    once, as the first copy."""
    game = started()
    aura, pup = flame_aura(), beastie("Pup", aura="flame")
    me, pages = _hand(game, aura, aura, pup, pup)
    options = ActionOptions(game, me)
    assert options.of_kind("aura") == [("aura", pages[0])]
    assert options.candidates() == [pages[2]]
    assert len(options) == len(list(options))  # each Action once, copies or not
    assert ("aura", pages[0]) in options and ("aura", pages[1]) not in options


def test_a_trap_page_in_the_chapter_may_be_placed_face_down():
    """Trap Pages (p. 39): a Page with the Trap Trait may be placed face-down (free) as an
    Action; a Page without it may not."""
    game = started()
    snare = card("Snare", "Spell", aura_cost={"flame": 1}, traits=["Trap"], effects=[])
    me, (trap, _) = _hand(game, snare, beastie("Pup"))
    options = ActionOptions(game, me)
    assert options.of_kind("trap") == [("trap", trap)]
    assert ("trap", trap) in options


def test_a_power_is_an_action_of_an_awakened_beastie_with_a_target_for_it():
    """Use Powers (p. 17): "A Beastie must be Awakened to use a Power"; a Power that targets is
    used only with a legal target (Targeting Defined, p. 23)."""
    game = started()
    me = game.casters[0]
    me.powers = True
    zap = {"when": "power", "do": "damage", "n": 10, "target": "opposing_beastie"}
    put(game, 0, beastie("Tired", effects=[zap]), fatigued=True)
    fresh = put(game, 0, beastie("Fresh", effects=[zap]))
    assert arena_actions(game, me, "power") == []  # no opposing Beastie to target
    put(game, 1, beastie("Hound"))
    assert arena_actions(game, me, "power") == [("power", fresh, 0)]


def test_a_burned_beastie_may_attack_and_a_sleeping_or_paralyzed_one_may_not():
    """Combat (p. 25): an Awakened Beastie declares an Attack; the rules notes
    (docs/rules/metazoo.md, Status Effects) keep a Sleeping or Paralyzed one from attacking, and
    no other Status does."""
    game = started()
    me = game.casters[0]
    pages = {}
    for status in ("burn", "poison", "sleep", "paralyze"):
        pages[status] = put(game, 0, beastie(status.title()))
        pages[status].statuses[status] = 1 if status == "poison" else game.turn
    assert ActionOptions(game, me).attackers() == [pages["burn"], pages["poison"]]


def test_each_page_contracted_counts_once_in_its_casters_plays():
    """The result's per-seat `plays` (each seat's figures): how many times each Page was
    Contracted, copies counted each time (an Aura Page once a turn, Turn Steps p. 17)."""
    game = started()
    me = game.casters[0]
    for _ in range(2):
        me.aura_page_played = False
        game.act(me, ("aura", in_chapter(game, 0, flame_aura())))
    assert me.plays == {"Flame Aura": 2}
