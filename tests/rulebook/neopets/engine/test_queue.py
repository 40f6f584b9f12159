"""The queue and priority (CR 8.11, 8.20.15), played through the v1.2 rulebook's examples."""

from rulebook.neopets.engine.cards import EngineCard

from .builders import (
    Scripted,
    codestone,
    deck_of,
    empty_inventories,
    faces,
    filler,
    game_between,
    sample_card,
)


def two_players(policies=None):
    game = game_between(deck_of(filler()), policies=policies)
    empty_inventories(game)
    return game, game.sides[0], game.sides[1]


def at_level(side, level):
    side.codestones = [EngineCard(codestone(f"Stone {i}")) for i in range(level)]
    side.refresh()


def test_it_lets_the_opponent_negate_korbat_defender_with_hot_dog_of_justice():
    """Rulebook example two: Hot Dog of Justice negates Korbat Defender's draw; Korbat Defender
    still goes to the Discard and the Food to the Void (CR 7.8.6, 8.20.6a)."""
    game, me, opponent = two_players()
    at_level(me, 2)
    korbat, justice = sample_card("Korbat Defender"), sample_card("Hot Dog of Justice")
    me.take(korbat)
    opponent.take(justice)
    game.play_card(me, korbat, me.inventory)
    assert me.inventory == []  # no cards drawn
    assert me.discard == [korbat]
    assert opponent.void == [justice] and opponent.foods == []


def test_it_gives_priority_back_so_a_negation_can_itself_be_negated():
    """CR 8.20.15a: after the opponent's Hot Dog of Justice, the player who played Korbat
    Defender gets priority again and negates it with their own; Korbat Defender resolves."""
    game, me, opponent = two_players()
    at_level(me, 2)
    korbat = sample_card("Korbat Defender")
    me.take(korbat)
    me.take(sample_card("Hot Dog of Justice"))
    opponent.take(sample_card("Hot Dog of Justice"))
    game.play_card(me, korbat, me.inventory)
    assert len(me.inventory) == 2  # drew two
    assert [card.name for card in me.void] == ["Hot Dog of Justice"]
    assert [card.name for card in opponent.void] == ["Hot Dog of Justice"]


def test_it_resolves_korbat_defender_when_nobody_responds():
    """Rulebook example one: both pass, Korbat Defender resolves: draw two cards."""
    game, me, _ = two_players()
    at_level(me, 2)
    korbat = sample_card("Korbat Defender")
    me.take(korbat)
    game.play_card(me, korbat, me.inventory)
    assert len(me.inventory) == 2 and me.discard == [korbat]


def exploding_potion_rolling_a_2():
    """Rulebook example five: Exploding Potion played, its die a 2, Teeny Hot Dog in hand."""
    game, me, opponent = two_players()
    at_level(me, 1)
    potion, teeny = sample_card("Exploding Potion"), sample_card("Teeny Hot Dog")
    me.take(potion)
    me.take(teeny)
    game.chance.random = faces(2)
    game.play_card(me, potion, me.inventory)
    return game, me, opponent, potion, teeny


def test_it_rolls_exploding_potion_dice_on_entering_the_queue_so_teeny_hot_dog_can_change_them():
    """Rulebook example five / CR 7.7.4: the 2 rolled becomes a 6 and deals 2 damage."""
    _, me, opponent, potion, teeny = exploding_potion_rolling_a_2()
    assert opponent.damage == 2
    assert me.void == [teeny] and me.discard == [potion]


def test_the_log_records_the_exploding_potion_roll_and_what_changed_it():
    """CR 7.7.4: the dice rolled as the Potion enters the queue are in the log (every die
    rolled is), and so is the Teeny Hot Dog's change to them."""
    game, _, opponent, _, _ = exploding_potion_rolling_a_2()
    events = [e for e in game.log if e["event"] in ("roll", "set_die", "damage")]
    assert events == [
        {"turn": 0, "player": 0, "event": "roll", "card": "Exploding Potion", "dice": [2]},
        {"turn": 0, "player": 0, "event": "set_die", "die": 0, "face": 6},
        {"turn": 0, "player": 1, "event": "damage", "amount": 2, "total": 2, "hp": opponent.hp},
    ]


