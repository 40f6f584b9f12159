"""Issue 37: an effect that names a target and resolves where no Action chose one (a Terra's or an
Aura Page's ENTER effect, "at the start/end of your turn" effects, DESTROYED effects) has its
target chosen by its controller as it resolves; with no legal target it does nothing, and the
log says which (2023 rulebook: Targeting Defined, p. 23; Keywords/Static Effects, p. 25: ENTER
and DESTROYED "Effects that resolve when a Page ..."; Turn Steps, p. 16-17: the effects "that
state that they happen at the 'start'/'end' of your turn happen right now")."""

from __future__ import annotations

from rulebook.core.telling import Reader, told
from rulebook.metazoo.engine.combat import Combat
from rulebook.metazoo.engine.turns import start_effects
from rulebook.metazoo.telling import TELLING

from .builders import Scripted, beastie, card, events, in_chapter, put, started

HIT = {"do": "damage", "n": 10, "target": "opposing_beastie"}


def _hit(when: str) -> dict:
    return {"when": when, **HIT}


def _the(answer):
    """A TARGET answer: the option named `answer` (Pages are offered as the Caster sees them)."""

    def pick(game, decision):
        (chosen,) = [p for p in decision.options if p.card.name == answer]
        return chosen

    return pick


def test_a_terras_targeting_enter_effect_reaches_the_target_its_caster_chooses():
    """Keywords (p. 25): "ENTER: Effects that resolve when a Page enters the Arena"; Terra
    Pages and Rotation (p. 13). The Caster chooses among the opposing Beasties, not the first."""
    chooser = Scripted(target=[_the("Big")])
    game = started(chooser, Scripted())
    me = game.casters[0]
    small = put(game, 1, beastie("Small", lp=50))
    big = put(game, 1, beastie("Big", lp=90))
    terra = in_chapter(game, 0, card("Storm", "Terra", terra="river", effects=[_hit("enter")]))
    game.contract_terra(me, terra)
    assert chooser.asked.count("target") == 1
    assert big.damage == 10 and small.damage == 0
    (told,) = events(game, "trigger")
    assert told["page"] == terra.uid and told["when"] == "enter"
    assert told["targets"] == {"opposing_beastie": big.uid}


def test_a_start_of_turn_effect_chooses_its_target_as_the_turn_starts():
    """Turn Steps (p. 16): "Any Effects that state that they happen at the 'start' of your turn
    happen right now"; the target is the Caster's choice then."""
    game = started(Scripted(target=[_the("Prey")]), Scripted())
    me = game.casters[0]
    put(game, 0, card("Gnat", "Beastie", lp=20, effects=[_hit("start_of_turn")]))
    prey = put(game, 1, beastie("Prey", lp=50))
    put(game, 1, beastie("Other", lp=50))
    start_effects(game, me)
    assert prey.damage == 10
    assert events(game, "trigger")[0]["targets"] == {"opposing_beastie": prey.uid}


def test_an_end_of_turn_effect_chooses_its_target_as_it_resolves():
    """End of Turn (p. 17): "Any Effects that state that they happen at the 'end' of your turn
    happen right now"."""
    game = started()
    me = game.casters[0]
    put(game, 0, card("Gnat", "Beastie", lp=20, effects=[_hit("end_of_turn")]))
    prey = put(game, 1, beastie("Prey", lp=50))
    game.end_effects(me)
    assert prey.damage == 10
    assert events(game, "trigger")[0]["targets"] == {"opposing_beastie": prey.uid}


def test_a_destroyed_effect_is_chosen_by_the_destroyed_pages_controller():
    """Keywords (p. 25): "DESTROYED: Effects that resolve when Page is Destroyed"; Combat step 6
    (p. 28): "Any 'DESTROYED' effects resolve". Its controller chooses, on either turn."""
    game = started()
    martyr = put(game, 1, card("Martyr", "Beastie", lp=10, effects=[_hit("destroyed")]))
    prey = put(game, 0, beastie("Prey", lp=50))
    game.destroy(martyr)
    assert prey.damage == 10
    (told,) = events(game, "trigger")
    assert told["player"] == 1 and told["targets"] == {"opposing_beastie": prey.uid}


