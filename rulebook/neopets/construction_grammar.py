"""The construction text of a Neopets card, read by a grammar into reviewed data.

Golden Rules: "Whenever card text contradicts the game's rules, the card text takes
precedence." The sentences that change deck building, and their plain variants:
- 8.2.1, 7.9.4: "This card begins (starts) the game in your Rainbow Pool": the card goes in the
  Rainbow Pool, not one of its ten (`begins_in_rainbow_pool`); "This card does not begin the
  game in your Rainbow Pool" says it does not;
- 7.10.1: "This card can be collected as a Map Piece" ("Collect this card as a Map Piece", "You
  may collect this card as a Map Piece"): a Map Piece, one copy (7.10.2)
  (`collectable_as_map_piece`); "This card cannot be collected as a Map Piece" says it is not;
- 7.11.2, 7.8.2: "A deck may contain (hold) any number of <its name> cards" (the CR's own
  words for Codestones), "any number of copies of this card (in your deck)", "... cards named
  <its name>", "Any number of <its name> cards may be in a deck" (its name in any case): no
  copy limit (`any_number_of_copies`). The same said of another card is that card's rule, not
  this one's.
Each may follow an opening clause about building a deck ("When building your deck,", "During
deck construction,", "If you include this card in your deck, it begins ...": construction_text's
`context`), which changes nothing of what it says.
A sentence about play (its verb an action of play, or its subject another player: "Reveal any
number of copies of this card", "Your opponent cannot collect cards as a Map Piece this turn",
"Your Neopet gets +1 Attack for each card in your Rainbow Pool", "Map Pieces in your Inventory
cannot be discarded") changes nothing. A sentence that speaks of the
Rainbow Pool, a Map Piece, copies or including and reads as neither is unread: the card is
refused (`construction_problems`), naming the card, the sentence and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from lark import Token, Tree

from rulebook.core.construction_text import (
    PLAY,
    Grammar,
    Names,
    Reading,
    sentences,
    unread_problems,
)

BEGINS_IN_RAINBOW_POOL = "begins_in_rainbow_pool"
COLLECTABLE_AS_MAP_PIECE = "collectable_as_map_piece"
ANY_NUMBER_OF_COPIES = "any_number_of_copies"
FIELDS = (BEGINS_IN_RAINBOW_POOL, COLLECTABLE_AS_MAP_PIECE, ANY_NUMBER_OF_COPIES)

# The verbs of play (Grammar inflects them): a clause whose verb is one is about play.
_PLAY_VERBS = """
search reveal draw discard look choose shuffle attach remove transform gain deal play give
heal roll reroll take swap prevent reduce increase move use select flip replace skip end ignore
treat show get lose destroy attack defend win return
"""
PLAY_VERBS = frozenset(_PLAY_VERBS.split())
GRAMMAR = Grammar(
    source=r"""
?construction: begins | not_begins | map_piece | not_map_piece | any_number

self: THIS CARD | SELF | IT
container: DECK
pool: (YOUR | THE) RAINBOW POOL
begins: self (BEGINS | STARTS) THE GAME IN pool
not_begins: self negation (BEGIN | START) THE GAME IN pool
          | self NEVER (BEGINS | STARTS) THE GAME IN pool
negation: DOES NOT | CANNOT | MAY NOT | MUST NOT | WILL NOT
a_map_piece: (A | AN)? MAP PIECE
map_piece: self (CAN | MAY) BE COLLECTED AS a_map_piece
         | COLLECT self AS a_map_piece
         | YOU (CAN | MAY) COLLECT self AS a_map_piece
not_map_piece: self (CANNOT | MAY NOT | MUST NOT) BE COLLECTED AS a_map_piece
             | YOU (CANNOT | MAY NOT | MUST NOT) COLLECT self AS a_map_piece
             | DO NOT COLLECT self AS a_map_piece
// 7.8.2, 7.11.2: "A deck may contain (hold) any number of ...", "Any number of X cards may be
// in a deck"
any_number: (A | YOUR | EACH) DECK (MAY | CAN) (CONTAIN | INCLUDE | HAVE | HOLD) any_number_of
          | YOU (MAY | CAN) (INCLUDE | HAVE | PUT) any_number_of
          | ANY NUMBER OF these (MAY | CAN) BE (INCLUDED IN | IN) (YOUR | A | THE | EACH) DECK
any_number_of: ANY NUMBER OF these in_deck?
these: (COPIES | COPY) OF self | (CARDS | COPIES) NAMED named | named CARDS
named: SELF -> own | NAME -> other
in_deck: IN (YOUR | A | THE) DECK

