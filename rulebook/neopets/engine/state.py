"""The state of a game, at the bottom of the engine: each player's side (zones, the active
Neopet and its current stats) and the queue's items; and the two interfaces on it that the
layers above share: the view of a game a policy reads (`GameView`) and the decisions a policy
makes (`Policy`), each asked as a `Decision` (rulebook.core.decisions) of one of the kinds below,
whose options the game computes.

The engine's modules import downwards only: cards and dice; this state; the rules' actions on
it (actions.py); the policies reading a view of it (policy.py); the game loop on top (game.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rulebook.core import views
from rulebook.core.chance import Chance
from rulebook.core.decisions import Decision
from rulebook.neopets.cards import CODESTONE, FOOD, RAINBOW_POOL_NEOPET

from .cards import AGILITY, ATTACK, DEFENCE, HP, Effect, EngineCard, EngineDeck

STAT_CAP = 10  # CR 6.2.4: Attack, Defence and Agility never exceed 10


class Side:
    """A player's zones and Neopet.

    The Main Deck is shuffled lazily: its order is never fixed, and each card taken from its top
    is drawn at random from the cards left, which is exactly what taking the top card of a
    shuffled deck is ("Setting Up the Game"; 8.20.9d) - and far cheaper than shuffling fifty
    cards several times a game.
    """

    __slots__ = (
        "_opponent",
        "active",
        "agility",
        "attack",
        "codestones",
        "damage",
        "deck",
        "defence",
        "discard",
        "equipment",
        "extra_attack_dice",
        "extra_defence_dice",
        "faerie",
        "foods",
        "frozen",
        "halves_damage",
        "hp",
        "index",
        "inventory",
        "location",
        "map_pieces",
        "mods",
        "neopets",
        "plays",
        "rainbow_pool",
        "raw",
        "rerolls",
        "round_results",
        "stones",
        "triggers",
        "void",
    )

    def __init__(self, index: int, deck: EngineDeck) -> None:
        self.index = index
        self.deck: list[EngineCard] = list(deck.main)
        self.inventory: list[EngineCard] = []
        self.foods: list[EngineCard] = []  # the Inventory's Food: no Food, no priority window
        self.stones = 0  # Codestones in the Inventory: a Train Phase is skipped without one
        self.discard: list[EngineCard] = []
        self.void: list[EngineCard] = []
        self.neopets: list[EngineCard] = list(deck.neopets)
        self.rainbow_pool: list[EngineCard] = list(deck.rainbow_pool)
        self.round_results: list[EngineCard] = []
        self.active: EngineCard | None = None
        self.damage = 0
        self.frozen = False
        self.codestones: list[EngineCard] = []
        self.equipment: list[EngineCard] = []
        self.faerie: EngineCard | None = None  # the one Faerie, Hero or Villain (CR 7.3.7)
        self.location: EngineCard | None = None  # the one Location (CR 7.9.7)
        self.map_pieces: list[EngineCard] = []
        self.mods: list[tuple[int, int, str]] = []  # (stat, change, until) on this Neopet
        self.plays: dict[str, int] = {}
        # private: a bot is handed its own side as it is, so no public door on it may lead to
        # the other side's hidden cards (rulebook.core.views); bots reach the other side
        # through their view's `sides`
        self._opponent: Side = self
        # The stats (hp, attack, ...; raw: before the cap), extra dice, rerolls, whether damage
        # is halved and whether a card in play has a triggered ability: always what `refresh`
        # computes from the cards, from the start (no Neopet yet: none of them).
        self.refresh()

    @property
    def level(self) -> int:
        """The Neopet's level is the number of Codestones attached (v1.2 rulebook, Codestones)."""
        return len(self.codestones)

    def in_play(self) -> list[EngineCard]:
        """The Neopet and the cards whose abilities apply: Equipment, Faerie, Location."""
        cards = [*self.equipment]
        if self.active is not None:
            cards.append(self.active)
        if self.faerie is not None:
            cards.append(self.faerie)
        if self.location is not None:
            cards.append(self.location)
        return cards

    def paint_target(self, brush: EngineCard) -> EngineCard | None:
        """The Rainbow Pool Neopet this Paint Brush would turn the active Neopet into."""
        species = self.active.species  # type: ignore[union-attr]  # asked only while one is active
        for card in self.rainbow_pool:
            if (
                card.type == RAINBOW_POOL_NEOPET
                and card.species == species
                and card.paint_brush == brush.name
            ):
                return card
        return None

    def top_card(self, chance: Chance) -> EngineCard:
        """Take the top card of the (lazily shuffled) Main Deck, which must not be empty: a card
        at random of those left (Chance.take)."""
        return chance.take(self.deck)

    def take(self, card: EngineCard) -> None:
        """Put a card into the Inventory."""
        self.inventory.append(card)
        if card.type == FOOD:
            self.foods.append(card)
        elif card.type == CODESTONE:
            self.stones += 1

    def give(self, card: EngineCard) -> None:
        """Take a card out of the Inventory (to play, discard or shuffle it away)."""
        self.inventory.remove(card)
        if card.type == FOOD:
            self.foods.remove(card)
        elif card.type == CODESTONE:
            self.stones -= 1

    def refresh(self) -> None:
        """Recompute the Neopet's stats: printed base plus Codestone boosts (CR 6.2.2), plus
        passive abilities and temporary changes (6.2.3), Attack/Defence/Agility capped (6.2.4)."""
        hp, attack, defence, agility = self.active.stats if self.active else (0, 0, 0, 0)
        for stone in self.codestones:
            boost = stone.boost
            hp += boost[HP]
            attack += boost[ATTACK]
            defence += boost[DEFENCE]
            agility += boost[AGILITY]
        stats = [hp, attack, defence, agility]
        self.extra_attack_dice = self.extra_defence_dice = self.rerolls = 0
        self.halves_damage = triggers = False
        for card in self.in_play():
            triggers = triggers or card.triggers
            for effect in card.passive:
                if not effect.to_opponent:
                    self._apply_passive(effect, stats)
        for card in self._opponent.in_play():
            if card.hits_opponent:
                for effect in card.passive:
                    if effect.to_opponent:
                        self._apply_passive(effect, stats)
        self.triggers = triggers
        for stat, change, _until in self.mods:
            stats[stat] += change
        self.raw = stats
        self._set_stats()

    def attach(self, stone: EngineCard) -> None:
        """Attach a Codestone (CR 7.11.3); its printed boost adds to the stats (6.2.2)."""
        self.codestones.append(stone)
        raw = self.raw
        hp, attack, defence, agility = stone.boost
        raw[HP] += hp
        raw[ATTACK] += attack
        raw[DEFENCE] += defence
        raw[AGILITY] += agility
        self._set_stats()

    def _set_stats(self) -> None:
        """The stats from their uncapped totals: Attack, Defence, Agility at most 10 (6.2.4)."""
        raw = self.raw
        self.hp = raw[HP]
        self.attack = _capped(raw[ATTACK])
        self.defence = _capped(raw[DEFENCE])
        self.agility = _capped(raw[AGILITY])

    def _apply_passive(self, effect: Effect, stats: list[int]) -> None:
        action = effect.do
        if action == "stat":
            stats[effect.stat] += effect.by
        elif action == "reroll":
            self.rerolls += effect.n  # type: ignore[operator]  # a passive n is a number, never D3
        elif action == "extra_dice" and effect.step == "attack":
            self.extra_attack_dice += effect.n  # type: ignore[operator]  # a passive n is a number, never D3
        elif action == "extra_dice":
            self.extra_defence_dice += effect.n  # type: ignore[operator]  # a passive n is a number, never D3
        elif action == "halve_damage":
            self.halves_damage = True