def test_with_no_legal_target_the_effect_does_nothing_and_the_log_says_so():
    """Targeting Defined (p. 23): an effect reaches only what it may target; with no opposing
    Beastie the DESTROYED effect has no target (nothing is asked) and the log names none."""
    chooser = Scripted()
    game = started(chooser, Scripted())
    martyr = put(game, 0, card("Martyr", "Beastie", lp=10, effects=[_hit("destroyed")]))
    mine = put(game, 0, beastie("Mine", lp=50))
    game.destroy(martyr)
    assert "target" not in chooser.asked and mine.damage == 0
    (told,) = events(game, "trigger")
    assert told["targets"] == {"opposing_beastie": None}


def test_an_aura_pages_enter_effect_resolves_with_a_chosen_target():
    """Keywords (p. 25): ENTER effects resolve "when a Page enters the Arena": an Aura Page
    Contracted as the turn's Aura Page (p. 17) enters it too."""
    game = started()
    me = game.casters[0]
    prey = put(game, 1, beastie("Prey", lp=50))
    aura = card("Storm Aura", "Aura", aura_type="water", basic=True, effects=[_hit("enter")])
    page = in_chapter(game, 0, aura)
    game.act(me, ("aura", page))
    assert prey.damage == 10
    assert events(game, "trigger")[0]["targets"] == {"opposing_beastie": prey.uid}


def test_an_attacks_targeting_effect_is_chosen_not_taken_for_the_primary_defender():
    """Resolving a chosen Attack (p. 28): the Attack's effect text resolves; one naming "target
    opposing Beastie" reaches a Beastie its Caster chooses even when the Attack's target is
    the opposing Caster (it once took the Caster for the target, and failed), and one naming
    "target Beastie you control" reaches one of the Caster's own, not the primary Defender."""
    for kind, hit in (("opposing_beastie", "Foe"), ("own_beastie", "Friend")):
        zap = {"name": "Zap", "damage": 10, "effects": [{**HIT, "target": kind}]}
        game = started(Scripted(target=[_the(hit)]), Scripted(defenders=[[]]))
        me, them = game.casters
        pup = put(game, 0, beastie("Pup", attacks=[zap]))
        friend, foe = put(game, 0, beastie("Friend")), put(game, 1, beastie("Foe"))
        Combat(game, me, pup, pup.card.attacks[0], them).fight()
        assert them.lp == 990  # the Attack's own Damage, to the Caster it targets
        reached = friend if hit == "Friend" else foe
        assert reached.damage == 10 and (friend.damage + foe.damage) == 10
        assert events(game, "trigger")[0]["targets"] == {kind: reached.uid}


def test_a_destroyed_terras_destroyed_effect_resolves_too():
    """Keywords (p. 25): DESTROYED effects resolve "when Page is Destroyed", a Terra Page's as
    any other's (Terra Pages and Rotation, p. 13: a Terra "Destroyed for any reason" leaves its
    slot)."""
    game = started()
    me = game.casters[0]
    prey = put(game, 1, beastie("Prey", lp=50))
    terra = in_chapter(game, 0, card("Ruin", "Terra", terra="river", effects=[_hit("destroyed")]))
    game.contract_terra(me, terra)
    game.destroy(terra)
    assert terra.zone == "afterlife" and prey.damage == 10


def test_a_person_reads_the_target_chosen_or_that_there_was_none():
    """docs/game-logs.md `trigger`: the log names the target, and a person reads it in words."""
    game = started()
    prey = put(game, 1, beastie("Prey", lp=50))
    martyr = put(game, 0, card("Martyr", "Beastie", lp=10, effects=[_hit("destroyed")]))
    game.destroy(martyr)
    game.destroy(prey)  # the bot's Prey: its own DESTROYED effect has no opposing Beastie left
    lonely = put(game, 1, card("Lonely", "Beastie", lp=10, effects=[_hit("destroyed")]))
    game.destroy(lonely)
    reader = Reader(0, 2)
    for page in (prey, martyr, lonely):  # (put by the test: no `setup` names them)
        reader.number(page.uid, page.card.name, page.owner)
    said = [t.text for t in told(TELLING, game.log, reader) if t.event == "trigger"]
    assert said == [
        "Your Martyr's DESTROYED effect targets Prey.",
        "The bot's Lonely's DESTROYED effect has no target: it does nothing.",
    ]
