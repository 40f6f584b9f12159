"""How the engine plays each of the Card Building Guide's components, keyed by its text.

Every component the parser reads maps here to a small instruction (an operation name and who
chooses); the engine plays a card from these alone, with the variables the card chose, and no
code per card. A component missing from these tables is not played, and every card carrying it
lists it as unplayable in every result (rulebook.keeper.engine.cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from rulebook.keeper.components import BY_KEY, Component, Kind
from rulebook.keeper.templates import normalise

ME, OPPONENT, RANDOM = "me", "opponent", "random"
CHOSEN_PLAYER = "chosen player"  # "one player of your choice", who may be yourself


@dataclass(frozen=True, slots=True)
class Payment:
    """Something a player must do or give up: a caveat's requirement or an activation cost.

    `op` names what (rulebook.keeper.engine.game.Game.pay), `chooser` who picks the cards (the
    paying player, an opponent of their choice, or chance) and `others` whether the card itself
    is excluded ("your other creatures").
    """

    op: str
    chooser: str = ME
    others: bool = False


@dataclass(frozen=True, slots=True)
class Restriction:
    """A caveat that forbids rather than costs (rulebook, "Creatures")."""

    cannot_attack: bool = False
    cannot_defend: bool = False
    destroyed_if_idle: bool = False  # unexhausted at the end of its own Battle Phase


@dataclass(frozen=True, slots=True)
class Selection:
    """A target selection (guide, "Target Selections"; rulebook, "Target" ruling).

    `zone` is where the targets are, `side` whose zone ("mine", "theirs", "one player" chosen by
    the caster, or "any" for cards in play on both sides), `chooser` who picks them.
    """

    zone: str
    side: str
    chooser: str = ME
    with_counters: bool = False  # "with at least [y] counters"
    exhausted_only: bool = False
    look: bool = False  # "look at exactly [x] cards ... target up to [y]": exactly x, or nothing


_SUMMON = " to summon this creature."
_USE = " to attack with, defend with, or use an ability of this creature."
_OPP = " chosen by an opponent of your choice"

# Activation costs (rulebook, "Creature Abilities": paid at the moment of activation). The
# caveats that cost something say the same in the guide's other wording ("You must destroy [x]
# of your resources to summon this creature."), so they are read from this table too.
_ACTIVATION_COSTS = {
    "Remove [x] counters from this card.": ("remove_counters", ME),
    "Exhaust [x] of your resources.": ("exhaust_resources", ME),
    "Exhaust [x] of your unexhausted creatures in play.": ("exhaust_creatures", ME),
    f"Exhaust [x] of your unexhausted creatures in play{_OPP}.": ("exhaust_creatures", OPPONENT),
    "Sacrifice [x] random cards in your hand.": ("sacrifice_hand", RANDOM),
    "Sacrifice [x] cards in play.": ("sacrifice_in_play", ME),
    f"Sacrifice [x] cards in play{_OPP}.": ("sacrifice_in_play", OPPONENT),
    "Destroy [x] random cards in your hand.": ("destroy_hand", RANDOM),
    "Destroy [x] of your cards in play.": ("destroy_in_play", ME),
    f"Destroy [x] of your cards in play{_OPP}.": ("destroy_in_play", OPPONENT),
    "Destroy [x] of your resources.": ("destroy_resources", ME),
    f"Destroy [x] of your resources{_OPP}.": ("destroy_resources", OPPONENT),
    "Pay [x] hitpoints.": ("pay_hitpoints", ME),
    "Sacrifice [x] cards on the top of your deck.": ("sacrifice_deck", ME),
    "Destroy [x] cards on the top of your deck.": ("destroy_deck", ME),
}

RESTRICTIONS = {
    "This creature cannot attack.": Restriction(cannot_attack=True),
    "This creature cannot defend.": Restriction(cannot_defend=True),
    "This creature cannot attack or defend.": Restriction(cannot_attack=True, cannot_defend=True),
    "If this in-play creature is unexhausted at the end of your own Battle Phase, destroy this "
    "creature.": Restriction(destroyed_if_idle=True),
}

# Activation conditions (rulebook, "Creature Abilities"), as the signals a game event raises.
CONDITIONS = {
    "Activate when this card is damaged, but not destroyed.": "self_damaged",
    "Activate when this in-play card is destroyed.": "self_destroyed",
    "Activate when at least [x] of your cards in play (excluding this card) are damaged, but not "
    "destroyed.": "others_damaged",
    "Activate when at least [x] of your cards in play (excluding this card) are destroyed.": (
        "others_destroyed"
    ),
    "Activate when at least [x] cards in your hand are destroyed.": "hand_destroyed",
    "Activate when at least [x] cards in your deck are destroyed.": "deck_destroyed",
    "Activate when your cards in play take a total of at least [x] damage.": "in_play_damage",
    "Activate when you take at least [x] damage.": "player_damage",
}

SELECTIONS = {
    "Target this card.": Selection("self", "mine"),
    "Target up to [x] cards in play.": Selection("play", "any"),
    "Target up to [x] cards in play with at least [y] counters.": Selection(
        "play", "any", with_counters=True
    ),
    "Target up to [x] of your resources.": Selection("resources", "mine"),
    "Target up to [x] exhausted cards in play.": Selection("play", "any", exhausted_only=True),
    "Target up to [x] cards in play selected by an opponent of your choice.": Selection(
        "play", "any", OPPONENT
    ),
    "Target up to [x] cards in your hand.": Selection("hand", "mine"),
    "Show all cards in your hand to one player of your choice and target up to [x] cards in your "
    "hand selected by that player.": Selection("hand", "mine", CHOSEN_PLAYER),
    "Target up to [x] cards in one player's hand randomly.": Selection("hand", "one", RANDOM),
    "Target up to [x] cards in one opponent's hand selected by that player.": Selection(
        "hand", "theirs", OPPONENT
    ),
    "Target up to [x] cards on the top of one player's deck.": Selection("deck", "one"),
    "Have one opponent look at exactly [x] cards on top of your deck and target up to [y] of "
    "those cards selected by that player.": Selection("deck", "mine", OPPONENT, look=True),
    "Have one opponent look at exactly [x] cards on top of their own deck and target up to [y] of "
    "those cards selected by that player.": Selection("deck", "theirs", OPPONENT, look=True),
    "Target up to [x] cards in one player's graveyard randomly.": Selection(
        "graveyard", "one", RANDOM
    ),
    "Show all cards in your graveyard to an opponent of your choice and target up to [x] cards in "
    "your graveyard selected by that player.": Selection("graveyard", "mine", OPPONENT),
    "Target up to [x] cards in one opponent's graveyard selected by that player.": Selection(
        "graveyard", "theirs", OPPONENT
    ),
    "Target up to [x] cards in your graveyard.": Selection("graveyard", "mine"),
}

# Effects by operation (rulebook.keeper.engine.effects), and whether they hurt what they target:
# a player aims hostile effects at the opponent's cards and the others at their own.
EFFECTS = {
    "Place [x] counters on each target.": ("counters", False),
    "Remove up to [x] counters from each target.": ("remove_counters", True),
    "Place [x] offense counters on each target; you can remove an offense counter from a card at "
    "any time to increase its offense by 1.": ("offense_counters", False),
    "Place [x] defense counters on each target; you can remove a defense counter from a card at "
    "any time to increase its defense by 5.": ("defense_counters", False),
    "Place [x] weakness counters on each target; you can remove a weakness counter from a card at "
    "any time to decrease its offense by 1.": ("weakness_counters", True),
    "Place [x] damage counters on each target; you can remove a damage counter from a card at any "
    "time to roll a six-sided die and inflict damage to it equal to the result.": (
        "damage_counters",
        True,
    ),
    "Place [x] exhaustion counters on each target; you can remove an exhaustion counter from a "
    "card at any time to exhaust it.": ("exhaustion_counters", True),
    "Place [x] dice counters on each target; you can remove a dice counter from a card at any "
    "time to re-roll any one die.": ("dice_counters", False),
    "Place [x] immortality counters on each target; you can remove an immortality counter from a "
    "creature at any time to prevent it from being destroyed or moved to another zone by an "
    "effect that would explicitly do so.": ("immortality_counters", False),
    "See all targets.": ("see", False),
    "Exhaust all targets.": ("exhaust", True),
    "Send all targets to the resource zone of their owners (exhausted).": ("to_resources", True),
    "Destroy all targets.": ("destroy", True),
    "Increase targets' offense by a total of [x].": ("offense_up", False),
    "Increase targets' defense by a total of [x].": ("defense_up", False),
    "Decrease targets' offense by a total of [x].": ("offense_down", True),
    "Roll [x] six-sided dice and inflict the result of each die as damage to one target.": (
        "dice_damage",
        True,
    ),
    "Reveal all targets, then summon or cast any number of targets that are not in play (paying "
    "the usual costs).": ("summon", False),
    "Switch control of each target in-play creature to a different player of your choice until "
    "the end of this turn.": ("switch_control", True),
    "Place all targets on top of owner's deck in any order.": ("to_deck", True),
    "Draw [x] cards.": ("draw", False),
    "All players draw [x] cards.": ("all_draw", False),
    "Increase your hitpoints by [x].": ("heal", False),
    "Roll [x] six-sided dice and increase your hitpoints by the result.": ("dice_heal", False),
    "Roll [x] six-sided dice and increase your hitpoints by the result, then roll [x] six-sided "
    "dice and increase the hitpoints of one opponent by the result.": ("dice_heal_both", False),
    "Roll [x] six-sided dice and inflict the result as damage to yourself, then roll [x] six-sided "
    "dice and inflict the result as damage to any one player.": ("dice_duel", False),
    "You may re-roll up to [x] dice for the rest of this turn up to [y] times each.": (
        "rerolls",
        False,
    ),
    "Target in-play cards will not be unexhausted during this turn's Recovery Phase.": (
        "stay_exhausted",
        True,
    ),
    "Inflict a total of [x] damage to targets.": ("total_damage", True),
    "Inflict [x] damage to any one player.": ("player_damage", False),
}


_Play = TypeVar("_Play")  # what a table gives a text: a restriction, a condition, an effect...


def _keyed(table: dict[str, _Play], suffix: str = "") -> dict[str, _Play]:
    """The table by component key; KeyError if a text is not one of the guide's components."""
    keyed = {}
    for text, play in table.items():
        key = normalise(text + suffix)
        if key not in BY_KEY:
            raise KeyError(f"not a component of the guide: {text + suffix!r}")
        keyed[key] = play
    return keyed


