"""The construction text of a Neopets card, read by a grammar into reviewed data.

Golden Rules: "Whenever card text contradicts the game's rules, the card text takes
precedence." The sentences that change deck building, and their plain variants:
- 8.2.1, 7.9.4: "This card begins (starts) the game in your Rainbow Pool": the card goes in the
  Rainbow Pool, not one of its ten (`begins_in_rainbow_pool`); "This card does not begin the
  game in your Rainbow Pool" says it does not;
- 7.10.1: "This card can be collected as a Map Piece" ("Collect this card as a Map Piece", "You
  may collect this card as a Map Piece"): a Map Piece, one copy (7.10.2)
  (`collectable_as_map_piece`); "This card cannot be collected as a Map Piece" says it is not;
- 7.11.2, 7.8.2: "A deck may contain any number of <its name> cards" (the CR's own words for
  Codestones), "any number of copies of this card (in your deck)", "... cards named <its name>":
  no copy limit (`any_number_of_copies`). The same said of another card is that card's rule,
  not this one's.
A sentence about play (an effect, a condition, an opponent: "Reveal any number of copies of this
card", "Your opponent cannot collect cards as a Map Piece this turn", "Search your deck for a
card that begins the game in your Rainbow Pool") changes nothing. A sentence that speaks of the
Rainbow Pool, a Map Piece, copies or including and reads as neither is unread: the card is
refused (`construction_problems`), naming the card, the sentence and the field.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from lark import Token, Tree

from rulebook.core.construction_text import Grammar, Names, Reading, sentences, unread_problems

BEGINS_IN_RAINBOW_POOL = "begins_in_rainbow_pool"
COLLECTABLE_AS_MAP_PIECE = "collectable_as_map_piece"
ANY_NUMBER_OF_COPIES = "any_number_of_copies"
FIELDS = (BEGINS_IN_RAINBOW_POOL, COLLECTABLE_AS_MAP_PIECE, ANY_NUMBER_OF_COPIES)

_PLAY_VERBS = (
    "SEARCH REVEAL DRAW DISCARD PUT PLACE RETURN LOOK CHOOSE SHUFFLE ATTACH REMOVE TRANSFORM "
    "GAIN DEAL PLAY GIVE HEAL ROLL REROLL TAKE SWAP ADD PREVENT REDUCE INCREASE MOVE USE SELECT "
    "FLIP REPLACE SKIP END IGNORE TREAT SHOW"
)
GRAMMAR = Grammar(
    source=rf"""
start: construction | play
?construction: begins | not_begins | map_piece | not_map_piece | any_number

self: THIS CARD | SELF
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
any_number: (A | YOUR) DECK (MAY | CAN) (CONTAIN | INCLUDE | HAVE) ANY NUMBER OF these in_deck?
          | YOU (MAY | CAN) (INCLUDE | HAVE | PUT) ANY NUMBER OF these in_deck?
these: (COPIES | COPY) OF self | (CARDS | COPIES) NAMED named | named CARDS
named: SELF -> own | NAME -> other
in_deck: IN (YOUR | A | THE) DECK

play: opener any_token*
opener: WHEN | WHENEVER | IF | AT | DURING | AFTER | BEFORE | ONCE | WHILE | UNTIL | EACH | ALL
      | FOR | THEN | INSTEAD | OTHERWISE
      | verb | YOU modal? verb | self modal? verb
      | (YOUR | EACH | AN) (OPPONENT | OPPONENTS | PLAYER)
      | (THIS | THAT | THE) TURN
modal: MAY | CAN | CANNOT | MUST | MAY NOT | DO NOT | ALSO | MAY ALSO
verb: {" | ".join(_PLAY_VERBS.split())}

%declare SELF NAME WORD DIGITS QUOTE COMMA PUNCT THIS CARD CARDS YOUR THE RAINBOW POOL BEGINS
%declare STARTS BEGIN START GAME IN DOES NOT CANNOT MAY MUST WILL NEVER A AN MAP PIECE CAN BE
%declare COLLECTED AS COLLECT YOU DO DECK CONTAIN INCLUDE HAVE ANY NUMBER OF COPIES COPY NAMED
%declare PUT WHEN WHENEVER IF AT DURING AFTER BEFORE ONCE WHILE UNTIL EACH ALL FOR THEN INSTEAD
%declare OTHERWISE OPPONENT OPPONENTS PLAYER THAT TURN ALSO PIECES INCLUDED
%declare {_PLAY_VERBS.replace(" PUT", "")}
""",
    construction_words=frozenset({"rainbow", "map", "pieces", "copies", "copy", "include",
                                  "included"}),
    clause_words=frozenset({"number"}),
)

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
    for sentence in sentences(text, name):
        tree = GRAMMAR.read(sentence, names)
        if tree is None:
            if GRAMMAR.speaks_of_construction(sentence, names):
                unread.append(sentence)
            continue
        clause = tree.children[0]
        if clause.data == "play":
            continue
        if clause.data == "any_number" and not _about_itself(clause):
            continue  # "any number of cards named X": X's rule, not this card's
        field, value = _SAYS[str(clause.data)]
        if value:
            data[field] = True
    return Reading(data, tuple(unread))


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
                    f"{'says so' if said else 'does not say so'}; card text takes precedence "
                    "(Golden Rules): make the field agree with the text or leave it out",
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