def test_it_plays_siona_from_the_discard_with_vira_before_vira_leaves_the_queue():
    """Rulebook example four: Vira plays Siona from the Discard; Siona adds Korbat Defender and
    Usul Defender (not Vira, still on the queue) to the Inventory; Siona, then Vira, go to the
    Discard (CR 8.20.15e, 9.1)."""
    pick_siona = Scripted(
        choose_cards=lambda game, decision, purpose: (
            [c for c in decision.options if c.name == "Siona"]
            if purpose == "replay"
            else sorted(decision.options, key=lambda c: c.name)[: decision.most]
        )
    )
    game, me, _ = two_players(policies=(pick_siona, Scripted()))
    at_level(me, 3)
    vira = sample_card("Vira")
    me.discard = [sample_card(name) for name in ("Siona", "Korbat Defender", "Usul Defender")]
    me.take(vira)
    game.play_card(me, vira, me.inventory)
    assert sorted(card.name for card in me.inventory) == ["Korbat Defender", "Usul Defender"]
    assert [card.name for card in me.discard] == ["Siona", "Vira"]
    assert me.plays == {"Vira": 1, "Siona": 1}


def test_it_searches_for_cards_containing_the_name_but_not_other_cards():
    """CR 9.9.1: Hubert finds "Hot Dog" or "Hubert's Special Hot Dog", never another Hubert."""
    seen = []

    def choose(game, decision, purpose):
        seen.extend(card.name for card in decision.options)
        return decision.options[: decision.most]

    game, me, _ = two_players(policies=(Scripted(choose_cards=choose), Scripted()))
    hubert = sample_card("Hubert")
    me.deck = [sample_card(name) for name in ("Hubert", "Hot Dog", "Hubert's Special Hot Dog")]
    me.take(hubert)
    game.play_card(me, hubert, me.inventory)
    assert sorted(seen) == ["Hot Dog", "Hubert's Special Hot Dog"]
    assert len(me.inventory) == 1 and len(me.deck) == 2


def test_it_sends_a_negated_equipment_to_the_discard_instead_of_a_slot():
    """CR 8.20.6a: a negated card does not resolve."""
    negate = Scripted(choose_food=lambda game, decision, window: decision.options[0])
    game, me, opponent = two_players(policies=(Scripted(), negate))
    at_level(me, 3)
    gauntlet, justice = sample_card("Battle Gauntlet"), sample_card("Hot Dog of Justice")
    me.take(gauntlet)
    opponent.take(justice)
    game.play_card(me, gauntlet, me.inventory)
    assert me.equipment == [] and me.discard == [gauntlet]
    told = [(e["event"], e["player"], e["card"], e.get("to")) for e in game.log[-3:]]
    assert told == [  # the Food put away to the Void (CR 7.8.6), the Equipment negated
        ("put_away", opponent.index, "Hot Dog of Justice", "void"),
        ("negated", me.index, "Battle Gauntlet", None),
        ("put_away", me.index, "Battle Gauntlet", "discard"),
    ]


def test_priority_passes_to_the_opponent_when_the_player_has_no_food_of_their_level():
    """CR 8.20.15a: the player who put Korbat Defender on the queue gets priority first, then
    the opponent; holding only a Frozen Negg (level 3) at level 2, the player passes, and the
    opponent still negates it with Hot Dog of Justice."""
    game, me, opponent = two_players()
    at_level(me, 2)
    korbat, negg = sample_card("Korbat Defender"), sample_card("Frozen Negg")
    me.take(korbat)
    me.take(negg)
    opponent.take(sample_card("Hot Dog of Justice"))
    game.play_card(me, korbat, me.inventory)
    assert me.inventory == [negg]  # nothing drawn
    assert me.discard == [korbat] and opponent.foods == []


def test_a_name_typed_with_a_no_break_space_or_an_accent_is_the_name():
    """CR 9.9.1 compares names ignoring case and punctuation: a user-made card named with a
    no-break space or a curly apostrophe is found like the plain name, and an accented
    letter is a letter, not punctuation to drop."""
    from rulebook.neopets.engine.cards import plain_name

    assert plain_name("Hot\u00a0Dogs") == plain_name("hot dog")
    assert plain_name("Hubert\u2019s Special Hot Dog") == plain_name("Huberts Special Hot Dog")
    assert plain_name("Crème Brûlée") != plain_name("Crm Brle")
