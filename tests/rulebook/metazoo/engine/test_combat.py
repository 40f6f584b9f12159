"""Combat (2023 rulebook p. 25-28): Defenders and the primary Defender, First Strike, the
Damage modifiers (Type and Aura Attack Advantage +20, Terra Bonuses, Tribal Boost), Damage in
multiples of 5 allocated across Defenders with the overflow to the original target, Traps."""

from __future__ import annotations

from rulebook.metazoo.engine.combat import Allocation, Combat

from .builders import Scripted, beastie, card, coins, events, in_chapter, put, started


def fight(game, attacker, target, index: int = 0) -> None:
    me = game.casters[attacker.controller]
    Combat(game, me, attacker, attacker.card.attacks[index], target).fight()


def test_an_undefended_attack_on_the_caster_deals_its_damage_and_fatigues_the_attacker():
    """Combat step 1 (p. 25): Fatigue and declare; no Defenders: the target takes it all."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    pup = put(game, 0, beastie("Pup", damage=30))
    fight(game, pup, game.casters[1])
    assert game.casters[1].lp == 970 and pup.fatigued


def test_the_primary_defender_strikes_back_and_the_target_is_not_fatigued():
    """Step 4 (p. 27): no Defenders, the original target is the primary Defender and uses an
    Attack; that does not Fatigue it. Step 6: each chosen Attack resolves."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    pup = put(game, 0, beastie("Pup", lp=60, damage=30, aura="earth"))
    hound = put(game, 1, beastie("Hound", lp=60, damage=20, aura="earth"))
    fight(game, pup, hound)
    assert game.current_lp(hound) == 30 and game.current_lp(pup) == 40
    assert not hound.fatigued
    # the log names each Attack used: the attacker's declared, the primary Defender's back
    (declared,) = events(game, "attack")
    assert (declared["attacker"], declared["attack"], declared["target"]) == (
        pup.uid, "Pup Bite", hound.uid,
    )  # fmt: skip
    strikes = [
        (e["player"], e["attacker"], e["attack"], e["primary"]) for e in events(game, "strike")
    ]
    assert strikes == [(0, pup.uid, "Pup Bite", hound.uid), (1, hound.uid, "Hound Bite", pup.uid)]


def test_defenders_take_the_damage_and_the_rest_overflows_to_the_target():
    """Resolving a chosen Attack (p. 28): at least 5 to each Defender; once each has its
    current LP, the rest may go to the original target."""
    theirs = Scripted(defenders=[lambda g, d: list(d.options)])
    game = started(Scripted(), theirs)
    drake = put(game, 0, beastie("Drake", damage=60, aura="earth"))
    wall = put(game, 1, beastie("Wall", lp=20, damage=10, aura="earth"))
    fight(game, drake, game.casters[1])
    assert wall.zone == "limbo"
    assert "primary" not in theirs.asked  # one Defender with one Attack: nothing to choose
    (declared,) = events(game, "defend")  # the Defender, not the Caster, is the primary one
    assert (declared["defenders"], declared["primary"], declared["attack"]) == (
        [wall.uid],
        wall.uid,
        0,
    )
    (allocation,) = events(game, "allocate")[:1]
    assert allocation["to"] == [[wall.uid, 20], ["caster:1", 40]]
    assert game.casters[1].lp == 960


def test_every_defender_in_the_arena_receives_a_share_of_the_damage():
    """Resolving a chosen Attack (p. 28): the attacking Caster allocates the Damage across the
    Defenders, at least 5 to each if possible; a Defender gone from the Arena receives none."""
    spread = []

    def allocate(game, decision):
        spread.append(decision.options.lps)
        return (25, 15)

    game = started(Scripted(allocate=[allocate]), Scripted())
    drake = put(game, 0, beastie("Drake", damage=40, aura="earth"))
    walls = [put(game, 1, beastie(f"Wall {n}", lp=50, aura="earth")) for n in (1, 2, 3)]
    combat = Combat(game, game.casters[0], drake, drake.card.attacks[0], walls[0])
    combat.defenders = list(walls)
    game.leave_arena(walls[2])
    walls[2].zone = "limbo"
    combat.strike(drake, drake.card.attacks[0], walls[0], combat.receivers(walls[0]))
    assert spread == [(50, 50)]
    assert [game.current_lp(w) for w in walls[:2]] == [25, 35]
    (allocated,) = events(game, "allocate")
    assert allocated["player"] == 0  # the attacking Caster's


