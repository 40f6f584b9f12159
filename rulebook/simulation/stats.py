"""Mergeable statistics of a set of games, and the result the API reports from them.

Everything kept is an integer count (or a set of strings), so merging chunks is exact,
associative and commutative: a job split into 1 chunk or 400 gives the same numbers, whatever
order the chunks finished in. Rates and intervals are computed only in `result()`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .wilson import wilson_interval

DECKS = (0, 1)
DECIMALS = 4


class GameOutcome(Protocol):
    """What the statistics read from a played game, whatever the game: every engine's outcome
    has these fields. Per-deck fields are pairs (deck A's, deck B's)."""

    winner: int | None
    first: int
    rounds: int
    turns: int
    battles: int
    damage: int
    plays: tuple[Mapping[str, int], Mapping[str, int]]  # card name -> times played
    # card name -> damage its battles and effects dealt; empty when the engine does not count it
    card_damage: tuple[Mapping[str, int], Mapping[str, int]]
    # the names of the cards each deck drew (opening hand included); None when not counted
    drawn: tuple[Collection[str], Collection[str]] | None
    # named facts of each deck's opening hand (Neopets: "codestone", "mulligan"); rates reported
    opening: tuple[Mapping[str, bool], Mapping[str, bool]]
    unsupported: Mapping[str, Sequence[str]]
    simplifications: Sequence[str]  # the rules the engine plays simpler than they read
    capped: bool  # a draw only because the game reached the engine's turn cap
    log: Sequence[Mapping[str, Any]] | None


@dataclass
class CardTally:
    """One card in one deck: times played, games it was played in and wins among those, damage
    it dealt, and games it was drawn in and wins among those."""

    played: int = 0
    games: int = 0
    wins: int = 0
    damage: int = 0
    drawn: int = 0
    drawn_wins: int = 0

    def merge(self, other: CardTally) -> CardTally:
        return CardTally(
            *(a + b for a, b in zip(vars(self).values(), vars(other).values(), strict=True))
        )


@dataclass
class DeckTally:
    """One deck's counts: wins, the turn-order split, opening hands and the cards it played."""

    wins: int = 0
    first_games: int = 0
    first_wins: int = 0
    second_wins: int = 0
    opening: Counter[str] = field(default_factory=Counter)
    cards: dict[str, CardTally] = field(default_factory=dict)

    def merge(self, other: DeckTally) -> DeckTally:
        cards = {name: CardTally().merge(tally) for name, tally in self.cards.items()}
        for name, tally in other.cards.items():
            cards[name] = cards.get(name, CardTally()).merge(tally)
        return DeckTally(
            wins=self.wins + other.wins,
            first_games=self.first_games + other.first_games,
            first_wins=self.first_wins + other.first_wins,
            second_wins=self.second_wins + other.second_wins,
            opening=_counter_sum(self.opening, other.opening),
            cards=cards,
        )


@dataclass
class SampleGame:
    """The full event log of one game (the job's game 0), for a replay."""

    game: int
    seed: int
    log: list[Any]


class Mergeable:
    """Statistics that merge; merge_all folds any number of parts, in order, into one."""

    @classmethod
    def merge_all(cls, parts: Sequence[Any]) -> Any:
        total = cls()
        for part in parts:
            total = total.merge(part)  # type: ignore[attr-defined]
        return total


