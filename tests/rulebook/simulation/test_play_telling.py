"""A game against the bot told to the person (issue 42): the engines' own events in words (dice
and their results, damage, cards played, turns), only what the person's seat may know (a card
the bot drew or set face down is never named), and every option and answer in words a person
reads, never a bare number, an index or a seat's number."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from rulebook.core.telling import Reader
from rulebook.samples import SAMPLES
from rulebook.simulation import engine_for
from rulebook.simulation.person import PersonGame

GAMES = ("neopets", "keeper", "metazoo", "millennium-blades")


def decks(slug: str, seats: int = 2):
    engine = engine_for(slug)
    names = SAMPLES[slug].names()
    return engine, [engine.prepare(SAMPLES[slug].deck(names[i % len(names)])) for i in range(seats)]


def played(slug: str, seed: int, bot: str = "default", seats: int = 2, walk=None) -> PersonGame:
    """A whole game, the person picking at random; `walk(game)` sees each step first."""
    engine, seated = decks(slug, seats)
    game, rng = PersonGame(engine, seated, seed, bot), random.Random(seed)
    while (pending := game.pending) is not None:
        if walk is not None:
            walk(game)
        game.answer(rng.randrange(len(pending.options)))
    return game


def names_of(slug: str, seats: int = 2) -> set[str]:
    """Every card name of the seats' decks."""
    names = SAMPLES[slug].names()
    return {
        entry.card.name
        for seat in range(seats)
        for section in SAMPLES[slug].deck(names[seat % len(names)]).sections.values()
        for entry in section
    }


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("bot", ["default", "random"])
def test_every_event_of_a_game_reads_in_words(slug, bot):
    game = played(slug, 11, bot)
    told = game.told
    assert told, "a whole game tells something"
    assert all(not line.text[0].islower() and "{" not in line.text for line in told)
    assert "None" not in " ".join(line.text for line in told)
    # each turn is marked, and the game's end
    assert any(line.text.startswith("Turn 1:") for line in told) or slug == "millennium-blades"
    assert re.search(r"is over", told[-1].text)
    # the events are placed among the answers, in order
    befores = [line.before for line in told]
    assert befores == sorted(befores) and befores[-1] <= len(game.entries)


# What the bot did to the person, in words: its dice and their results, the damage it dealt.
BOT_DID = {
    "neopets": [
        r"^The bot attacked: attack dice \d(, \d)*( and \d)? against defence dice",
        r"^Your Neopet took \d+ damage \(\d+ of its \d+ HP\)",
    ],
    "keeper": [r"^The bot attacked you with .+: attack dice \d", r"^You lost \d+ hitpoints"],
    "metazoo": [r"^The bot's .+ attacked .+ with .+", r"took \d+ Damage.*: \d+ LP"],
    "millennium-blades": [r"^The bot revealed .+ \(\d+ stars?;", r"^The bot gained \d+ RP by"],
}


@pytest.mark.parametrize("slug", GAMES)
def test_the_bots_dice_and_damage_read_in_words(slug):
    texts = [line.text for seed in (3, 4, 5) for line in played(slug, seed).told]
    for pattern in BOT_DID[slug]:
        assert any(re.search(pattern, text) for text in texts), pattern


# The events that put a card where only its owner sees it (a hand, the reserves, a Resource
# Zone, face down), by engine: another seat reads them without a card's name.
PRIVATE_EVENTS = {
    "neopets": {"draw", "search"},  # CR 9.11: the Inventory is hidden
    "keeper": {"draw", "setup", "swap", "place", "set"},  # the hand, reserves, resources, traps
    "metazoo": {"bookmark", "trap", "trap_moved", "trap_uncovered"},  # the Chapter, face down
    "millennium-blades": {"setup"},  # a hand of Singles
}


@pytest.mark.parametrize("slug", GAMES)
def test_what_the_bot_drew_or_set_face_down_is_never_named(slug):
    """Each event of the bot's putting a card where only it sees it, read from the person's
    seat, names no card of either deck: "the bot drew a card", "the bot set a trap"."""
    engine, seated = decks(slug)
    names = names_of(slug)
    checked = Counter()
    for seed in (1, 2, 3):
        game = played(slug, seed)
        reader = Reader(0, 2, seated)
        for event in game.state.log:
            words = engine.telling.events[event["event"]]
            text = words(reader, event) if words is not None else None
            if event["event"] in PRIVATE_EVENTS[slug] and event["player"] == 1:
                checked[event["event"]] += 1
                # (a Millennium Blades board is public: its hand's Singles are not)
                hidden = set(event["hand"]) if slug == "millennium-blades" else names
                assert text is None or not any(name in text for name in hidden), text
    assert checked, "the bot kept nothing hidden in three games?"