def _capped(value: int) -> int:
    """CR 6.2.4: at most 10; and a stat below 0 rolls no dice, so it counts as 0."""
    return STAT_CAP if value > STAT_CAP else value if value > 0 else 0


class QueueItem:
    """A played card or a triggered ability on the queue (CR 8.11.1): the card (for a trigger,
    its source), the effects that resolve, and any dice rolled as it entered (CR 7.7.4)."""

    __slots__ = ("card", "dice", "effects", "negated", "owner", "triggered")

    def __init__(
        self,
        card: EngineCard,
        owner: Side,
        dice: list[int] | None,
        effects: tuple[Effect, ...],
        triggered: bool = False,
    ) -> None:
        self.card = card
        self.owner = owner
        self.dice = dice
        self.effects = effects
        self.triggered = triggered
        self.negated = False


class GameView(Protocol):
    """What a policy may read of a game in progress (a Game is one)."""

    sides: tuple[Side, Side]
    queue: list[QueueItem]
    rolls: list[list[int] | None]  # each side's battle dice, while a battle is on
    active: int  # whose turn it is


# The priority windows in which a player may play Food (CR 7.8.3).
PREPARATION = "preparation"  # the active player's Preparation Phase (Food is offered as a play)
RESPOND = "respond"  # a card was played or an ability triggered (CR 8.16.4, 8.20.15)
BATTLE = "battle"  # the final battle dice are known (CR 5.5.7c)