def test_allocations_that_break_the_rules_are_refused():
    """p. 28: multiples of 5; 5 to each Defender if possible; no overflow before each
    Defender has its current LP."""
    legal = Allocation(50, [20, 40], overflow=True)
    assert (20, 30, 0) in legal and (10, 40, 0) in legal
    assert (20, 40, -10) not in legal
    assert (0, 50, 0) not in legal  # a Defender without 5
    assert (20, 25, 5) not in legal  # overflow while the second Defender is short
    assert (22, 28, 0) not in legal  # not multiples of 5
    assert (20, 20, 0) not in legal and (20, 40, 5) not in legal  # not the Attack's Damage
    assert (5, 0) in Allocation(5, [30, 30], overflow=False)  # 5 to each is not possible
    exactly = Allocation(10, [30, 30], overflow=False)  # 5 to each is just possible
    assert (5, 5) in exactly and (10, 0) not in exactly


def test_type_advantage_and_aura_attack_advantage_add_20_each():
    """Type Advantages (p. 11, the README's Aura Wheel: Water beats Flame) and Aura Attack
    Advantage (p. 28): +20 each against the primary Defender's type."""
    game = started()
    otter = put(
        game,
        0,
        beastie(
            "Otter",
            damage=20,
            aura="water",
            attacks=[{"name": "Splash", "damage": 20, "advantage": "flame"}],
        ),
    )
    ember = put(game, 1, beastie("Ember", aura="flame"))
    plain = put(game, 1, beastie("Plain", aura="earth"))
    attack = otter.card.attacks[0]
    assert game.attack_damage(otter, attack, ember) == 60
    assert game.attack_damage(otter, attack, plain) == 40  # Water beats Earth too
    assert game.attack_damage(otter, attack, game.casters[1]) == 20


def test_terra_bonus_counts_once_while_its_terra_is_in_a_slot():
    """Terra Bonuses (p. 12-13): active while a Terra of its kind is in a slot; they do not
    stack."""
    game = started()
    kappa = put(
        game,
        0,
        beastie(
            "Kappa", aura="earth", attacks=[{"name": "Slam", "damage": 30, "terra": {"river": 20}}]
        ),
    )
    attack = kappa.card.attacks[0]
    assert game.attack_damage(kappa, attack, game.casters[1]) == 30
    river = card("River Terra", "Terra", terra="river", basic=True)
    for _ in range(2):
        game.contract_terra(game.casters[0], in_chapter(game, 0, river))
    assert game.attack_damage(kappa, attack, game.casters[1]) == 50


def test_tribal_boost_counts_every_other_beastie_of_the_tribe_of_any_caster():
    """Tribal Boost (p. 28): +10 LP and +10 Damage for each other Beastie of its Tribe in
    the Arena, whoever controls it."""
    game = started()
    cub = beastie("Cub", lp=40, damage=20, tribe="Sasquatch", tribal_boost=True)
    kin = beastie("Kin", lp=40, damage=20, tribe="Sasquatch")
    mine = put(game, 0, cub)
    kin_page = put(game, 0, kin)
    put(game, 1, kin)
    assert game.max_lp(mine) == 60
    assert game.attack_damage(mine, cub.attacks[0], game.casters[1]) == 40
    # a Beastie of the Tribe without Tribal Boost deals its printed Damage
    assert game.attack_damage(kin_page, kin.attacks[0], game.casters[1]) == 20


def test_first_strike_defender_strikes_first_and_can_destroy_the_attacker_before_it_hits():
    """Step 5 (p. 27): a First Strike primary Defender against an Attacker without it
    resolves first; step 6: the Attacker gone, Combat ends."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    frail = put(game, 0, beastie("Frail", lp=20, damage=50, aura="earth"))
    fox = put(game, 1, beastie("Fox", lp=60, damage=20, aura="earth", traits=["First Strike"]))
    fight(game, frail, fox)
    assert frail.zone == "limbo" and game.current_lp(fox) == 60
    assert events(game, "coin") == []  # a coin only when both have First Strike


def test_when_both_have_first_strike_the_attackers_coin_decides_who_strikes_first():
    """Step 5 (p. 27): "If both the Attacker and the primary Defender have the First-Strike
    Trait, the Attacker flips a coin. If heads, the Attacker resolves their Attack first. If
    tails, the Defender resolves their Attack first." """
    order = {}
    for heads in (True, False):
        game = started(Scripted(), Scripted(defenders=[[]]))
        coins(game, heads)
        hawk = put(
            game, 0, beastie("Hawk", lp=60, damage=10, aura="earth", traits=["First Strike"])
        )
        fox = put(game, 1, beastie("Fox", lp=60, damage=10, aura="earth", traits=["First Strike"]))
        fight(game, hawk, fox)
        order[heads] = [e["attacker"] == hawk.uid for e in events(game, "strike")]
        assert [(e["player"], e["why"]) for e in events(game, "coin")] == [(0, "first_strike")]
    assert order == {True: [True, False], False: [False, True]}


