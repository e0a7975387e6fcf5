"""What each built-in statement does, for hover: one table, in the language reference's
words (docs/language.md, section 8).

Each keyword a statement begins with (:func:`deckwright.grammar.statement_words`) has its
forms, as the reference writes them, and sentences of the reference that say what it
does (each shown as a sentence); tests/test_lsp_analysis.py checks that the table covers
every such keyword and that each form and sentence is the reference's, word for word.
"""
from __future__ import annotations

from typing import Optional

# Sentences the reference says of two statements at once.
_COUNTERS = ("`counter_added` / `counter_removed` events",
             "removing more than there are removes what there is")
_RESOURCES = ("always `you`'s resource (use `as p { lose 2 gears }` for someone else's).",
              "Zero or negative amounts do nothing.",
              "The result is clamped to the resource's `min`/`max`.",
              "`gain` and `lose` are events.")
_MARKS = ("without a duration the mark stays until removed, or until the card leaves play",
          "tested with `x has MARK`")
_STATICS = ("As a statement, `until end of turn static ...` adds a static effect (section 7) "
            "until the end of the current turn; `static ...` adds one for the rest of the game.",
            "`you` and `this` of the static are those of the statement that made it.")

VERBS = {
    "move": (("move CARDS to ZONE [at top | at bottom | at random | at N]",), (
        "default `at top`; `at N` puts the card N cards down from the top (`at 0` is the top).",
        "Moving is an event (`move`, plus `enter` when a card comes into play and `leave` "
        "when it goes out of play, section 13).",
        "A card moved into a full zone stays where it was.")),
    "shuffle": (("shuffle ZONE",), (
        "shuffles with the game's random generator (`shuffle` event).",)),
    "reveal": (("reveal CARDS",), (
        "writes \"P1 reveals ...\" to the log; no other effect.",)),
    "face": (("face up CARDS", "face down CARDS"), (
        "turns the cards (`c.face_up`); a later move sets it again from the destination's "
        "visibility.",)),
    "turn": (("turn CARDS sideways", "turn CARDS upside down", "turn CARDS upright"), (
        "how a card in play lies (a card out of play always lies upright, and one that "
        "leaves play is straightened).",
        "Each card that changes is an `orient` event (section 13).")),
    "attach": (("attach CARDS to CARD",), (
        "the cards join the host's zone (moving there if needed) and are attached "
        "(`c.host`, `cards attached to h`, `h.attachments`; `attach` event).",
        "`detach CARDS` ends it.", "Leaving play always detaches.")),
    "detach": (("detach CARDS",), ("`detach CARDS` ends it.", "Leaving play always detaches.")),
    "give": (("give control of CARDS to PLAYER", "give CARDS to PLAYER"), (
        "for cards in play; a card in a per-player zone moves to the new controller's zone "
        "of the same name (it stays in play: no enter or leave events); `control` event.",
        "changes the owner (and, for cards not in play, the controller) of cards in play or "
        "in a shared zone; `give CARDS to none` makes them nobody's.")),
    "transform": (("transform CARDS into NAME",), (
        "each card becomes another card definition where it stands (NAME is text: a card's "
        "name in quotes, or an expression giving one).",
        "It is the same instance: zone, owner, controller, counters, marks and attachments "
        "stay, and there are no `leave`/`enter` events; from then on it has the new card's "
        "types, properties and text.",
        "A `transform` event follows (section 13).")),
    "put": (("put N COUNTER on CARDS",), _COUNTERS),
    "remove": (("remove N COUNTER from CARDS", "remove all COUNTER from CARDS"), _COUNTERS),
    "gain": (("gain N RESOURCE",), _RESOURCES),
    "lose": (("lose N RESOURCE", "lose all RESOURCE"), _RESOURCES),
    "set": (("set NAME [of PLAYER] to VALUE",), (
        "a resource (clamped, no event) or a variable.",)),
    "create": (("create N \"CARD\" in ZONE", "create N copies of CARD in ZONE",
                "create library in ZONE [if CONDITION]"), (
        "makes N new instances (of a card or a token) in the zone, owned by the zone's "
        "owner, or by `you` for a shared zone; a `create` event for each.",
        "Creating stops when the zone is full (its `capacity`).")),
    "let": (("let NAME = VALUE",), (
        "makes a local name for the rest of the block (and blocks inside it); `NAME = "
        "VALUE` changes a local or a global `var`.",)),
    "mark": (("mark PLAYERS-OR-CARDS with MARK [DURATION]",), _MARKS),
    "unmark": (("unmark TARGET MARK",), _MARKS),
    "resolve": (("resolve CARD",), (
        "runs the card's `effect` with `this` = that card (a `resolve` event).",)),
    "negate": (("negate",), (
        "in a `before` reaction, cancels the event being reacted to.",
        "Allowed wherever `event` exists (the checker refuses it elsewhere), but only a "
        "`before` reaction can stop anything.")),
    "use": (("use LIMIT", "use ability [\"NAME\"] of CARD"), (
        "spends one of `you`'s per-turn LIMIT (or a `substitute`); an error if none is left.",
        "runs one of the card's abilities (printed, copied or granted, working where the "
        "card is) as `you` would use their own: `this` is that card, `you` the user, and "
        "the ability's `if` must hold for the user (unless it is `always usable`).")),
    "offer": (("offer MOVE, MOVE, ... [, abilities]",), (
        "`you` may make any number of the listed moves (and, with `abilities`, use "
        "abilities of cards they control), one at a time, until they choose `pass` or "
        "nothing but `pass` is left (section 14).",)),
    "end": (("end game winner PLAYER-OR-PLAYERS", "end game draw", "end game by most RESOURCE"), (
        "the game ends at once.",
        "`by most` makes every living player with the highest amount a winner; if all "
        "living players are tied (with more than one), it is a draw.")),
    "eliminate": (("eliminate PLAYERS",), (
        "they are out (`p.alive` is false): skipped by turn order and by "
        "`players`/`opponents`.",
        "The game does not end by itself; say when it does, e.g. `whenever count players "
        "== 1 { end game winner first(players) }`.")),
    "extra": (("extra turn [for PLAYERS]",), (
        "(default `you`): each takes a turn right after the current one, in the order "
        "given (several extra turns are taken first given, first taken); then the order "
        "goes on from the turn they followed.",)),
    "skip": (("skip next turn [of PLAYERS]",), (
        "(default `you`): the next turn each would take, extra or regular, passes them by "
        "(the log says \"P2's turn is skipped\"); given twice, two.",)),
    "reverse": (("reverse turn order",), (
        "the order runs the other way round (by seat: P1, P4, P3...; by side: the sides "
        "in reverse, and each side's players too); given again, it turns back.",)),
    "say": (("say \"TEXT\"",), (
        "writes \"P1: TEXT\" to the log.",
        "TEXT may show values of the game, `{EXPR}`, as a refusal's words do (section 4, "
        "`move`): any expression the statement could read where it stands, read as it "
        "runs; `\\{` is a brace.")),
    "pass": (("pass",), ("`pass` does nothing.",)),
    "if": (("if COND { } [else { } | else if ...]",), ("`else` on the same line as `}`.",)),
    "for": (("for each NAME in COLLECTION { }",
             "for each NAME in COLLECTION ordered by KEY [descending | ascending] { }",
             "for each NAME in COLLECTION grouped by KEY [descending | ascending] { }"), (
        "cards, players, a list, a zone (its cards) or zones.",
        "The collection is read once, before the first pass.")),
    "repeat": (("repeat N { }",), ("runs N times (none if N is `none` or below 1).",)),
    "while": (("while COND { }",), ("guarded by the step budget (section 17).",)),
    "choose": (("choose NAME from COLLECTION [OPTIONS] [{ ... }]",
                "choose one [by PLAYER] { \"LABEL\" [if COND] { ... } ... }"), (
        "Without `up to` or `exactly`, exactly one is chosen.",
        "The block runs once per chosen element, with NAME bound to it; NAME exists only "
        "inside the block.")),
    "divide": (("divide AMOUNT among TARGETS [OPTIONS] as TARGET, SHARE { ... }",), (
        "The block then runs once for each target given a share, in the targets' order, "
        "with TARGET bound to it and SHARE to its share.",)),
    "may": (("may [by PLAYER] [secret] [\"PROMPT\"] { ... }",), (
        "a yes/no question; the block runs on yes.",
        "With `secret` the answer is hidden from the other players (the log shows only "
        "that the player chose), as with `choose ... secret`.")),
    "as": (("as PLAYER { }",), (
        "`you` is that player inside (`this` and `event` unchanged); nothing happens if "
        "the player is `none`.",)),
    "simultaneously": (("simultaneously { }",), (
        "`whenever` rules are not checked until the block ends, so effects inside it all "
        "happen before any threshold is looked at.",)),
    "phase": (("phase NAME { }",), (
        "the current phase is NAME while the block runs; `phase_start`/`phase_end` "
        "events; `whenever` rules are checked afterwards.",)),
    "until": (("until end of turn static ...",), _STATICS),
    "static": (("static ...",), _STATICS),
}


def verb_hover(word: str) -> Optional[str]:
    """Markdown for the statement that ``word`` begins: its forms and what it does."""
    entry = VERBS.get(word)
    if entry is None:
        return None
    forms, says = entry
    text = " ".join(_sentence(s) for s in says)
    return "\n".join([f"**{word}** (built-in statement)", "", "```deckwright", *forms, "```",
                      "", text, "", "docs/language.md, section 8"])


def _sentence(fragment: str) -> str:
    fragment = fragment[0].upper() + fragment[1:]
    return fragment if fragment.endswith(".") else fragment + "."