ACTIVATION_COSTS = {
    key: Payment(op, chooser) for key, (op, chooser) in _keyed(_ACTIVATION_COSTS).items()
}


def _caveat_payments(suffix: str) -> dict[str, Payment]:
    """The caveats that demand what an activation cost does: "You must <cost> to summon this
    creature." or "... to attack with, defend with, or use an ability of this creature.", the
    latter sometimes of "your other" creatures or cards (not this one)."""
    found = {}
    for text, (op, chooser) in _ACTIVATION_COSTS.items():
        for wording in (text, text.replace("of your ", "of your other ", 1)):
            key = normalise(f"You must {wording[:-1]}{suffix}")  # normalise lower-cases
            component = BY_KEY.get(key)
            if component is not None and component.kind == Kind.CAVEAT:
                # To attack with, defend with or use an ability of this creature it must still
                # be in play: it never sacrifices itself to pay for acting. (Nor destroys itself:
                # the guide's caveats that destroy for acting all say "your other".)
                acting = suffix == _USE and op == "sacrifice_in_play"
                found[key] = Payment(op, chooser, others=wording != text or acting)
    return found


CAVEAT_PAYMENTS = _caveat_payments(_SUMMON)
USE_PAYMENTS = _caveat_payments(_USE)
RESTRICTIONS_BY_KEY = _keyed(RESTRICTIONS)
CONDITIONS_BY_KEY = _keyed(CONDITIONS)
SELECTIONS_BY_KEY = _keyed(SELECTIONS)
EFFECTS_BY_KEY = _keyed(EFFECTS)

PLAYED_KEYS = frozenset(
    {
        *CAVEAT_PAYMENTS,
        *USE_PAYMENTS,
        *ACTIVATION_COSTS,
        *RESTRICTIONS_BY_KEY,
        *CONDITIONS_BY_KEY,
        *SELECTIONS_BY_KEY,
        *EFFECTS_BY_KEY,
    }
)


def is_played(component: Component) -> bool:
    """Whether the engine plays this component of the guide."""
    return component.template.key in PLAYED_KEYS