def test_a_trap_under_the_target_flips_and_joins_as_a_defender():
    """Trap Pages (p. 39-40): an Attack on a Page with a face-down Trap under it flips the
    Trap; Contracted (its Cost paid), a Beastie Trap becomes a Defender."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    eel = card(
        "Eel",
        "Beastie",
        aura_cost={},
        lp=60,
        traits=["Trap"],
        attacks=[{"name": "Shock", "damage": 30}],
    )
    host = put(game, 1, beastie("Host", lp=30, aura="earth"))
    trap = in_chapter(game, 1, eel)
    game.place_trap(game.casters[1], trap)
    game.move_trap(game.casters[1], trap, host)
    attacker = put(game, 0, beastie("Brute", damage=40, aura="earth"))
    fight(game, attacker, host)
    assert [e["page"] for e in events(game, "trap_flipped")] == [trap.uid]
    assert trap.zone == "arena"
    assert host.zone == "arena"  # the Eel defended: the Damage went to it
    assert game.current_lp(trap) == 20


def test_a_trap_left_uncontracted_goes_to_the_afterlife():
    """Contracting a Trap Page (p. 39): choosing not to: into the Afterlife."""
    game = started(Scripted(), Scripted(contract_trap=[False], defenders=[[]]))
    snare = card(
        "Snare",
        "Spell",
        aura_cost={},
        traits=["Trap"],
        effects=[{"when": "flipped", "do": "damage", "n": 40, "target": "attacker"}],
    )
    trap = in_chapter(game, 1, snare)
    game.place_trap(game.casters[1], trap)
    attacker = put(game, 0, beastie("Brute", damage=40))
    fight(game, attacker, trap)
    assert trap.zone == "afterlife" and game.current_lp(attacker) == 50


def test_a_contracted_trap_spell_hits_the_attacker():
    game = started(Scripted(), Scripted(defenders=[[]]))
    snare = card(
        "Snare",
        "Spell",
        aura_cost={},
        traits=["Trap"],
        effects=[{"when": "flipped", "do": "damage", "n": 40, "target": "attacker"}],
    )
    trap = in_chapter(game, 1, snare)
    game.place_trap(game.casters[1], trap)
    attacker = put(game, 0, beastie("Brute", lp=50, damage=40))
    fight(game, attacker, trap)
    assert trap.zone == "cemetery" and game.current_lp(attacker) == 10


def test_an_attack_is_declared_with_one_of_the_attackers_own_attacks():
    """Combat step 1 (p. 25): the attacking Beastie declares one of its Attacks; an Attack
    it does not have is no Action."""
    game = started()
    me, them = game.casters
    pup = put(game, 0, beastie("Pup"))
    options = game.actions(me)
    assert ("attack", pup, 0, them) in options
    assert ("attack", pup, 1, them) not in options
    assert ("attack", pup, -1, them) not in options


def _biter(name, **attack):
    return beastie(name, lp=60, aura="earth", attacks=[{"name": f"{name} Bite", **attack}])


def test_an_attacks_status_icon_is_inflicted_on_a_coin_and_no_coin_without_one():
    """Status Effects (p. 29; README rules notes): an Attack's Status icon is inflicted on the
    primary Defender on heads of a coin, not automatically; an Attack without one flips none."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    coins(game, False)
    stinger = put(game, 0, _biter("Stinger", damage=10, status="poison"))
    plain = put(game, 0, _biter("Plain", damage=10))
    hound = put(game, 1, _biter("Hound", damage=0))
    fight(game, stinger, hound)
    assert "poison" not in hound.statuses
    assert [e["why"] for e in events(game, "coin")] == ["inflict:poison"]
    fight(game, plain, hound)
    assert [e["why"] for e in events(game, "coin")] == ["inflict:poison"]


