"""Mergeable statistics of a set of games, and the result the API reports from them.

The statistics read what every game's Outcome (rulebook.core.outcome) has, whatever the game and
however many seats: each seat's placement, the seat that went first, the game's figures and each
seat's (plays, damage per card, cards drawn, opening-hand facts). Everything kept is an integer
count (or a set of strings), per seat for any number of seats, so merging chunks is exact,
associative and commutative: a job split into 1 chunk or 400 gives the same numbers, whatever
order the chunks finished in. Rates and intervals are computed only in `result()`.

A seat "wins" a game it placed first alone; a game whose first place is shared is a draw. Each
seat's placements are counted too (`DeckTally.placements`), for a table game's report; the
result of a two-seat match is the one the API has always answered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any, Self

from rulebook.core.outcome import Outcome

from .wilson import wilson_interval

SEATS = 2  # the seats of a match, and of statistics made without saying
DECIMALS = 4


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
    """One seat's counts: wins (placed first alone), placements (placement -> games), the
    turn-order split (games it went first, and its wins going first and not), opening hands and
    the cards it played."""

    wins: int = 0
    first_games: int = 0
    first_wins: int = 0
    second_wins: int = 0
    placements: Counter[int] = field(default_factory=Counter)
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
            placements=self.placements + other.placements,
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

    def merge(self, other: Self) -> Self:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        raise NotImplementedError

    @classmethod
    def merge_all(cls, parts: Sequence[Self]) -> Self:
        total = cls()
        for part in parts:
            total = total.merge(part)
        return total

    @classmethod
    def merge_json(cls, parts: Iterable[Mapping[str, Any]]) -> Self:
        """Parts kept as JSON (each part's `as_json`), merged in order."""
        return cls.merge_all([cls.from_json(part) for part in parts])


@dataclass
class ChunkStats(Mergeable):
    """The statistics of some games of a job: a chunk's, or the merge of several chunks'.

    `decks` holds each seat's tally, in seat order (two unless made `for_seats`); statistics of
    different seat counts merge as if the fewer had the missing seats with no games.
    `totals` and `histograms` count every whole-number figure of the games (its sum, and
    value -> games).
    """

    games: int = 0
    draws: int = 0
    decks: tuple[DeckTally, ...] = field(
        default_factory=lambda: tuple(DeckTally() for _ in range(SEATS))
    )
    totals: Counter[str] = field(default_factory=Counter)
    histograms: dict[str, Counter[int]] = field(default_factory=dict)
    unsupported: dict[str, set[str]] = field(default_factory=dict)
    simplifications: set[str] = field(default_factory=set)
    capped: int = 0
    sample: SampleGame | None = None

    @classmethod
    def for_seats(cls, seats: int) -> ChunkStats:
        """No games yet, of `seats` seats."""
        return cls(decks=tuple(DeckTally() for _ in range(seats)))

    def add(self, game: Outcome, *, number: int, seed: int) -> None:
        """Count one game; `number` and `seed` identify it if its log becomes the sample."""
        self.games += 1
        placements = game.placements
        if len(placements) > len(self.decks):
            self.decks += tuple(DeckTally() for _ in range(len(placements) - len(self.decks)))
        alone = placements.count(1) == 1
        if not alone:
            self.draws += 1
        for seat, placement in enumerate(placements):
            self._count_seat(self.decks[seat], seat, placement, alone and placement == 1, game)
        totals, histograms = self.totals, self.histograms
        for name, value in game.figures.items():
            if isinstance(value, int):
                totals[name] += value
                histogram = histograms.get(name)
                if histogram is None:
                    histogram = histograms[name] = Counter()
                histogram[value] += 1
        for name, effects in game.unsupported.items():
            self.unsupported.setdefault(name, set()).update(effects)
        self.simplifications.update(game.simplifications)
        self.capped += game.capped
        if game.log is not None and (self.sample is None or number < self.sample.game):
            self.sample = SampleGame(number, seed, [dict(event) for event in game.log])

    @staticmethod
    def _count_seat(tally: DeckTally, seat: int, placement: int, won: bool, game: Outcome) -> None:
        # Run for every seat of every game, so written for speed (issue 44: a job's statistics
        # were a tenth of its time): a card's tally is made only when the card is first seen,
        # and each figure is read once.
        tally.wins += won
        tally.placements[placement] += 1
        if game.first == seat:
            tally.first_games += 1
            tally.first_wins += won
        else:
            tally.second_wins += won
        figures = game.seats[seat]
        opening = figures.get("opening")
        if opening:
            counts = tally.opening
            for fact, held in opening.items():
                counts[fact] += 1 if held else 0  # a fact never held still reports its rate, 0
        cards = tally.cards
        plays = figures.get("plays")
        if plays:
            for name, times in plays.items():
                if times:
                    card = cards.get(name)
                    if card is None:
                        card = cards[name] = CardTally()
                    card.played += times
                    card.games += 1
                    card.wins += won
        damage = figures.get("card_damage")
        if damage:
            for name, amount in damage.items():
                card = cards.get(name)
                if card is None:
                    card = cards[name] = CardTally()
                card.damage += amount
        drawn = figures.get("drawn")
        if drawn:
            for name in drawn:
                card = cards.get(name)
                if card is None:
                    card = cards[name] = CardTally()
                card.drawn += 1
                card.drawn_wins += won

    def merge(self, other: ChunkStats) -> ChunkStats:
        """The statistics of both sets of games together; neither operand is changed."""
        unsupported = {name: set(effects) for name, effects in self.unsupported.items()}
        for name, effects in other.unsupported.items():
            unsupported.setdefault(name, set()).update(effects)
        histograms = {name: Counter(counts) for name, counts in self.histograms.items()}
        for name, counts in other.histograms.items():
            histograms[name] = histograms.get(name, Counter()) + counts
        samples = [s for s in (self.sample, other.sample) if s is not None]
        return ChunkStats(
            games=self.games + other.games,
            draws=self.draws + other.draws,
            decks=tuple(
                mine.merge(theirs)
                for mine, theirs in zip_longest(self.decks, other.decks, fillvalue=DeckTally())
            ),
            totals=_counter_sum(self.totals, other.totals),
            histograms=histograms,
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
            "totals": dict(sorted(self.totals.items())),
            "histograms": {
                name: _histogram_json(self.histograms[name]) for name in sorted(self.histograms)
            },
            "unsupported": {name: sorted(effects) for name, effects in self.unsupported.items()},
            "simplifications": sorted(self.simplifications),
            "capped": self.capped,
            "sample": None if self.sample is None else vars(self.sample).copy(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ChunkStats:
        sample = data.get("sample")
        if "histograms" in data:
            totals = Counter(data["totals"])
            histograms = {
                name: _histogram_from_json(counts) for name, counts in data["histograms"].items()
            }
        else:  # a two-seat chunk stored before figures were generic: its four figures
            histograms = {name: _histogram_from_json(data[name]) for name in ("rounds", "turns")}
            totals = Counter({"battles": data["battles"], "damage": data["damage"]})
            for name, histogram in histograms.items():
                totals[name] = sum(value * games for value, games in histogram.items())
        games, draws = data["games"], data["draws"]
        return cls(
            games=games,
            draws=draws,
            decks=tuple(_deck_from_json(deck, games, draws) for deck in data["decks"]),
            totals=totals,
            histograms=histograms,
            unsupported={name: set(effects) for name, effects in data["unsupported"].items()},
            # chunks stored before these were counted have neither
            simplifications=set(data.get("simplifications", ())),
            capped=data.get("capped", 0),
            sample=None if sample is None else SampleGame(**sample),
        )

    def result(self) -> dict[str, Any]:
        """The figures a user reads: win rates with Wilson 95% intervals and the rest."""
        wins = [tally.wins for tally in self.decks]
        totals = self.totals
        return {
            "games": self.games,
            "wins": wins,
            "draws": self.draws,
            "win_rate": [_rate(w, self.games) for w in wins],
            "ci95": [_interval(w, self.games) for w in wins],
            "turn_order": [self._turn_order(tally) for tally in self.decks],
            "rounds": _distribution(self.histograms.get("rounds", Counter())),
            "turns": _distribution(self.histograms.get("turns", Counter())),
            "battles": totals["battles"],
            "average_damage_per_battle": _rate(totals["damage"], totals["battles"]),
            "cards": [_cards_result(tally, self.unsupported) for tally in self.decks],
            "opening_hand": [self._opening(tally) for tally in self.decks],
            "unsupported": {
                name: sorted(self.unsupported[name]) for name in sorted(self.unsupported)
            },
            "simplifications": sorted(self.simplifications),
            "draws_at_turn_cap": self.capped,
            "sample_game": None if self.sample is None else vars(self.sample).copy(),
        }

    def placements(self) -> list[dict[int, int]]:
        """Each seat's games by placement (1 = first; a shared placement counts for each seat
        sharing it): what a table game of more than two seats reports."""
        return [dict(sorted(tally.placements.items())) for tally in self.decks]

    def _turn_order(self, tally: DeckTally) -> dict[str, Any]:
        """A deck's record when it took the game's first turn and when its opponent did."""
        second_games = self.games - tally.first_games
        return {
            "first": _record(tally.first_wins, tally.first_games),
            "second": _record(tally.second_wins, second_games),
        }

    def _opening(self, tally: DeckTally) -> dict[str, Any]:
        return {f"{fact}_rate": _rate(tally.opening[fact], self.games) for fact in tally.opening}


def _counter_sum(a: Counter[Any], b: Counter[Any]) -> Counter[Any]:
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


def _histogram_from_json(data: Mapping[str, int]) -> Counter[int]:
    return Counter({int(value): games for value, games in data.items()})


_TALLIES = ("cards", "opening", "placements")


def _deck_json(tally: DeckTally) -> dict[str, Any]:
    data = {k: v for k, v in vars(tally).items() if k not in _TALLIES}
    data["placements"] = _histogram_json(tally.placements)
    data["opening"] = dict(sorted(tally.opening.items()))
    data["cards"] = {name: vars(card).copy() for name, card in sorted(tally.cards.items())}
    return data


def _deck_from_json(data: Mapping[str, Any], games: int, draws: int) -> DeckTally:
    counts = {k: v for k, v in data.items() if k not in _TALLIES}
    cards = {name: CardTally(**card) for name, card in data["cards"].items()}
    if "placements" in data:
        placements = _histogram_from_json(data["placements"])
    else:  # stored before placements were counted: a two-seat chunk, whose draws shared first
        first = counts["wins"] + draws
        placements = +Counter({1: first, 2: games - first})
    return DeckTally(**counts, placements=placements, opening=Counter(data["opening"]), cards=cards)
