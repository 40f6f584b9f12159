"""Status Effects (2023 rulebook p. 29, Simultaneous Effects p. 23, Glossary: Automatically,
Inflict) and what the README's rules notes decide where the seed lost their table: the coin,
the indicators, Burn and Poison at the turn's end, Sleep's coin, the Statuses lasting a turn."""

from __future__ import annotations

from rulebook.metazoo.engine.turns import start_effects

from .builders import beastie, card, coins, events, put, started


def test_an_inflict_on_tails_places_nothing_and_on_heads_an_indicator_on_every_target():
    """Simultaneous Effects (p. 23): "a coin flip or die roll will be done to resolve the status
    infliction" for all the targets at once; heads inflicts (README rules notes)."""
    game = started()
    me = game.casters[0]
    a, b = put(game, 1, beastie("A")), put(game, 1, beastie("B"))
    coins(game, False, True)
    game.inflict([a, b], "scared", me, automatically=False)
    assert a.statuses == {} == b.statuses and events(game, "inflict") == []
    game.inflict([a, b], "scared", me, automatically=False)
    assert a.statuses == {"scared": 1} == b.statuses
    assert not a.fatigued and not b.fatigued  # (only Frozen Fatigues)
    assert [
        (e["player"], e["target"], e["status"], e["count"]) for e in events(game, "inflict")
    ] == [
        (0, a.uid, "scared", 1),
        (0, b.uid, "scared", 1),
    ]
    assert [e["why"] for e in events(game, "coin")] == ["inflict:scared"] * 2


def test_automatically_flips_no_coin():
    """Glossary, Automatically: "Placing a Status Effect Indicator on a Page instead of
    performing a coin flip"."""
    game = started()
    page = put(game, 1, beastie("A"))
    coins(game)  # any coin would fail: none is queued
    game.inflict([page], "sleep", game.casters[0], automatically=True)
    assert page.statuses == {"sleep": 1}


def test_no_coin_when_nothing_there_can_carry_the_indicator():
    """A Caster suffers Burn and Poison only (README rules notes); a Page that left the Arena
    carries none (p. 29: "All Status Effect Indicators are removed from a Page when it leaves
    the Arena"): with no one to inflict, no coin is flipped."""
    game = started()
    me, them = game.casters
    gone = put(game, 1, beastie("Gone"))
    game.destroy(gone)
    coins(game)  # any coin would fail: none is queued
    game.inflict([them], "sleep", me, automatically=False)
    game.inflict([gone], "burn", me, automatically=False)
    assert them.statuses == {} and gone.statuses == {}
    assert events(game, "coin") == []


def test_one_indicator_of_each_kind_but_any_number_of_poison():
    """Status Effects (p. 29): "A target may only have 1 Status Effect Indicator of each type on
    it (except for Poison)"; a Caster too."""
    game = started()
    game.turn = 3
    me, them = game.casters
    page = put(game, 1, beastie("A"))
    for _ in range(3):
        game.inflict([page, them], "poison", me, automatically=True)
        game.inflict([page, them], "burn", me, automatically=True)
    assert page.statuses.keys() == {"poison", "burn"} == them.statuses.keys()
    assert page.statuses["poison"] == 3 == them.statuses["poison"]
    logged = [(e["target"], e["status"], e["count"]) for e in events(game, "inflict")]
    assert [x for x in logged if x[0] == page.uid] == [
        (page.uid, "poison", 1),
        (page.uid, "burn", 1),
        (page.uid, "poison", 2),
        (page.uid, "poison", 3),
    ]
    assert ("caster:1", "poison", 3) in logged
    other = put(game, 1, beastie("B"))
    game.inflict([page, other], "burn", me, automatically=True)  # the first has one already
    assert other.statuses.keys() == {"burn"}


def test_burn_is_damage_and_poison_lp_loss_at_the_end_of_its_controllers_turn():
    """README rules notes: Burn 10 Damage, Poison 10 LP Loss an indicator, at the end of the
    controller's turn (End of Turn, p. 17); LP Loss is not Damage (LP Loss vs LP Gain, p. 24)."""
    game = started()
    me, them = game.casters
    page = put(game, 1, beastie("Target", lp=100))
    game.inflict([page], "burn", me, automatically=True)
    for _ in range(3):
        game.inflict([page], "poison", me, automatically=True)
    game.end_effects(me)  # not its controller's turn
    assert page.damage == 0 and page.loss == 0
    game.end_effects(them)
    assert page.damage == 10 and page.loss == 30 and game.current_lp(page) == 60
    (burn,) = events(game, "damage")
    assert (burn["target"], burn["amount"], burn["why"], burn["source"]) == (
        page.uid,
        10,
        "burn",
        None,
    )
    (poison,) = events(game, "lp_loss")
    assert (poison["target"], poison["amount"], poison["why"]) == (page.uid, 30, "poison")
    assert page.statuses == {"burn": 1, "poison": 3}  # they stay until it leaves the Arena