def test_an_attacks_effect_resolves_as_the_attack_resolves_and_says_so():
    """Resolving a chosen Attack (p. 28): the Attack's effects resolve, their targets chosen by
    the striking Beastie's Caster; the log's `trigger` says it came from an Attack."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    scorch = {"do": "damage", "n": 10, "target": "opposing_beastie"}
    drake = put(game, 0, _biter("Drake", damage=20, effects=[scorch]))
    hound = put(game, 1, _biter("Hound", damage=0))
    fight(game, drake, hound)
    (told,) = events(game, "trigger")
    assert (told["player"], told["page"], told["when"]) == (0, drake.uid, "attack")
    assert game.current_lp(hound) == 30


def test_an_attack_whose_receivers_are_all_gone_deals_no_damage():
    """Resolving a chosen Attack (p. 28): Damage is dealt to the Defenders there to receive it;
    a primary Defender its own Attack's effect destroyed first receives none, and nothing is
    allocated."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    scorch = {"do": "damage", "n": 60, "target": "opposing_beastie"}
    drake = put(game, 0, _biter("Drake", damage=20, effects=[scorch]))
    hound = put(game, 1, _biter("Hound", damage=0))
    fight(game, drake, hound)
    assert hound.zone == "limbo"
    assert events(game, "allocate") == [] and game.casters[1].lp == 1000


def test_type_advantage_counts_in_combat_against_the_primary_defender():
    """Type Advantages (p. 11: Water beats Flame) and Aura Attack Advantage (p. 28) as an
    Attack resolves: +20 each against the primary Defender."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    splash = {"name": "Splash", "damage": 20, "advantage": "flame"}
    otter = put(game, 0, beastie("Otter", aura="water", attacks=[splash]))
    ember = put(game, 1, beastie("Ember", lp=100, aura="flame", attacks=[]))
    fight(game, otter, ember)
    assert game.current_lp(ember) == 40


def test_stoneskin_takes_10_less_damage_from_each_attack():
    """Stoneskin (docs/rules/metazoo.md, Traits): 10 less Damage from each Attack, never
    below 0. The log's `damage` names the striking Beastie and says it was an Attack."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    drake = put(game, 0, _biter("Drake", damage=30))
    gnat = put(game, 0, _biter("Gnat", damage=5))
    rock = put(game, 1, beastie("Rock", lp=60, aura="earth", traits=["Stoneskin"], attacks=[]))
    fight(game, drake, rock)
    fight(game, gnat, rock)
    assert game.current_lp(rock) == 40
    (dealt,) = events(game, "damage")
    assert (dealt["target"], dealt["amount"], dealt["source"], dealt["why"]) == (
        rock.uid, 20, drake.uid, "attack",
    )  # fmt: skip


def test_an_arena_damage_bonus_counts_for_its_casters_beasties_while_it_has_its_text():
    """ARENA effects (the vocabulary's damage_bonus: "the Beasties you control deal +n Damage
    on their Attacks"); Paralyze removes the Effect text box (p. 29, README rules notes)."""
    game = started()
    drum = {"when": "arena", "do": "damage_bonus", "n": 10}
    banner = put(game, 0, card("War Drum", "Artifact", aura_cost={}, lp=20, effects=[drum]))
    pup = put(game, 0, _biter("Pup", damage=20))
    hound = put(game, 1, _biter("Hound", damage=20))
    attack = pup.card.attacks[0]
    assert game.attack_base(pup, attack) == 30
    assert game.attack_base(hound, hound.card.attacks[0]) == 20  # not the opponent's
    banner.statuses["paralyze"] = game.turn
    assert game.attack_base(pup, attack) == 20


def test_a_confused_attacker_flips_a_coin_and_on_tails_its_attack_does_nothing():
    """docs/rules/metazoo.md (Status Effects): Confusion, "a coin as it Attacks, tails and the
    Attack does nothing"; heads, it goes on."""
    game = started(Scripted(), Scripted(defenders=[[], []]))
    coins(game, False, True)
    dizzy = put(game, 0, _biter("Dizzy", damage=20))
    dizzy.statuses["confusion"] = game.turn
    them = game.casters[1]
    fight(game, dizzy, them)
    assert them.lp == 1000
    assert [(e["player"], e["attacker"]) for e in events(game, "confused")] == [(0, dizzy.uid)]
    dizzy.fatigued = False
    fight(game, dizzy, them)
    assert them.lp == 980
    assert [e["why"] for e in events(game, "coin")] == ["confusion", "confusion"]