# The kinds of decision a player makes, each answered by the Policy method named beside it.
FIRST_TURN = "first_turn"  # take_first_turn: yes or no
MULLIGAN = "mulligan"  # mulligan: yes or no
NEOPET = "neopet"  # choose_neopet: one of the Neopets left
CODESTONE_CHOICE = "codestone"  # choose_codestone: one of the Inventory's Codestones, or pass
PLAY = "play"  # choose_play: one of the playable cards (Game.playable), or pass
EQUIPMENT_SLOT = "equipment_slot"  # choose_equipment_slot: the index of an Equipment
REROLLS = "rerolls"  # choose_rerolls: up to `most` of one's dice, by index
FOOD_CHOICE = "food"  # choose_food: one of the Food one may play now, or pass
CARDS = "cards"  # choose_cards: up to `most` cards (exactly `most` to discard)

# Each kind of decision as the rulebook asks it, for people (GameState.words).
QUESTIONS = {
    FIRST_TURN: "You were chosen to start: take the first turn? (Setting Up the Game)",
    MULLIGAN: "Shuffle your opening Inventory back and draw five more? (Setting Up the Game)",
    NEOPET: "Which Neopet do you send in? (CR 5.5.12)",
    CODESTONE_CHOICE: "Which Codestone do you attach this Train Phase? (CR 5.3)",
    PLAY: "Which card do you play next in your Preparation Phase? (CR 5.4.2)",
    EQUIPMENT_SLOT: "Your Equipment slots are full: which Equipment do you replace? (CR 7.6.6)",
    REROLLS: "Which of your dice do you reroll? (CR 5.5.6c)",
    FOOD_CHOICE: "Do you play a Food now, in this priority window? (CR 7.8.3)",
    CARDS: "Which cards does the effect take?",
}


