"""One Millennium Blades tournament (the Tournament Phase) for two to five players.

Sections cited are the rules summary's ("Tournament Phase", "Setup 3", "On your turn",
"Effects on cards", "Top Card", "Clashing"). Every decision is a `Decision` the game builds with
the legal options, answered by the seat's Policy and checked before the game acts on it; every
chance step is a named draw of the game's one `Chance(seed)`: the random fix of an illegal
deck, the first player, the order opponents are offered in (so ties between them fall by
chance, never by seat) and each card revealed from the Store. A seed replays the same
tournament.

What the summary leaves open is decided in SIMPLIFICATIONS, listed in every result and in the
README's rules notes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rulebook.core.chance import Chance
from rulebook.core.decisions import Decision
from rulebook.core.outcome import Outcome, placements_by_score
from rulebook.core.stepping import TURN_CAP_RULE, Ref, each_part
from rulebook.millennium_blades.store import SAMPLE_STORE, STORES, Store

from .cards import Effect, TournamentDeck
from .state import (
    ACTION,
    DRAIN,
    FLIP_TARGET,
    QUESTIONS,
    REACT,
    SINGLE,
    Player,
    SeatView,
    Slot,
)

SIMPLIFICATIONS = (
    TURN_CAP_RULE,
    "Tournament only: the Deckbuilding Phase (real-time buying, selling, trading and fusing "
    "against timers), collections, Friendship and prize promos are not played; each deck is "
    "played as submitted (after the random fix, if illegal).",
    "RP is gained and lost only through card effects (a clash's winner gains what the clashing "
    "card says); RP never falls below 0.",
    "The tournament ends when no player can play a Single (none in hand, or the tableau's eight "
    "slots full); players whose Singles ran out keep taking turns (an Action only) until then. "
    "Score effects then resolve, seat by seat from the first player, and players place by RP.",
    "Priority: Top and Ongoing effects are continuous and always in force; when a Single is "
    "played its Play effects resolve, then the Next effects waiting on it (an opponent's Ongoing "
    "'Next effects do nothing' cancels them); Score effects resolve at the end.",
    "An Action is used either before the Single or after all its effects have resolved, never "
    "between; it resolves fully, then its card flips face-down (and its Flip effects happen).",
    "A Reaction is offered at the moment its condition is met (a clash started by another "
    "player, before any reveal; a card revealed; RP about to be lost, and so never at 0 RP, "
    "where there is none to lose), before anything else resolves; using it flips the card "
    "face-down.",
    "Flip effects happen whenever a card turns face-down: by an Action, a Reaction or another "
    "card's effect.",
    "The Store is a declared composition of sample cards (rulebook/millennium_blades/store.py, "
    "default 'sample'), shuffled from the game's seed; revealed cards go to a discard shuffled "
    "back in when the Store runs out; only a revealed card's Star Rating counts.",
    "A clash includes every player at the table; ties for the highest total are ties (no one "
    "gains RP).",
    "A tableau has eight slots (the most Singles a legal deck holds); Deck Box and Accessories "
    "stay on the board: their Ongoing, Flip, Score, Action and Reaction effects work while "
    "face-up, their Play, Next and Top effects never happen.",
    "Seats: decks sit in the order given, clockwise; the first player is drawn at random each "
    "tournament (no previous tournament, and who opened a booster last is unknown). Players "
    "tied on RP share a placement; a shared first place counts as a draw, not a win.",
    "A choice among opponents (whom to drain, whose Single to flip) offers them in an order "
    "drawn from the game's Chance, and the default player takes the first of equals: ties "
    "between leading opponents fall at random, never by seat.",
    "The random fix of an illegal deck (drawn from the game's Chance) first removes what no "
    "draw could leave: every copy of a card beyond the first (the same card, so which copy "
    "goes changes nothing) and a card in a section that may not hold it (a Single listed under "
    "Accessories), even when its own section has room: the summary's fix removes cards, it "
    "never moves one; then it removes cards at random until each section meets its limit.",
)


class Game:
    seats = range(2, 6)  # tables of two to five players
    QUESTIONS = QUESTIONS  # each kind of decision in the rulebook's words

    def __init__(
        self,
        decks: Sequence[TournamentDeck],
        seed: int,
        ask: Callable[[Decision], Any],
        record_log: bool = False,
        store: Store | str = SAMPLE_STORE,
    ) -> None:
        if isinstance(store, str):  # a job names its Store
            store = STORES[store]
        self.chance = Chance(seed)
        self.decks = tuple(decks)
        self.ask = ask  # a player's answer to a decision (rulebook.core.stepping), checked
        self.players = tuple(Player(seat) for seat in range(len(self.decks)))
        self.seat_views: dict[int, SeatView] = {}  # each seat's view, once asked (SeatView.of)
        self.decisions = tuple(
            {
                SINGLE: Decision(seat, SINGLE, ()),
                ACTION: Decision(seat, ACTION, (), may_pass=True),
                DRAIN: Decision(seat, DRAIN, ()),
                FLIP_TARGET: Decision(seat, FLIP_TARGET, ()),
                **{kind: Decision(seat, kind, (), may_pass=True) for kind in REACT.values()},
            }
            for seat in range(len(self.players))
        )
        self.store_cards = store
        self.store_stars = store.stars
        self.log: list[dict[str, Any]] | None = [] if record_log else None
        self.turn = 0
        self.first = self.current = 0
        self.clashes = self.flips = 0
        self.revealed = 0  # the Star Rating just revealed (a reveal_again Reaction reads it)
        self.clash_started_by = 0  # who started the clash under way
        self.store: list[int] = []  # indices into the Store's cards, taken at random (shuffled)
        self.discard: list[int] = []

    # -- what the state asks of its game (rulebook.core.stepping.SteppedGame) --------------

    def view(self, seat: int) -> SeatView:
        return SeatView.of(self, seat)  # type: ignore[no-any-return]  # the engine's SeatView

    def portable(self, decision: Decision, answer: Any) -> Any:
        """A card on a tableau or board by its place (each game has its own Slots); a Single
        in hand is the deck's own card, a seat its number."""
        return each_part(answer, self._slot_ref)

    def _slot_ref(self, part: Any) -> Any:
        if isinstance(part, Slot):
            owner = self.players[part.owner]
            for zone in ("tableau", "board"):
                for position, slot in enumerate(getattr(owner, zone)):
                    if slot is part:
                        return Ref(("slot", part.owner, zone, position))
        return part

    def restore(self, decision: Decision, ref: Any) -> Any:
        return each_part(ref, self._slot)

    def _slot(self, part: Any) -> Any:
        if isinstance(part, Ref):
            _, owner, zone, position = part
            return getattr(self.players[owner], zone)[position]
        return part

    # -- the tournament ---------------------------------------------------------------------

    def begin(self) -> None:
        """Setup: RP at zero (Setup 2), Deck Box and Accessories on the board, Singles in hand
        (Setup 3), the first player at random (Setup 4)."""
        for player, deck in zip(self.players, self.decks, strict=True):
            # An illegal deck: "randomly remove cards until it meets the card limit", drawn
            # from the game's Chance, seat by seat.
            played, player.removed = deck.fixed(self.chance)
            player.hand = list(played.singles)
            player.board = [Slot(card, player.index) for card in played.board]
            if self.log is not None:
                self.event(
                    "setup",
                    player.index,
                    hand=[card.name for card in player.hand],
                    board=[slot.card.name for slot in player.board],
                    removed=[
                        {"section": section, "name": name, "reason": reason}
                        for section, name, reason in player.removed
                    ],
                    rp=0,
                )
        self.store = list(range(len(self.store_stars)))
        self.first = self.current = self.chance.first_player(len(self.players))
        if self.log is not None:
            self.event("first", self.first, store=self.store_cards.name, cards=len(self.store))

    def next_turn(self) -> bool:
        """One player's turn (On your turn): an optional Action, before or after the required
        Single. False, after the Score effects, once no player can play a Single."""
        players = self.players
        if not any(player.can_play for player in players):
            self.score()
            return False
        me = players[self.current]
        self.turn += 1
        if self.log is not None:
            self.event("turn", me.index, hand=len(me.hand))
        used = self.offer_action(me)
        if me.can_play:
            self.play_single(me)
        if not used:
            self.offer_action(me)
        self.current = (self.current + 1) % len(players)
        return True

    def finish(self, capped: bool) -> Outcome:
        rp = [player.rp for player in self.players]
        placements = placements_by_score(rp)
        self.event("end", None, rp=rp, placements=list(placements), turns=self.turn, capped=capped)
        return Outcome(
            placements=placements,
            first=self.first,
            figures={
                "turns": self.turn,
                "rounds": -(-self.turn // len(self.players)),  # rounds begun
                "clashes": self.clashes,
                "flips": self.flips,
            },
            seats=tuple(
                {
                    "plays": dict(player.plays),  # Singles played and Actions used, by name
                    "rp": player.rp,
                    "removed": tuple(name for _, name, _ in player.removed),
                }
                for player in self.players
            ),
            unsupported={
                name: parts for deck in self.decks for name, parts in deck.unsupported.items()
            },
            simplifications=SIMPLIFICATIONS,
            capped=capped,
            log=tuple(self.log) if self.log is not None else None,
        )

    # -- a turn -----------------------------------------------------------------------------

    def offer_action(self, me: Player) -> bool:
        """ "Use an Action (Optional) ... then flip the card face-down. You can use one action
        per turn, either before or after playing a Single." """
        options = [slot for slot in me.tableau if slot.up and slot.card.action]
        options += [slot for slot in me.board if slot.up and slot.card.action]
        if not options:
            return False
        decision = self.decisions[me.index][ACTION].offer(options)
        slot = self.ask(decision)
        if slot is None:
            self.declined(me, "action", options)
            return False
        me.plays[slot.card.name] += 1
        if self.log is not None:
            self.event("action", me.index, card=slot.card.name)
        for effect in slot.card.action:
            self.resolve(me, slot, effect)
        self.flip(slot)
        return True

    def play_single(self, me: Player) -> None:
        """ "Play a Single (Required)": face-up in the next open left-most slot; then its Play
        effects, then the Next effects waiting for it (Top > Ongoing > Play > Next > Score)."""
        decision = self.decisions[me.index][SINGLE].offer(me.hand)
        card = self.ask(decision)
        me.hand.remove(card)
        slot = Slot(card, me.index)
        me.tableau.append(slot)
        me.plays[card.name] += 1
        if self.log is not None:
            self.event("single", me.index, card=card.name, slot=len(me.tableau) - 1)
        for effect in card.play:
            self.resolve(me, slot, effect)
        waiting, me.waiting = me.waiting, []
        for source in waiting:
            if not source.up:  # face-down: no text, no Next effect
                continue
            if self.next_blocked(me):
                if self.log is not None:
                    self.event("next_blocked", me.index, card=source.card.name)
                continue
            for effect in source.card.next:
                if effect.do == "stars":
                    if slot.up:
                        slot.bonus += effect.n
                        if self.log is not None:
                            self.event(
                                "stars",
                                me.index,
                                card=card.name,
                                by=effect.n,
                                source=source.card.name,
                            )
                else:
                    self.resolve(me, source, effect)
        if card.next and slot.up:
            me.waiting.append(slot)

    # -- effects ----------------------------------------------------------------------------

    def resolve(self, me: Player, source: Slot, effect: Effect) -> None:
        """One triggered effect of `source`, for its owner `me`."""
        do = effect.do
        if do == "gain_rp":
            if effect.alone and any(slot is not source for slot in me.tableau):
                return
            count = 1
            if effect.per is not None:
                attribute, wanted = effect.per
                # Face-down cards have no Element or Type: they never match.
                count = sum(
                    getattr(slot.card, attribute) == wanted for slot in me.tableau if slot.up
                )
            self.gain(me, effect.n * count, source)
        elif do == "drain_rp":
            options = [other.index for other in self.opponents(me)]
            decision = self.decisions[me.index][DRAIN].offer(options)
            target = self.players[self.ask(decision)]
            self.drain(target, effect.n, source)
        elif do == "clash":
            self.clash(me, effect.n, source)
        elif do == "flip_opponent":
            targets = [
                (other.index, position)
                for other in self.opponents(me)
                if not self.shielded(other)
                for position, slot in enumerate(other.tableau)
                if slot.up
            ]
            if not targets:
                if self.log is not None:
                    self.event("no_target", me.index, card=source.card.name)
                return
            decision = self.decisions[me.index][FLIP_TARGET].offer(targets)
            seat, position = self.ask(decision)
            self.flip(self.players[seat].tableau[position], by=source)

    def opponents(self, me: Player) -> list[Player]:
        """The other players, in an order drawn from the game's Chance when there are two or
        more: a player choosing among them takes the first of equals (the default player
        does), so a tie between leading opponents falls at random, never by seat (issue 37).
        A two-seat table has one opponent and draws nothing."""
        others = [player for player in self.players if player is not me]
        if len(others) > 1:
            self.chance.shuffle(others)
        return others

    def gain(self, player: Player, amount: int, source: Slot) -> None:
        player.rp += amount
        if self.log is not None:
            self.event("rp", player.index, by=amount, rp=player.rp, card=source.card.name)

    def drain(self, victim: Player, amount: int, source: Slot) -> None:
        """An opponent loses RP (never below 0), unless a Reaction prevents it: one offered
        only when there is RP to lose (at 0 it would flip its card for nothing)."""
        lost = min(amount, victim.rp)
        if lost and self.react(victim, "drained") is not None:
            return
        victim.rp -= lost
        if self.log is not None:
            self.event("rp", victim.index, by=-lost, rp=victim.rp, card=source.card.name)

    def flip(self, slot: Slot, by: Slot | None = None) -> None:
        """A card turns face-down, for good ("They can't be flipped face-up again"); its Flip
        effects happen as it does."""
        if not slot.up:
            return
        slot.up = False
        self.flips += 1
        owner = self.players[slot.owner]
        if self.log is not None:
            self.event(
                "flip", owner.index, card=slot.card.name, by=None if by is None else by.card.name
            )
        for effect in slot.card.flip:
            self.resolve(owner, slot, effect)

    def react(self, player: Player, on: str) -> Slot | None:
        """Offer the player its face-up Reactions to `on` (it may use one, or none); the card
        it used (flipped face-down), or None."""
        slots = [s for s in (*player.tableau, *player.board) if s.up and on in s.card.reactions]
        if not slots:
            return None
        decision = self.decisions[player.index][REACT[on]].offer(slots)
        slot: Slot | None = self.ask(decision)
        if slot is None:
            self.declined(player, on, slots)
            return None
        if self.log is not None:
            self.event("reaction", player.index, card=slot.card.name, on=on)
        self.flip(slot)
        return slot

    def declined(self, player: Player, offer: str, slots: list[Slot]) -> None:
        """An offer the player let pass: an Action, or a Reaction to `offer` (its moment)."""
        if self.log is not None:
            self.event("declined", player.index, offer=offer, cards=[s.card.name for s in slots])

    # -- clashes ----------------------------------------------------------------------------

    def clash(self, starter: Player, prize: int, source: Slot) -> None:
        """Clashing: each player, from the one who started it clockwise, reveals the top card
        of the Store; its Star Rating plus the Top Card's is the total; a single highest total
        wins (and gains `prize` RP), any tie for highest is a tie."""
        self.clashes += 1
        players = self.players
        seated = len(players)
        order = [players[(starter.index + step) % seated] for step in range(seated)]
        self.clash_started_by = starter.index
        if self.log is not None:
            self.event("clash", starter.index, card=source.card.name, prize=prize)
        for other in order[1:]:
            if self.react(other, "clashed") is not None:
                if self.log is not None:
                    self.event(
                        "clash_end", starter.index, card=source.card.name, reveals=[], winner=None
                    )
                return
        reveals = []
        for player in order:
            stars, index = self.reveal(player)
            # The card revealed in place of another is revealed in the clash too: a Reaction
            # on "you reveal a card in a clash" is offered again, until the player uses none
            # (each use flips its card, so the offers end).
            while self.react(player, "revealed") is not None:
                stars, index = self.reveal(player)
            total = stars + self.clash_strength(player, started=player is starter)
            reveals.append((player, stars, index, total))
        best = max(total for _, _, _, total in reveals)
        winners = [player for player, _, _, total in reveals if total == best]
        winner = winners[0] if len(winners) == 1 else None
        if self.log is not None:
            names = self.store_cards.names
            self.event(
                "clash_end",
                starter.index,
                card=source.card.name,
                reveals=[
                    {"player": p.index, "revealed": names[i], "stars": s, "total": t}
                    for p, s, i, t in reveals
                ],
                winner=None if winner is None else winner.index,
            )
        if winner is not None:
            self.gain(winner, prize, source)

    def reveal(self, player: Player) -> tuple[int, int]:
        """The top card of the shuffled Store (its Star Rating, its index), revealed by
        `player`, to the discard; an empty Store takes its discard back, shuffled. Its Star
        Rating is the one just revealed (`revealed`, which a reveal_again Reaction reads)."""
        if not self.store:
            self.store, self.discard = self.discard, []
            if self.log is not None:
                self.event("store_refilled", None, cards=len(self.store))
        index = self.chance.take(self.store)
        self.discard.append(index)
        stars = self.revealed = self.store_stars[index]
        if self.log is not None:
            name = self.store_cards.names[index]
            self.event("reveal", player.index, card=name, stars=stars, left=len(self.store))
        return stars, index

    def clash_strength(self, player: Player, *, started: bool = False) -> int:
        """What a player adds to its revealed card: its Top Card's stars (with the stars effects
        gave it), and every clash bonus in force (Ongoing; Top while Top effects work)."""
        top = player.top()
        strength = 0
        for slot in player.face_up():
            card = slot.card
            strength += card.clash_bonus + (card.started_bonus if started else 0)
            if top is not None:
                strength += card.ongoing_stars
        if top is not None:
            card = top.card
            strength += card.stars + top.bonus
            if player.top_works():
                strength += card.top_stars + card.top_clash_bonus
                strength += card.top_started_bonus if started else 0
        return strength

    # -- continuous effects -----------------------------------------------------------------

    def next_blocked(self, me: Player) -> bool:
        """An opponent's face-up card saying "opponents' Next effects do nothing" (Ongoing, or
        Top while its Top effects work)."""
        for other in self.players:
            if other is me:
                continue
            if any(slot.card.block_next for slot in other.face_up()):
                return True
            top = other.top()
            if top is not None and top.card.top_block_next and other.top_works():
                return True
        return False

    def shielded(self, player: Player) -> bool:
        """Whether opponents cannot flip this player's cards."""
        if any(slot.card.shield for slot in player.face_up()):
            return True
        top = player.top()
        return top is not None and top.card.top_shield and player.top_works()

    def action_does_something(self, slot: Slot) -> bool:
        """Whether using this Action now would do more than flip its card (for players): RP to
        gain, an opponent to drain or a card to flip, a clash its owner is not behind in."""
        owner = self.players[slot.owner]
        others = [other for other in self.players if other is not owner]
        for effect in slot.card.action:
            if effect.do == "gain_rp":
                if effect.per is None:
                    return True
                attribute, wanted = effect.per
                if any(getattr(s.card, attribute) == wanted for s in owner.tableau if s.up):
                    return True
            elif effect.do == "drain_rp":
                if any(other.rp for other in others):
                    return True
            elif effect.do == "clash":
                mine = self.clash_strength(owner, started=True)
                if all(self.clash_strength(other) <= mine for other in others):
                    return True
            elif any(
                not self.shielded(other) and any(s.up for s in other.tableau) for other in others
            ):
                return True
        return False

    # -- the end ----------------------------------------------------------------------------

    def score(self) -> None:
        """ "Score effects are activated during the end of the tournament": each player's
        face-up cards, tableau left to right then board, from the first player clockwise."""
        seated = len(self.players)
        self.event("score", None)
        for step in range(seated):
            player = self.players[(self.first + step) % seated]
            for slot in (*player.tableau, *player.board):
                if slot.up:
                    for effect in slot.card.score:
                        self.resolve(player, slot, effect)

    def event(self, event: str, player: int | None, **data: object) -> None:
        """One entry of the log (docs/game-logs.md); hot paths check `self.log` first."""
        if self.log is not None:
            self.log.append({"turn": self.turn, "event": event, "player": player, **data})