%declare SELF NAME WORD DIGITS QUOTE COMMA PUNCT PLAY_VERB PLACEMENT THIS CARD CARDS YOUR THE
%declare RAINBOW POOL BEGINS STARTS BEGIN START GAME IN DOES NOT CANNOT MAY MUST WILL NEVER A AN
%declare MAP PIECE CAN BE COLLECTED AS COLLECT YOU DO DECK CONTAIN INCLUDE HAVE HOLD ANY NUMBER
%declare OF COPIES COPY NAMED PUT EACH PIECES INCLUDED IT
""",
    construction_words=frozenset(
        {"rainbow", "map", "pieces", "copies", "copy", "include", "included"}
    ),
    clause_words=frozenset({"number"}),
    play_verbs=PLAY_VERBS,
    construction_verbs=frozenset(
        {
            "begins",
            "starts",
            "begin",
            "start",
            "collect",
            "collected",
            "contain",
            "include",
            "included",
            "have",
            "hold",
        }
    ),
)

# What each field says, in words, for a refusal.
_FIELD_WORDS = {
    BEGINS_IN_RAINBOW_POOL: "the card begins the game in the Rainbow Pool (8.2.1)",
    COLLECTABLE_AS_MAP_PIECE: "the card can be collected as a Map Piece (7.10.1)",
    ANY_NUMBER_OF_COPIES: "a deck may contain any number of copies of the card (7.8.2)",
}
_SAYS = {
    "begins": (BEGINS_IN_RAINBOW_POOL, True),
    "not_begins": (BEGINS_IN_RAINBOW_POOL, False),
    "map_piece": (COLLECTABLE_AS_MAP_PIECE, True),
    "not_map_piece": (COLLECTABLE_AS_MAP_PIECE, False),
    "any_number": (ANY_NUMBER_OF_COPIES, True),
}


@lru_cache(maxsize=4096)
def read_construction(name: str, text: str, known: frozenset[str] = frozenset()) -> Reading:
    """The construction data the card's text states (each field True when it says so; absent
    when it does not), and the sentences that speak of construction but do not read."""
    names = Names.of(name, known)
    data: dict[str, Any] = {}
    unread: list[str] = []
    stated_by: dict[str, tuple[str, ...]] = {}
    for sentence in sentences(text, name):
        clause = GRAMMAR.read(sentence, names)
        if clause is None:
            if GRAMMAR.speaks_of_construction(sentence, names):
                unread.append(sentence)
            continue
        if clause == PLAY:
            continue
        assert isinstance(clause, Tree)
        if clause.data == "any_number" and not _about_itself(clause):
            continue  # "any number of cards named X": X's rule, not this card's
        field, value = _SAYS[str(clause.data)]
        if value:
            data[field] = True
        stated_by[field] = (*stated_by.get(field, ()), sentence)
    return Reading(data, tuple(unread), stated_by)


def _about_itself(clause: Tree[Token]) -> bool:
    return not any(node.data == "other" for node in clause.iter_subtrees())


def construction_problems(
    card_type: str,
    name: str,
    text: str,
    attributes: Mapping[str, Any],
    known: Iterable[str] = (),
) -> list[tuple[str, str]]:
    """(field, message) for each sentence of construction the grammar cannot read and each
    field of the card's data its text contradicts (card text takes precedence). A card without
    text has nothing to contradict its data."""
    if not text.strip():
        return []
    reading = read_construction(name, text, frozenset(known))
    problems = unread_problems(name, reading.unread, "construction")
    for field in FIELDS:
        given = attributes.get(field)
        said = reading.data.get(field, False)
        if given is not None and bool(given) != said:
            problems.append(
                (
                    f"attributes.{field}",
                    f"{name}: is {str(bool(given)).lower()}, but the card's text "
                    f"{'says' if said else 'does not say'} that {_FIELD_WORDS[field]} "
                    f"({reading.quoted(field, text)}); card text takes precedence (Golden "
                    "Rules): make the field agree with the text or leave it out",
                )
            )
    return problems


def derived_attributes(
    name: str, text: str, attributes: Mapping[str, Any], known: Iterable[str] = ()
) -> dict[str, Any]:
    """The card's attributes with what its text states kept as data (the validator reads only
    the data)."""
    if not text.strip():
        return dict(attributes)
    said = read_construction(name, text, frozenset(known)).data
    kept = {key: value for key, value in attributes.items() if key not in FIELDS}
    return {**kept, **said}
