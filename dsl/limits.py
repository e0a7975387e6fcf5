"""What a game may hold: the limits that bound a deck's memory, as the step budget bounds
its time (docs/language.md §17, docs/security.md).

Each is checked where it can first be known: by the parser or checker when the deck
says it outright (`players 1000`, `x 50000`), by the engine at run time otherwise
(`create n "Big"`, a list built in a loop). A limit hit at run time is an
:class:`~deckwright.dsl.errors.EngineError` naming the deck position, and the action that hit it is
undone like any other failed action.

The figures leave the bundled decks far below them (Dveck Builder, the largest, has
under 400 cards and 6 players; no bundled deck nests lists more than 2 deep, declares
more than 30 variables or keeps a list in one from a decision to the next).
"""

MAX_PLAYERS = 100          # players in one game (`players`, `side ...: players`, --players)
MAX_CARDS = 10_000         # card instances in one game at once, tokens included
MAX_COPIES = MAX_CARDS     # `x N` on one card; all of a deck's copies together too
MAX_VALUE_SIZE = 10_000    # elements in one value, every element of every inner list counted
MAX_VALUE_DEPTH = 20       # lists inside lists inside ... one value
MAX_VARIABLES = 10_000     # variables in a game, a `per player` one once for each player
                           # (at the most players the deck allows)
MAX_HELD_VALUES = 100_000  # values a game holds at once in the lists (and events) of its
                           # variables, counted as for MAX_VALUE_SIZE, and in the lasting
                           # effects its `static` statements made (one each)
FREE_LOOKS = 64            # elements a membership test (`x is in C`) looks through within
                           # its step; a longer list costs a step for each element
MAX_LOG_LINES = 2_000      # log lines kept between two decisions (or in one turn); the
                           # rest are counted in one "… N more lines not kept" line

__all__ = ["MAX_PLAYERS", "MAX_CARDS", "MAX_COPIES", "MAX_VALUE_SIZE", "MAX_VALUE_DEPTH",
           "MAX_VARIABLES", "MAX_HELD_VALUES", "FREE_LOOKS", "MAX_LOG_LINES"]