def test_a_burned_or_poisoned_beastie_may_defend_and_a_scared_or_sleeping_one_may_not():
    """Combat step 4 (p. 27): Awakened Beasties may be declared Defenders; the rules notes
    (docs/rules/metazoo.md, Status Effects) keep Paralyzed, Sleeping and Scared ones from
    defending, and no other Status."""
    offered = []

    def defenders(game, decision):
        offered.extend(decision.options)
        return []

    game = started(Scripted(), Scripted(defenders=[defenders]))
    drake = put(game, 0, _biter("Drake", damage=10))
    pages = {}
    for status in ("burn", "poison", "scared", "sleep", "paralyze"):
        pages[status] = put(game, 1, _biter(status.title(), damage=0))
        pages[status].statuses[status] = 1 if status == "poison" else game.turn
    fight(game, drake, game.casters[1])
    assert offered == [pages["burn"], pages["poison"]]


def test_only_a_flight_beastie_may_defend_against_a_flight_attacker():
    """docs/rules/metazoo.md (Traits): "Flight: only Flight Beasties may defend against a Flight
    Attacker"; against an Attacker without Flight any Awakened Beastie may."""
    offered = []

    def defenders(game, decision):
        offered.append(list(decision.options))
        return []

    game = started(Scripted(), Scripted(defenders=[defenders, defenders]))
    bat = put(game, 0, beastie("Bat", damage=10, traits=["Flight"]))
    mole = put(game, 0, beastie("Mole", damage=10))
    owl = put(game, 1, beastie("Owl", damage=0, traits=["Flight"]))
    toad = put(game, 1, beastie("Toad", damage=0))
    fight(game, bat, game.casters[1])
    fight(game, mole, game.casters[1])
    assert offered == [[owl], [owl, toad]]


def test_a_sleeping_target_is_the_primary_defender_without_an_attack_and_a_burned_one_strikes():
    """Step 4 (p. 27): with no Defenders the original target is the primary Defender "and an
    Attack on the original target must be declared for use"; a Sleeping or Paralyzed Beastie
    may not use one (docs/rules/metazoo.md, Status Effects); a Burned one may."""
    struck = {}
    for status in ("sleep", "burn"):
        game = started(Scripted(), Scripted(defenders=[[]]))
        pup = put(game, 0, _biter("Pup", damage=10))
        hound = put(game, 1, _biter("Hound", damage=20))
        hound.statuses[status] = game.turn
        fight(game, pup, hound)
        struck[status] = [e["attacker"] == hound.uid for e in events(game, "strike")]
        assert events(game, "defend")[0]["primary"] == hound.uid
    assert struck == {"sleep": [False], "burn": [False, True]}  # the Pup, then the Hound


def test_the_defending_caster_chooses_the_primary_defender_and_its_attack():
    """Step 4 (p. 27): having declared Defenders, their Caster selects "only one Attack on one
    of the Defenders to use", and that Defender becomes the primary Defender."""
    second = []

    def primary(game, decision):
        second.append(decision.options)
        return decision.options[1]

    theirs = Scripted(defenders=[lambda g, d: list(d.options)], primary=[primary])
    game = started(Scripted(), theirs)
    drake = put(game, 0, _biter("Drake", damage=10))
    put(game, 1, _biter("Ox", damage=10))
    yak = put(game, 1, _biter("Yak", damage=20))
    fight(game, drake, game.casters[1])
    assert len(second[0]) == 2
    (declared,) = events(game, "defend")
    assert declared["primary"] == yak.uid
    assert game.current_lp(drake) == 40  # the Yak's Attack, not the Ox's


def test_combat_ends_when_the_primary_defender_is_gone_before_the_second_attack():
    """Step 6 (p. 27-28): after the first Attack resolves, "If there are no Defending
    Pages/primary Defender left in the Arena, Combat ends": a First Strike Defender its own
    Attack's effect destroyed leaves the Attacker nothing to strike, so the Attacker's Attack,
    effects and all, does not resolve."""
    game = started(Scripted(), Scripted(defenders=[[]]))
    recoil = {"do": "damage", "n": 60, "target": "self"}
    fox = put(game, 1, _biter("Fox", damage=10, effects=[recoil]))
    fox.granted.add("First Strike")
    jab = {"do": "damage", "n": 10, "target": "opposing_caster"}
    hawk = put(game, 0, _biter("Hawk", damage=10, effects=[jab]))
    fight(game, hawk, fox)
    assert fox.zone == "limbo"
    assert [e["attacker"] for e in events(game, "strike")] == [fox.uid]
    assert game.casters[1].lp == 1000
