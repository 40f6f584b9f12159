"""One game of Neopets Battledome, played to the end by two policies.

The rules are the comprehensive rules (CR) in shared/seeds; where the CR is silent the v1.2
rulebook is cited. Played cards and triggered abilities both go through the queue (CR 8.11,
8.16.3-8.16.4, 8.20.15) with a response window in which either player may play Food, and so
does the battle's damage step (5.5.7c). Simplifications: the windows after the attack, defence
and agility rolls (5.5.4d, 5.5.5d, 5.5.6e) are not offered, since a Food that changes a die is
worth most once every die is final, nor are the empty-queue windows as each phase ends
(8.12.2), in which a player could only play Food: the active player plays it in their
Preparation Phase, the other player in the windows above.
The game seats two players (`seats`), who take turns in turn (a knocked-out player takes the
next one, CR 5.5.12). Every random step is a named draw of the game's one `Chance(seed)` (a coin
for the starting player, the lazily shuffled deck's top card, dice), so a game is a function of
its decks, seed and policies. Every decision is a `Decision` the game builds with the legal
options, answered by the deciding player's policy and checked before the game acts on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rulebook.core.chance import Chance
from rulebook.core.decisions import YES_NO, Decision
from rulebook.core.outcome import Outcome, two_seat_placements
from rulebook.core.stepping import TURN_CAP_RULE
from rulebook.neopets.cards import (
    CODESTONE,
    EQUIPMENT,
    FAERIE,
    FOOD,
    HERO,
    LOCATION,
    MAP_PIECE,
    PAINT_BRUSH,
    VILLAIN,
)

from . import actions
from .cards import Effect, EngineCard, EngineDeck
from .dice import battle_damage, d3_of
from .state import (
    BATTLE,
    CARDS,
    CODESTONE_CHOICE,
    EQUIPMENT_SLOT,
    FIRST_TURN,
    FOOD_CHOICE,
    MULLIGAN,
    NEOPET,
    PLAY,
    QUESTIONS,
    REROLLS,
    RESPOND,
    QueueItem,
    SeatView,
    Side,
)

OPENING_INVENTORY = 5  # "Setting Up the Game"
MAX_CODESTONES = 5  # CR 7.11.5
EQUIPMENT_SLOTS = 3  # CR 7.6.5
ROUNDS_TO_WIN = 2  # "In-Game Rounds & Winning the Game": best of three
_ONE_OF_A_KIND = (FAERIE, HERO, VILLAIN)  # CR 7.3.7
_STAYS_IN_PLAY = (EQUIPMENT, LOCATION, *_ONE_OF_A_KIND)  # CR 8.20.15c, 7.9.5


def _zone_name(side: Side, zone: list[EngineCard]) -> str:
    """The name of the zone a card is played from, for the log."""
    zones = ("inventory", "rainbow_pool", "discard")
    return next(name for name in zones if getattr(side, name) is zone)


# The rules this engine plays simpler than the comprehensive rules read, stated in every result.
SIMPLIFICATIONS = (
    TURN_CAP_RULE,
    "Food is offered in fewer priority windows than the rules open: not after the attack, "
    "defence and agility rolls (CR 5.5.4d, 5.5.5d, 5.5.6e) nor in the empty-queue windows as "
    "each phase ends (CR 8.12.2); the active player plays Food in their Preparation Phase.",
    "Some choices the rules give a player are made by the engine, not asked: triggered "
    "abilities that trigger at the same time go on the queue in a fixed order (CR 9.7.1 lets "
    "their controllers choose it): the active player's first, each side's Equipment by slot, "
    "then its Neopet, Faerie and Location, each resolving before the next is added; the die an "
    'effect changes ("change one of your rolled dice") is the lowest, of the roll of your card '
    "just below it on the queue, else of your dice in the current battle; a Lab Ray transforms "
    "the Neopet into the first Neopet of its species in the Rainbow Pool that names the Lab "
    'Ray\'s Location (CR 8.20.10a: "a Neopet of the same species").',
)


class KnockOut(Exception):
    """A Neopet was knocked out: the round ends at once (CR 5.5.7e, 5.5.9c)."""

    def __init__(self, loser: int) -> None:
        super().__init__(loser)
        self.loser = loser


class Game:
    """The state of one game in progress; the game loop (rulebook.core.stepping) plays it."""

    seats = range(2, 3)  # two players
    QUESTIONS = QUESTIONS  # each kind of decision in the rulebook's words
    # Answers that may name cards the other seat may not see (rulebook.simulation.person): an
    # effect's cards, taken from a hidden zone as often as from play.
    PRIVATE_ANSWERS = frozenset((CARDS,))

    __slots__ = (
        "active",
        "ask",
        "battles",
        "chance",
        "damage",
        "decisions",
        "first",
        "log",
        "mulligan",
        "next_side",
        "opening_codestone",
        "pending",
        "plays_left",
        "queue",
        "rolls",
        "round",
        "round_starts",
        "round_winners",
        "seat_views",
        "sides",
        "turn",
        "unsupported",
        "winner",
    )

    def __init__(
        self,
        decks: Sequence[EngineDeck],
        seed: int,
        ask: Callable[[Decision], Any],
        record_log: bool,
    ) -> None:
        deck_a, deck_b = decks
        self.ask = ask  # a player's answer to a decision (rulebook.core.stepping), checked
        self.unsupported = {**deck_a.unsupported, **deck_b.unsupported}
        self.chance = Chance(seed)
        a, b = Side(0, deck_a), Side(1, deck_b)
        a._opponent, b._opponent = b, a
        self.sides = (a, b)
        self.seat_views: dict[int, SeatView] = {}  # each seat's view, once asked (SeatView.of)
        # Each seat's recurring decision points, given their options each time they come.
        self.decisions = tuple(
            {
                NEOPET: Decision(side.index, NEOPET, ()),
                CODESTONE_CHOICE: Decision(side.index, CODESTONE_CHOICE, (), True),
                PLAY: Decision(side.index, PLAY, (), True),
                FOOD_CHOICE: Decision(side.index, FOOD_CHOICE, (), True),
                REROLLS: Decision(side.index, REROLLS, (), most=0),
            }
            for side in self.sides
        )
        self.log: list[dict[str, Any]] | None = [] if record_log else None
        self.turn = 0
        self.active = 0  # whose turn it is
        self.round = 0
        self.queue: list[QueueItem] = []
        # Dealt-damage triggers waiting for their source to finish resolving (CR 8.16.3).
        self.pending: list[tuple[Side, EngineCard, tuple[Effect, ...]]] = []
        self.rolls: list[list[int] | None] = [None, None]  # each side's battle dice
        self.plays_left = 0
        self.battles = 0
        self.damage = 0
        self.first = 0
        self.next_side = 0  # whose turn comes next
        self.round_starts = True
        self.round_winners: list[int] = []
        self.winner: int | None = None
        self.opening_codestone = self.mulligan = (False, False)

    # -- what the state asks of its game (rulebook.core.stepping.SteppedGame) --------------

    def view(self, seat: int) -> SeatView:
        return SeatView.of(self, seat)  # type: ignore[no-any-return]  # the engine's SeatView

    # No `portable`: a Neopets answer is the same in every replay: its cards are the decks'
    # own (shared by every game of the decks), the rest numbers and yes or no.

    # -- the game -------------------------------------------------------------------------

    def begin(self) -> None:
        # "Setting Up the Game": the starting player, determined at random, may defer the first
        # turn to the opponent.
        starter = self.chance.coin()
        takes_it = self.ask(Decision(starter, FIRST_TURN, YES_NO))
        self.first = starter if takes_it else 1 - starter
        if self.log is not None:
            self.event("first_turn", self.first, deferred=not takes_it)
        self.opening_codestone, self.mulligan = self.set_up(self.first)
        self.next_side = self.first
        self.round_starts = True

    def next_turn(self) -> bool:
        """The next turn; a knock-out ends the round at once, and the game at two round wins
        or when the round's loser has no Neopet left to send in."""
        if self.round_starts:
            self.round += 1
            if self.log is not None:
                self.event("round", self.next_side, round=self.round)
            self.round_starts = False
        try:
            self.take_turn(self.sides[self.next_side])
            self.next_side = (self.next_side + 1) % len(self.sides)  # round the seats
            return True
        except KnockOut as knock_out:
            loser = knock_out.loser
            self.round_winners.append(1 - loser)
            if self.log is not None:
                self.event("knock_out", loser, round=self.round)
            if self.round_winners.count(1 - loser) >= ROUNDS_TO_WIN:
                self.winner = 1 - loser
                return False
            if not self.new_round(1 - loser):
                self.winner = self._winner_without_neopets()
                return False
            self.next_side = loser  # CR 5.5.12: the knocked-out player takes the next turn
            self.round_starts = True
            return True

    def finish(self, capped: bool) -> Outcome:
        self.event("game_over", self.winner, turns=self.turn, capped=capped)
        return Outcome(
            placements=two_seat_placements(self.winner),
            first=self.first,
            figures={
                "turns": self.turn,
                "rounds": self.round,
                "battles": self.battles,  # Battle Phases in which an attack was rolled
                "damage": self.damage,  # total battle damage dealt
                "round_winners": tuple(self.round_winners),
            },
            seats=tuple(
                {
                    "plays": side.plays,  # card name -> times played or attached
                    # the final opening Inventory held a Codestone; the player took a mulligan
                    "opening": {
                        "codestone": self.opening_codestone[side.index],
                        "mulligan": self.mulligan[side.index],
                    },
                }
                for side in self.sides
            ),
            unsupported=self.unsupported,
            simplifications=SIMPLIFICATIONS,
            capped=capped,
            log=tuple(self.log) if self.log is not None else None,
        )

    def set_up(self, first: int) -> tuple[tuple[bool, bool], tuple[bool, bool]]:
        """ "Setting Up the Game": shuffle, five-card Inventory, at most one mulligan, then both
        starting Neopets chosen face down before either is revealed."""
        mulligans = []
        order = (self.sides[first], self.sides[1 - first])
        for side in order:
            self.draw(side, OPENING_INVENTORY)  # from a deck shuffled lazily (Side.top_card)
        for side in order:
            inventory = list(side.inventory)
            wants = self.ask(Decision(side.index, MULLIGAN, YES_NO, context=(inventory,)))
            if wants:
                for card in list(side.inventory):
                    side.give(card)
                    side.deck.append(card)
                self.draw(side, OPENING_INVENTORY)
                if self.log is not None:
                    self.event("mulligan", side.index)
            mulligans.append((side.index, wants))
        mulligan = tuple(wants for _, wants in sorted(mulligans))
        opening = tuple(any(c.type == CODESTONE for c in side.inventory) for side in self.sides)
        # Face down: neither choice is visible to the other policy (no active Neopet yet).
        starters = [self.choose_neopet(side) for side in order]
        for side, starter in zip(order, starters, strict=True):
            self._send_in(side, starter)
        return opening, mulligan  # type: ignore[return-value]  # tuples of the two seats

    def new_round(self, round_winner: int) -> bool:
        """End of Round Cleanup (CR 5.5.10) and a new round (5.5.12); False when a player has
        no Neopet left to send in, which ends the game."""
        for item in self.queue:  # CR 5.5.9c: nothing in the queue resolves; its cards leave
            if not item.triggered:  # the Play Area like the rest (8.10.5)
                self._put_away(item.owner, item.card)
        self.queue.clear()
        self.pending.clear()  # CR 5.5.7f: nor do triggers still waiting to join it
        self.rolls = [None, None]
        for side in self.sides:
            side.round_results.append(side.active)  # type: ignore[arg-type]  # a round ends with both active
            side.active = None
            side.discard.extend(side.codestones)
            side.discard.extend(side.equipment)
            side.codestones.clear()
            side.equipment.clear()
            if side.faerie is not None:  # Faeries, Heroes and Villains go to the Void (7.3.5)
                side.void.append(side.faerie)
                side.faerie = None
            side.mods.clear()
            side.damage = 0
            side.frozen = False
            # Map Pieces and the Location stay in play (CR 5.5.10, 7.9.8, 7.10.9).
        if not all(side.neopets for side in self.sides):
            return False
        # The round's winner chooses first, face up; then the other player, seeing it.
        for side in (self.sides[round_winner], self.sides[1 - round_winner]):
            self._send_in(side, self.choose_neopet(side))
        return True

    def choose_neopet(self, side: Side) -> EngineCard:
        """The Neopet the side sends in, of those it has left (CR 5.5.12)."""
        decision = self.decisions[side.index][NEOPET].offer(list(side.neopets))
        neopet: EngineCard = self.ask(decision)
        return neopet

    def _winner_without_neopets(self) -> int | None:
        """A player with no Neopet for the next round loses the game; if neither has one, the
        game is a draw."""
        a, b = self.sides
        if a.neopets:
            return a.index
        return b.index if b.neopets else None

    def _send_in(self, side: Side, neopet: EngineCard) -> None:
        side.neopets.remove(neopet)
        side.active = neopet
        self._in_play_changed(side, neopet, knock_out=False)  # no damage yet: nothing to check
        if self.log is not None:
            self.event("neopet", side.index, card=neopet.name)

    # -- a turn (CR 5) --------------------------------------------------------------------

    def take_turn(self, me: Side) -> None:
        self.turn += 1
        self.active = me.index
        if self.log is not None:
            self.event("turn", me.index)  # (every event carries its turn)
        if me.triggers:
            self.trigger(me, "on_turn_start")  # CR 5.1.2
        # CR 5.2 Draw Phase; 9.3.2: an exhausted player's Neopet is dealt 1 damage first.
        if me.deck:
            self.draw(me, 1)
        else:
            if self.log is not None:
                self.event("exhausted", me.index)
            self.deal(me, 1)
        self.train(me)
        self.prepare(me)
        if self.turn > 1:  # CR 5.5.1: only the game's very first turn skips the Battle Phase
            self.battle(me)
        if me.triggers:
            self.trigger(me, "on_end_of_turn")  # CR 5.5.8a
        self._expire("end_of_turn")  # CR 5.5.8b

    def train(self, me: Side) -> None:
        """CR 5.3 / 7.11.4-7.11.5: attach at most one Codestone, to at most five."""
        if not me.stones or len(me.codestones) >= MAX_CODESTONES:
            return
        stones = [card for card in me.inventory if card.type == CODESTONE]
        decision = self.decisions[me.index][CODESTONE_CHOICE]
        decision.options = stones
        stone = self.ask(decision)
        if stone is None:  # a pass
            return
        me.give(stone)
        me.attach(stone)
        self._count_play(me, stone)
        if self.log is not None:
            self.event("codestone", me.index, card=stone.name, level=me.level)

    def prepare(self, me: Side) -> None:
        """CR 5.4.2a: one non-Codestone, non-Food card; Food (7.8.5) and Map Pieces (7.10.6)
        any number, not counted."""
        self.plays_left = 1
        decision = self.decisions[me.index][PLAY]
        while True:
            options = self.playable(me)
            if not options:
                return
            decision.options = options
            card = self.ask(decision)
            if card is None:  # done
                return
            if card.type != FOOD and card.type != MAP_PIECE:
                self.plays_left -= 1
            zone = me.inventory if card in me.inventory else me.rainbow_pool
            self.play_card(me, card, zone)

    def playable(self, me: Side) -> list[EngineCard]:
        """The cards `me` may play now in its Preparation Phase."""
        level = me.level
        can_play = self.plays_left > 0
        options = []
        for card in me.inventory:
            kind, need = card.type, card.level
            if kind == CODESTONE or (need is not None and need > level):
                continue  # CR 6.4.2: a printed level is a requirement; none is none
            free = kind in (FOOD, MAP_PIECE)  # CR 7.8.5, 7.10.6: not the turn's one card
            if free or (can_play and (not card.conditional or self._can_play(me, card))):
                options.append(card)
        if can_play:  # CR 7.9.4: a Location that begins the game in the Rainbow Pool
            for card in me.rainbow_pool:
                affordable = card.level is None or card.level <= level
                if card.type == LOCATION and affordable and self._can_play(me, card):
                    options.append(card)
        return options

    def _can_play(self, me: Side, card: EngineCard) -> bool:
        """Whether a conditional card (EngineCard.conditional) can be played now."""
        if card.type == PAINT_BRUSH:
            return me.paint_target(card) is not None  # CR 7.4.7
        if card.map_pieces_needed:
            pieces = sum(piece.map_location == card.name for piece in me.map_pieces)
            return pieces >= card.map_pieces_needed
        return True

    # -- playing cards and the queue (CR 8.11, 8.20.15) ------------------------------------

    def play_card(self, me: Side, card: EngineCard, zone: list[EngineCard]) -> None:
        """Play a card from a zone: onto the queue, through priority, then resolve it. A Map
        Piece is collected instead, with no queue (CR 7.10.7-7.10.8, 8.20.2e)."""
        if zone is me.inventory:
            me.give(card)
        else:
            zone.remove(card)
        self._count_play(me, card)
        if card.type == MAP_PIECE:
            me.map_pieces.append(card)
            if self.log is not None:
                self.event("collect", me.index, card=card.name, source=_zone_name(me, zone))
            return
        if self.log is not None:
            self.event("play", me.index, card=card.name, source=_zone_name(me, zone))
        item = QueueItem(card, me, None, card.played)
        self.queue.append(item)  # in the Play Area from now on (CR 8.10.1), so a knock-out
        self._make_room(me, card)  # as the card it replaces leaves cleans it up (8.10.5)
        if card.roll:
            item.dice = self.roll(me, card.roll, card)  # CR 7.7.4: as it enters the queue
        self._resolve_top()

    def _through_queue(self, item: QueueItem) -> None:
        """Put an item on the queue, then resolve it (see _resolve_top)."""
        self.queue.append(item)
        self._resolve_top()

    def _resolve_top(self) -> None:
        """The item on top of the queue: its controller, then the other player, get priority
        (CR 8.20.15a); then it resolves. Dealt-damage triggers of its resolution join the queue
        only once it has finished resolving (CR 8.16.3)."""
        item, mark = self.queue[-1], len(self.pending)
        owner = item.owner
        if owner.foods or owner._opponent.foods:
            self.window(owner, RESPOND)
        self._resolve(item)
        self.queue.pop()
        if len(self.pending) > mark:
            self._add_pending_triggers(mark)

    def _make_room(self, me: Side, card: EngineCard) -> None:
        """Before a new Equipment, Faerie or Location enters play, the one it replaces leaves
        (CR 7.6.6, 7.3.7 with the v1.2 rulebook's Faeries, 7.9.7)."""
        kind = card.type
        if kind == EQUIPMENT and len(me.equipment) >= EQUIPMENT_SLOTS:
            equipped = list(me.equipment)
            slot = self.ask(
                Decision(me.index, EQUIPMENT_SLOT, range(len(equipped)), context=(equipped, card))
            )
            leaving = me.equipment.pop(slot)
            me.discard.append(leaving)
        elif kind in _ONE_OF_A_KIND and me.faerie is not None:
            leaving, me.faerie = me.faerie, None
            me.void.append(leaving)
        elif kind == LOCATION and me.location is not None:
            leaving, me.location = me.location, None
            me.discard.append(leaving)
        else:
            return
        if self.log is not None:  # which card the new one replaced, and where it went
            self.event("replaced", me.index, card=leaving.name, by=card.name)
        self._in_play_changed(me, leaving)

    def window(self, first: Side, kind: str) -> None:
        """Priority (CR 8.20.15a): `first` then the other player may play Food; after a Food
        resolves, priority goes round again, until both pass."""
        passed = False
        while not passed:
            passed = True
            for side in (first, first._opponent):
                if not side.foods:
                    continue
                level = side.level
                foods = [card for card in side.foods if card.level is None or card.level <= level]
                if not foods:
                    continue
                decision = self.decisions[side.index][FOOD_CHOICE]
                decision.options, decision.context = foods, (kind,)  # (as `offer`, inline: hot)
                food = self.ask(decision)
                if food is not None:
                    self.play_card(side, food, side.inventory)
                    passed = False
                    break

    def _resolve(self, item: QueueItem) -> None:
        """CR 8.20.15b-c: carry out the effects, then put a played card where it goes."""
        card, me = item.card, item.owner
        if item.negated:
            if self.log is not None:
                self.event("negated", me.index, card=card.name)
        else:
            if card.type == PAINT_BRUSH and not item.triggered:
                target = me.paint_target(card)
                if target is not None:
                    self.transform(me, target)  # CR 7.4.4
            for effect in item.effects:
                actions.apply(self, me, effect, item)
        if item.triggered:
            return  # the source stays where it is (CR 8.11.2)
        kind = card.type
        if item.negated or kind not in _STAYS_IN_PLAY:
            # Legends, Potions, Paint Brushes and Food once resolved (7.4.4, 7.5.4, 7.7.5,
            # 7.8.6), and any card whose resolution was negated (8.20.6a).
            self._put_away(me, card)
            if self.log is not None:
                self.event("put_away", me.index, card=card.name, to=self._pile_of(card))
            return
        if self.log is not None:  # where the resolved card stays in play
            self.event("in_play", me.index, card=card.name, kind=kind)
        if kind == EQUIPMENT:
            me.equipment.append(card)  # CR 7.6.4
        elif kind in _ONE_OF_A_KIND:
            me.faerie = card
        elif kind == LOCATION:
            me.location = card  # CR 7.9.5
            if card.map_pieces_needed:  # CR 7.10.9: Map Pieces stay until the condition is met
                for piece in [p for p in me.map_pieces if p.map_location == card.name]:
                    me.map_pieces.remove(piece)
                    me.discard.append(piece)
        self._in_play_changed(me, card)

    @staticmethod
    def _pile_of(card: EngineCard) -> str:
        """Where a card leaving play or the queue goes: Food (CR 7.8.6) and Faeries, Heroes and
        Villains (7.3.5) to the Void, every other card to its owner's Discard."""
        return "void" if card.type == FOOD or card.type in _ONE_OF_A_KIND else "discard"

    @classmethod
    def _put_away(cls, side: Side, card: EngineCard) -> None:
        getattr(side, cls._pile_of(card)).append(card)

    def transform(self, me: Side, target: EngineCard) -> None:
        """CR 8.20.10 / 7.4.4-7.4.5: the active Neopet goes to the Rainbow Pool and `target`
        takes its place, keeping damage, status, Codestones and Equipment."""
        me.rainbow_pool.remove(target)
        me.rainbow_pool.append(me.active)  # type: ignore[arg-type]  # it transforms the active one
        if self.log is not None:
            self.event("transform", me.index, card=target.name, was=me.active.name)  # type: ignore[union-attr]  # it transforms the active one
        was, me.active = me.active, target
        self._in_play_changed(me, was, target)  # type: ignore[arg-type]  # it transforms the active one

    # -- battle (CR 5.5) ------------------------------------------------------------------

    def battle(self, me: Side) -> None:
        opponent = me._opponent
        if me.triggers:
            self.trigger(me, "on_battle_start")  # CR 5.5.2: the phase begins, frozen or not
        if me.frozen:  # CR 8.20.4b: a frozen Neopet does not attack in its next Battle Phase
            me.frozen = False
            if self.log is not None:
                self.event("frozen", me.index)
            return
        dice = self.chance.dice
        attack = dice(me.attack + me.extra_attack_dice)  # CR 5.5.4
        defence = dice(opponent.defence + opponent.extra_defence_dice)  # 5.5.5
        self.rolls[me.index], self.rolls[opponent.index] = attack, defence
        # CR 5.5.6: the faster Neopet may reroll up to the Agility difference, once.
        difference = me.agility - opponent.agility
        limit = (difference if difference > 0 else 0) + me.rerolls
        if limit > 0:
            self._reroll(me, attack, defence, limit, True)
        limit = (-difference if difference < 0 else 0) + opponent.rerolls
        if limit > 0:
            self._reroll(opponent, defence, attack, limit, False)
        if me.foods or opponent.foods:
            self.window(me, BATTLE)  # CR 5.5.7c: the final results use the queue
        damage = battle_damage(attack, defence)
        if opponent.halves_damage:
            damage //= 2  # CR 10.1.1: the total is halved, rounded down
        self.rolls = [None, None]
        self.battles += 1
        self.damage += damage
        if self.log is not None:
            self.event("battle", me.index, attack=attack, defence=defence, damage=damage)
        if damage:
            self.deal(opponent, damage)

    def _reroll(
        self, side: Side, own: list[int], other: list[int], limit: int, attacking: bool
    ) -> None:
        """CR 5.5.6c-d: reroll the chosen dice, at most `limit` of them, once."""
        if not own:
            return
        decision = self.decisions[side.index][REROLLS]
        decision.options, decision.most = range(len(own)), limit  # (as `offer`, inline: hot)
        decision.context = (own, other, attacking)
        chosen = self.ask(decision)
        if not chosen:
            return
        chosen = sorted(chosen)  # rerolled in the order of the dice
        was = [own[i] for i in chosen] if self.log is not None else None
        die = self.chance.die
        for index in chosen:
            own[index] = die()
        if self.log is not None:
            self.event("reroll", side.index, dice=chosen, was=was, faces=[own[i] for i in chosen])

    # -- effects on the game --------------------------------------------------------------

    def deal(self, side: Side, amount: int) -> None:
        """Deal damage to a Neopet; damage persists between turns (CR 5.5.7d)."""
        side.damage += amount
        if self.log is not None:
            self.event("damage", side.index, amount=amount, total=side.damage, hp=side.hp)
        self.check_knock_out(side)  # CR 5.5.7f: a knocked-out Neopet's triggers never resolve
        if not side.triggers:
            return
        if not self.queue:
            self.trigger(side, "on_dealt_damage")
            return
        for card in side.in_play():  # CR 8.16.3: they wait for the source to finish resolving
            if card.on_dealt_damage:
                self.pending.append((side, card, card.on_dealt_damage))

    def heal(self, side: Side, amount: int) -> None:
        """Remove damage from a Neopet, never below none; the log says how much it removed."""
        removed = min(amount, side.damage)
        side.damage -= removed
        if self.log is not None:
            self.event("heal", side.index, amount=removed, total=side.damage)

    def check_knock_out(self, side: Side) -> None:
        """CR 5.5.7e: damage equal to or above the Hit Points knocks the Neopet out, whether
        the damage grew or the Hit Points fell."""
        if side.damage >= side.hp:
            raise KnockOut(side.index)

    def amount(self, value: int | str, me: Side) -> int:
        """A number from an effect controlled by `me`; "d3" rolls a d3 (CR 9.4.1), logged."""
        if isinstance(value, int):
            return value
        result = d3_of(self.chance.die())
        if self.log is not None:
            self.event("d3", me.index, result=result)
        return result

    def roll(self, me: Side, dice: int, card: EngineCard | None) -> list[int]:
        """Dice `me` rolls for a card's effect (CR 7.7.4), logged."""
        faces = self.chance.dice(dice)
        if self.log is not None:
            self.event("roll", me.index, card=card.name if card else None, dice=list(faces))
        return faces

    def draw(self, side: Side, count: int) -> None:
        log, take, deck = self.log, self.chance.take, side.deck
        for _ in range(min(count, len(deck))):
            card = take(deck)  # the top card of the lazily shuffled deck (Side.top_card)
            side.take(card)
            if log is not None:
                self.event("draw", side.index, card=card.name)

    def trigger(self, side: Side, trigger: str) -> None:
        """The triggered abilities of the side's cards in play go on the queue one by one, each
        through priority before it resolves (CR 8.16.3-8.16.4)."""
        if not side.triggers:
            return
        for card in side.in_play():
            effects = getattr(card, trigger)
            if effects:
                self._put_trigger(side, card, effects)

    def _put_trigger(self, side: Side, card: EngineCard, effects: tuple[Effect, ...]) -> None:
        """A triggered ability of `card` goes on the queue and resolves (CR 8.16.3-8.16.4)."""
        if self.log is not None:
            self.event("trigger", side.index, card=card.name)
        self._through_queue(QueueItem(card, side, None, effects, triggered=True))

    def _add_pending_triggers(self, mark: int) -> None:
        """Dealt-damage triggers from `mark` on join the queue now that their source has
        resolved (CR 8.16.3): the active player's first (CR 9.7.1)."""
        waiting = self.pending[mark:]
        del self.pending[mark:]
        active = self.active
        waiting.sort(key=lambda trigger: trigger[0].index != active)
        for side, card, effects in waiting:
            self._put_trigger(side, card, effects)

    def _expire(self, until: str) -> None:
        """End the stat changes lasting `until` (CR 5.5.8b); a Neopet whose Hit Points fall to
        its damage is knocked out (5.5.7e)."""
        for side in self.sides:
            if side.mods:
                side.mods = [mod for mod in side.mods if mod[2] != until]
                side.refresh()
                self.check_knock_out(side)

    def _in_play_changed(self, me: Side, *cards: EngineCard, knock_out: bool = True) -> None:
        """Recompute stats after these cards entered or left `me`'s side; the opponent's too
        when one of them has a passive ability on the opponent's Neopet. A Neopet whose Hit
        Points fell to its damage is knocked out (CR 5.5.7e)."""
        me.refresh()
        opponent_too = any(card.hits_opponent for card in cards)
        if opponent_too:
            me._opponent.refresh()
        if knock_out:
            self.check_knock_out(me)
            if opponent_too:
                self.check_knock_out(me._opponent)

    def _count_play(self, side: Side, card: EngineCard) -> None:
        side.plays[card.name] = side.plays.get(card.name, 0) + 1

    def event(self, event: str, player: int | None, **data: object) -> None:
        """Add an event to the log, when the game keeps one."""
        if self.log is not None:
            self.log.append({"turn": self.turn, "player": player, "event": event, **data})