class Policy(Protocol):
    """Every decision the engine asks of a player. Each is a Decision built by the game, whose
    `options` are the legal answers (its `seat` is the player's index); the game refuses any
    answer the options do not allow (rulebook.core.decisions.IllegalAnswer)."""

    def begin(self, seed: int, player: int) -> None:
        """A new game starts (a policy with its own randomness reseeds here)."""

    def take_first_turn(self, game: GameView, decision: Decision) -> bool:
        """This player was determined at random to start: take the first turn (True) or defer
        it to the opponent (False)?"""

    def mulligan(self, game: GameView, decision: Decision, inventory: list[EngineCard]) -> bool:
        """Shuffle the opening Inventory back and draw five more (at most once)?"""

    def choose_neopet(self, game: GameView, decision: Decision) -> EngineCard:
        """The Neopet to send in: face down at the start (the opponent's is not visible), and
        at a new round the round's winner first, then the other player seeing it."""

    def choose_codestone(self, game: GameView, decision: Decision) -> EngineCard | None:
        """The Codestone to attach this Train Phase, or None."""

    def choose_play(self, game: GameView, decision: Decision) -> EngineCard | None:
        """The next card to play in the Preparation Phase (a Food, a Map Piece, a Paint Brush to
        paint with, or the turn's one card), or None to stop."""

    def choose_equipment_slot(
        self, game: GameView, decision: Decision, equipped: list[EngineCard], new: EngineCard
    ) -> int:
        """All three Equipment slots are full: the index of the Equipment to replace."""

    def choose_rerolls(
        self, game: GameView, decision: Decision, dice: list[int], other: list[int], attacking: bool
    ) -> Sequence[int]:
        """Indexes of at most `decision.most` of your dice to reroll (the opponent's are
        `other`)."""

    def choose_food(self, game: GameView, decision: Decision, window: str) -> EngineCard | None:
        """A Food to play in a priority window (RESPOND or BATTLE), or None to pass."""

    def choose_cards(
        self, game: GameView, decision: Decision, purpose: str
    ) -> Sequence[EngineCard]:
        """Up to `decision.most` of the options for an effect: "search", "recover", "replay",
        "discard" (which discards exactly that many)."""


# Who answers each kind of decision: the Policy method named for it (rulebook.core.decisions).
ANSWERED_BY = {
    FIRST_TURN: "take_first_turn",
    MULLIGAN: "mulligan",
    NEOPET: "choose_neopet",
    CODESTONE_CHOICE: "choose_codestone",
    PLAY: "choose_play",
    EQUIPMENT_SLOT: "choose_equipment_slot",
    REROLLS: "choose_rerolls",
    FOOD_CHOICE: "choose_food",
    CARDS: "choose_cards",
}

# What one seat may know of the other's side: its Neopet in play, stats, damage and the cards
# in play and in the open zones (CR 9.11.1); of the Main Deck, Inventory, Neopets still to come
# and Rainbow Pool, how many cards (CR 9.11.2: hidden zones).
PUBLIC_SIDE = frozenset(
    (
        "active", "agility", "attack", "codestones", "damage", "defence", "discard",
        "equipment", "extra_attack_dice", "extra_defence_dice", "faerie", "frozen",
        "halves_damage", "hp", "index", "in_play", "level", "location", "map_pieces", "mods",
        "plays", "raw", "rerolls", "round_results", "triggers", "void",
    )
)  # fmt: skip
HIDDEN_SIDE = frozenset(("deck", "inventory", "foods", "neopets", "rainbow_pool"))


class SeatView(views.SeatView):
    """A game in progress as one seat sees it (what a policy reads: GameView): its own side
    whole, the other through `Public`; the queue, the battle dice and whose turn, all public.
    A door to the other side (a queue item's owner) opens on the other side as this seat sees
    it; one's own side has none (its opponent is private to the game)."""

    __slots__ = ("sides",)
    PUBLIC = frozenset(("rolls", "active"))

    def __init__(self, game: GameView, seat: int) -> None:
        super().__init__(game, seat)
        # one's own side as it is (it has no public door); the other through `Public`
        mine = game.sides[seat]
        other = views.Public(game.sides[1 - seat], PUBLIC_SIDE, HIDDEN_SIDE)
        self.sides = (mine, other) if seat == 0 else (other, mine)

    @property
    def queue(self) -> list[QueueItem]:
        """The queue as it is now (CR 8.11: its cards are face up), each item's owner as this
        seat sees that side."""
        sides = self.sides
        return [_SeenItem(item, sides[item.owner.index]) for item in self._game.queue]


_SeenItem = views.seen_class(QueueItem, ("owner",))  # a queue item, its owner a seat's view