@dataclass
class ChunkStats(Mergeable):
    """The statistics of some games of a job: a chunk's, or the merge of several chunks'."""

    games: int = 0
    draws: int = 0
    decks: tuple[DeckTally, DeckTally] = field(default_factory=lambda: (DeckTally(), DeckTally()))
    rounds: Counter[int] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    battles: int = 0
    damage: int = 0
    unsupported: dict[str, set[str]] = field(default_factory=dict)
    simplifications: set[str] = field(default_factory=set)
    capped: int = 0
    sample: SampleGame | None = None

    def add(self, game: GameOutcome, *, number: int, seed: int) -> None:
        """Count one game; `number` and `seed` identify it if its log becomes the sample."""
        self.games += 1
        if game.winner is None:
            self.draws += 1
        for side in DECKS:
            self._count_side(self.decks[side], side, game)
        self.rounds[game.rounds] += 1
        self.turns[game.turns] += 1
        self.battles += game.battles
        self.damage += game.damage
        for name, effects in game.unsupported.items():
            self.unsupported.setdefault(name, set()).update(effects)
        self.simplifications.update(game.simplifications)
        self.capped += game.capped
        if game.log is not None and (self.sample is None or number < self.sample.game):
            self.sample = SampleGame(number, seed, [dict(event) for event in game.log])

    @staticmethod
    def _count_side(tally: DeckTally, side: int, game: GameOutcome) -> None:
        won = game.winner == side
        tally.wins += won
        if game.first == side:
            tally.first_games += 1
            tally.first_wins += won
        else:
            tally.second_wins += won
        tally.opening.update(fact for fact, held in game.opening[side].items() if held)
        for fact in game.opening[side]:
            tally.opening[fact] += 0  # a fact never held still reports its rate, 0
        for name, times in game.plays[side].items():
            if times:
                card = tally.cards.setdefault(name, CardTally())
                card.played += times
                card.games += 1
                card.wins += won
        for name, amount in game.card_damage[side].items():
            tally.cards.setdefault(name, CardTally()).damage += amount
        if game.drawn is not None:
            for name in game.drawn[side]:
                card = tally.cards.setdefault(name, CardTally())
                card.drawn += 1
                card.drawn_wins += won

    def merge(self, other: ChunkStats) -> ChunkStats:
        """The statistics of both sets of games together; neither operand is changed."""
        unsupported = {name: set(effects) for name, effects in self.unsupported.items()}
        for name, effects in other.unsupported.items():
            unsupported.setdefault(name, set()).update(effects)
        samples = [s for s in (self.sample, other.sample) if s is not None]
        return ChunkStats(
            games=self.games + other.games,
            draws=self.draws + other.draws,
            decks=(self.decks[0].merge(other.decks[0]), self.decks[1].merge(other.decks[1])),
            rounds=self.rounds + other.rounds,
            turns=self.turns + other.turns,
            battles=self.battles + other.battles,
            damage=self.damage + other.damage,
            unsupported=unsupported,
            simplifications=self.simplifications | other.simplifications,
            capped=self.capped + other.capped,
            sample=min(samples, key=lambda s: s.game) if samples else None,
        )

    # JSON form, as stored in a chunk's row: counts only, histogram keys as strings.

    def as_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "draws": self.draws,
            "decks": [_deck_json(tally) for tally in self.decks],
            "rounds": _histogram_json(self.rounds),
            "turns": _histogram_json(self.turns),
            "battles": self.battles,
            "damage": self.damage,
            "unsupported": {name: sorted(effects) for name, effects in self.unsupported.items()},
            "simplifications": sorted(self.simplifications),
            "capped": self.capped,
            "sample": None if self.sample is None else vars(self.sample).copy(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChunkStats:
        sample = data.get("sample")
        return cls(
            games=data["games"],
            draws=data["draws"],
            decks=(_deck_from_json(data["decks"][0]), _deck_from_json(data["decks"][1])),
            rounds=Counter({int(k): v for k, v in data["rounds"].items()}),
            turns=Counter({int(k): v for k, v in data["turns"].items()}),
            battles=data["battles"],
            damage=data["damage"],
            unsupported={name: set(effects) for name, effects in data["unsupported"].items()},
            # chunks stored before these were counted have neither
            simplifications=set(data.get("simplifications", ())),
            capped=data.get("capped", 0),
            sample=None if sample is None else SampleGame(**sample),
        )

    def result(self) -> dict[str, Any]:
        """The figures a user reads: win rates with Wilson 95% intervals and the rest."""
        wins = [tally.wins for tally in self.decks]
        return {
            "games": self.games,
            "wins": wins,
            "draws": self.draws,
            "win_rate": [_rate(w, self.games) for w in wins],
            "ci95": [_interval(w, self.games) for w in wins],
            "turn_order": [self._turn_order(tally) for tally in self.decks],
            "rounds": _distribution(self.rounds),
            "turns": _distribution(self.turns),
            "battles": self.battles,
            "average_damage_per_battle": _rate(self.damage, self.battles),
            "cards": [_cards_result(tally, self.unsupported) for tally in self.decks],
            "opening_hand": [self._opening(tally) for tally in self.decks],
            "unsupported": {
                name: sorted(self.unsupported[name]) for name in sorted(self.unsupported)
            },
            "simplifications": sorted(self.simplifications),
            "draws_at_turn_cap": self.capped,
            "sample_game": None if self.sample is None else vars(self.sample).copy(),
        }

    def _turn_order(self, tally: DeckTally) -> dict[str, Any]:
        """A deck's record when it took the game's first turn and when its opponent did."""
        second_games = self.games - tally.first_games
        return {
            "first": _record(tally.first_wins, tally.first_games),
            "second": _record(tally.second_wins, second_games),
        }

    def _opening(self, tally: DeckTally) -> dict[str, Any]:
        return {f"{fact}_rate": _rate(tally.opening[fact], self.games) for fact in tally.opening}


def _counter_sum(a: Counter[str], b: Counter[str]) -> Counter[str]:
    """a + b keeping zero counts (Counter's + drops them): a fact never seen still has a rate."""
    total = Counter(a)
    total.update(b)
    return total


def _rate(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, DECIMALS) if denominator else None


def _interval(successes: int, trials: int) -> list[float] | None:
    bounds = wilson_interval(successes, trials)
    return None if bounds is None else [round(bound, DECIMALS) for bound in bounds]


def _record(wins: int, games: int) -> dict[str, Any]:
    return {
        "games": games,
        "wins": wins,
        "win_rate": _rate(wins, games),
        "ci95": _interval(wins, games),
    }


def _distribution(histogram: Counter[int]) -> dict[str, Any]:
    total = sum(histogram.values())
    weighted = sum(value * count for value, count in histogram.items())
    return {
        "histogram": {str(value): histogram[value] for value in sorted(histogram)},
        "mean": _rate(weighted, total),
    }


def _cards_result(
    tally: DeckTally, unsupported: Mapping[str, set[str]]
) -> dict[str, dict[str, Any]]:
    """Per card: times played and the deck's record in the games where it was played, damage
    dealt, the deck's record in the games where it was drawn (engines that count draws), and
    the card's parts the engine cannot play."""
    return {
        name: _card_result(card, unsupported.get(name))
        for name, card in sorted(tally.cards.items())
    }


def _card_result(card: CardTally, unplayable: set[str] | None) -> dict[str, Any]:
    result = {"played": card.played, **_record(card.wins, card.games), "damage": card.damage}
    if card.drawn:
        result["when_drawn"] = _record(card.drawn_wins, card.drawn)
    result["unplayable"] = sorted(unplayable or ())
    return result


def _histogram_json(histogram: Counter[int]) -> dict[str, int]:
    return {str(value): histogram[value] for value in sorted(histogram)}


def _deck_json(tally: DeckTally) -> dict[str, Any]:
    data = {k: v for k, v in vars(tally).items() if k not in ("cards", "opening")}
    data["opening"] = dict(sorted(tally.opening.items()))
    data["cards"] = {name: vars(card).copy() for name, card in sorted(tally.cards.items())}
    return data


def _deck_from_json(data: Mapping[str, Any]) -> DeckTally:
    counts = {k: v for k, v in data.items() if k not in ("cards", "opening")}
    cards = {name: CardTally(**card) for name, card in data["cards"].items()}
    return DeckTally(**counts, opening=Counter(data["opening"]), cards=cards)