def test_the_bots_draw_is_a_count_and_the_persons_is_named():
    """Keeper: the person reads the names of the cards they drew, the bot's only as a count."""
    game = played("keeper", 2)
    draws = [line.text for line in game.told if line.event == "draw"]
    assert any(re.match(r"^The bot drew \d+ cards? \(\d+ left", text) for text in draws)
    names = names_of("keeper")
    mine = [text for text in draws if text.startswith("You drew")]
    assert mine and all(any(name in text for name in names) for text in mine)


# An option or an answer that reads as an index, a seat's number or a bare number.
UNREAD = re.compile(r"^\s*\d+\s*$|\bseat \d|\[\d|\b\d+ seat\b|\(\d+\)$| \d+ (seat|caster)")


@pytest.mark.parametrize("slug", GAMES)
def test_no_option_or_answer_reads_as_a_number_or_an_index(slug):
    """Every kind of decision the person meets in a dozen games (the default and the random
    bot), each option's words, and every answer of the history, the bots' too."""
    kinds: Counter[str] = Counter()
    seats = 3 if slug == "millennium-blades" else 2

    def walk(game: PersonGame) -> None:
        kinds[game.state.decision.kind] += 1
        for text in game.pending.options:
            assert not UNREAD.search(text), (game.state.decision.kind, text)
        assert not UNREAD.search(game.pending.prompt), game.pending.prompt

    for seed in range(6):
        for bot in ("default", "random"):
            game = played(slug, seed, bot, seats, walk)
            for entry in game.entries:
                assert not UNREAD.search(entry.text), (entry.question, entry.text)
    questions = engine_for(slug).play.game_class.QUESTIONS
    assert len(kinds) >= min(4, len(questions)), kinds


def test_the_options_named_in_the_issue_read_as_the_rulebook_says():
    """Neopets' rerolls by die and face, MetaZoo's Attacks by Beastie, Attack and target,
    Millennium Blades' opponents by who they are (issue 42)."""
    seen: dict[str, list[str]] = {"rerolls": [], "action": [], "drain": []}

    def walk(game: PersonGame) -> None:
        kind = game.state.decision.kind
        if kind in seen:
            seen[kind].extend(game.pending.options)

    for seed in range(8):
        played("neopets", seed, walk=walk)
        played("metazoo", seed, walk=walk)
        played("millennium-blades", seed, seats=3, walk=walk)
    assert any(re.fullmatch(r"Reroll the \d \(die \d\)", text) for text in seen["rerolls"])
    attacks = [text for text in seen["action"] if " attacks with " in text]
    assert attacks and all(re.fullmatch(r".+ attacks with .+ → .+", text) for text in attacks)
    assert seen["drain"] and all(
        re.fullmatch(r"bot \d \(\d+ RP\)", text) for text in seen["drain"]
    ), seen["drain"]


def test_the_cards_the_bot_places_as_resources_read_hidden():
    """Keeper's Resource Zone is not public knowledge: the bot's answer placing its resources
    reads "(hidden)", as its reserves do."""
    game = played("keeper", 2)
    placed = [
        entry.text
        for entry in game.entries
        if entry.seat == 1 and entry.question.startswith("Which cards do you place as resources")
    ]
    assert placed and set(placed) == {"(hidden)"}


def test_a_card_leaving_the_bots_graveyard_is_named_only_if_the_person_saw_it():
    """Keeper rulebook, Graveyard: "The contents of the graveyard are not public knowledge": a
    card destroyed from the bot's graveyard reads "a card" unless it was shown to the person
    (put there from play, in the open), and then by its name."""
    engine = engine_for("keeper")
    reader = Reader(0, 2)
    reader.number(7, "Fire Bolt", owner=1)  # the bot's card, never shown
    reader.number(8, "Ice Wall", owner=1)
    reader.show(8)  # destroyed in play, face up, before it went to the graveyard
    destroyed = engine.telling.events["destroyed"]
    unseen = {"event": "destroyed", "player": 0, "n": 7, "from": "graveyard", "of": 1}
    seen = {**unseen, "n": 8}
    assert destroyed(reader, unseen) == "a card was destroyed from the bot's graveyard"
    assert destroyed(reader, seen) == "Ice Wall was destroyed from the bot's graveyard"