def test_burn_destroys_a_page_it_brings_to_0_lp():
    """Life Points (Glossary): a Page with Damage equal to its LP is Destroyed, into Limbo."""
    game = started()
    me, them = game.casters
    page = put(game, 1, beastie("Frail", lp=10))
    game.inflict([page], "burn", me, automatically=True)
    game.end_effects(them)
    assert page.zone == "limbo" and page.statuses == {}


def test_each_sleeping_page_flips_its_own_coin_and_wakes_on_heads():
    """README rules notes: a coin at the start of its controller's turn wakes a sleeping Page
    (heads); the other Caster's sleeping Pages flip nothing then."""
    game = started()
    me, them = game.casters
    one, two, awake = (put(game, 0, beastie(n)) for n in ("One", "Two", "Awake"))
    theirs = put(game, 1, beastie("Theirs"))
    game.inflict([one, two, theirs], "sleep", them, automatically=True)
    coins(game, True, False)
    start_effects(game, me)
    assert [e["why"] for e in events(game, "coin")] == [f"sleep:{one.uid}", f"sleep:{two.uid}"]
    assert "sleep" not in one.statuses and "sleep" in two.statuses and "sleep" in theirs.statuses
    assert awake.statuses == {}
    (removed,) = events(game, "status_removed")
    assert (removed["target"], removed["status"]) == (one.uid, "sleep")


def test_paralyze_scared_and_confusion_end_with_their_controllers_next_turn():
    """README rules notes: Paralyze, Scared and Confusion last "until the end of its
    controller's next turn"; Burn, Poison and Sleep do not end so."""
    lasting = ("paralyze", "scared", "confusion")
    game = started()
    me, them = game.casters
    page = put(game, 1, beastie("Target", lp=200))
    for status in (*lasting, "sleep", "burn", "poison"):
        game.inflict([page], status, me, automatically=True)  # on my turn 1
    game.end_effects(me)
    assert set(lasting) <= page.statuses.keys()
    game.turn = 2  # its controller's next turn
    game.end_effects(them)
    assert page.statuses.keys() == {"sleep", "burn", "poison"}
    removed = [(e["target"], e["status"]) for e in events(game, "status_removed")]
    assert removed == [(page.uid, status) for status in lasting]


def test_a_status_inflicted_in_its_controllers_own_turn_lasts_through_its_next_turn():
    """README rules notes: "until the end of its controller's next turn": inflicted on its own
    controller's turn 1, Scared outlasts that turn and ends with turn 3."""
    game = started()
    me, them = game.casters
    page = put(game, 0, beastie("Jumpy"))
    game.inflict([page], "scared", them, automatically=True)
    game.end_effects(me)
    assert "scared" in page.statuses
    game.turn = 3
    game.end_effects(me)
    assert "scared" not in page.statuses


def test_a_paralyzed_page_loses_its_tribal_boost():
    """Tribal Boost (p. 28) is in the Effect text box, which Paralyze removes (README rules
    notes): +10 LP for each other Beastie of its Tribe, none while Paralyzed."""
    game = started()
    kin = card("Kin", "Beastie", aura_cost={"earth": 1}, lp=40, tribe="Wolf", tribal_boost=True)
    page, _ = put(game, 0, kin), put(game, 0, kin)
    assert game.max_lp(page) == 50
    game.inflict([page], "paralyze", game.casters[1], automatically=True)
    assert game.max_lp(page) == 40


def test_every_coin_is_logged_with_whose_flip_it_is_why_and_its_result():
    """Rolling A Die (a die's even faces are heads): each coin a Caster flips is in the log
    (docs/game-logs.md, `coin`) with that Caster, what it was for and heads or tails."""
    game = started()
    them = game.casters[1]
    results = [game.flip(them, "sleep") for _ in range(8)]
    told = [(e["player"], e["why"], e["result"]) for e in events(game, "coin")]
    assert told == [(1, "sleep", "heads" if heads else "tails") for heads in results]
    assert set(results) == {True, False}  # both faces come up in eight flips of this seed
