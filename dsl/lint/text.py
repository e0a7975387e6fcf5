"""Rules: printed text versus effect."""
from __future__ import annotations

import re

from .. import ast as A
from ..errors import SourcePosition
from .base import Rule
from .facts import _sel_words, _singular, card_parts, walk


NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twice": 2}


class _TextRule(Rule):
    severity = "warning"

    def cards(self, ctx):
        """(card, its text with names and cost labels blanked, its effect's nodes), once
        per lint run and shared by the text rules."""
        cached = getattr(ctx, "_text_cards", None)
        if cached is not None:
            return cached
        f = ctx.facts
        # Multi-word names ("hand size", "Tin Soldier") are not the words they contain.
        phrases = sorted({n.replace("_", " ") for n in
                          (*f.params, *f.resources, *f.counters, *f.zones, *f.limits,
                           *f.actions, *f.moves) if "_" in n and n not in f.zones}
                         | {c.name for c in f.cards if c.name not in f.types | f.subtypes},
                         key=len, reverse=True)
        names = re.compile(r"\b(?:" + "|".join(re.escape(p) for p in phrases) + r")\b", re.I) \
            if phrases else None
        out = []
        for c in f.cards:
            if not c.text or not card_parts(c):
                continue                 # no text, or its behaviour lives in the rules
            text = names.sub(" ", c.text) if names else c.text
            text = re.sub(r"\b[A-Z][a-z]+:", " ", text)       # "Action:" costs, "Name:" labels
            text = re.sub(r"\b[Tt]his\s+[A-Z]\w*", " ", text)  # "this Thing" is the card itself
            out.append((c, text, list(walk(card_parts(c)))))
        ctx._text_cards = out
        return out

    def text_pos(self, ctx, c: A.CardDecl) -> SourcePosition:
        """Where the card's `text "..."` line is (the card line when not found)."""
        lines = ctx.sources.get(c.pos.file, "").splitlines()
        for ln in range(c.pos.line - 1, min(len(lines), c.pos.line + 40)):
            col = lines[ln].find('text "')
            if col >= 0:
                return SourcePosition(c.pos.file, ln + 1, col + 1, ln + 1, len(lines[ln]) + 1)
        return c.pos


class TextNumber(_TextRule):
    summary = "a number in the card's text that its effect lacks, or the other way round"
    fix = "make the printed text and the effect say the same number"

    def check(self, ctx):
        for c, text, nodes in self.cards(ctx):
            said = {int(m) for m in re.findall(r"\b\d+\b", text)}
            said |= {v for w, v in NUMBER_WORDS.items() if re.search(rf"\b{w}\b", text, re.I)}
            done = {n.value for n in nodes if isinstance(n, A.IntLit)}
            printed = {v.value for prop in c.props for v in prop.values if isinstance(v, A.IntLit)}
            said.discard(1)              # "a card", "1 coin for each": often implicit
            only_text = sorted(said - done - printed)      # "health 4" repeats a number
            only_effect = sorted(v for v in done - said if v >= 2)
            if only_text or only_effect:
                parts = []
                if only_text:
                    parts.append(f"the text says {_list(only_text)} but the effect never does")
                if only_effect:
                    parts.append(f"the effect uses {_list(only_effect)} but the text never says it")
                yield self.diag(f"\"{c.name}\": {'; '.join(parts)}", self.text_pos(ctx, c))


class TextType(_TextRule):
    summary = "a card type named in the text and not the effect, or the other way round"
    fix = "make the printed text and the effect name the same kinds of card"

    # "this creature" is the card itself, as "this Thing" is (blanked before, capitalised)
    THIS = re.compile(r"\bthis\s+[a-z]+", re.I)

    @staticmethod
    def lower_words(known: set) -> dict:
        """Lowercase word → the type or subtype it names ("action", "actions": `Action`)."""
        out = {}
        for k in known:
            w = k.lower()
            if w != k and " " not in w:
                out[w] = out[w + "s"] = k
        return out

    @classmethod
    def lowercase_named(cls, text: str, lower: dict) -> set:
        """The types the text names in lowercase words ("destroy a thing": `Thing`)."""
        if not lower:
            return set()
        words = "|".join(sorted(lower, key=len, reverse=True))
        return {lower[w] for w in re.findall(rf"\b(?:{words})\b", cls.THIS.sub(" ", text))}

    def check(self, ctx):
        f = ctx.facts
        known = f.types | f.subtypes
        lower = self.lower_words(known)
        for c, text, nodes in self.cards(ctx):
            done = {_singular(w, known) for w, _ in _sel_words(card_parts(c))}
            done |= {w for n in nodes if isinstance(n, A.Symbol) for w in [n.id] if w in known}
            by_name = {d.name: d for d in f.cards}
            created = set()                  # `create 1 "Party"` may be printed "a Party token"
            for n in nodes:
                if isinstance(n, A.Create) and n.card in by_name:
                    created |= set(by_name[n.card].types) | set(by_name[n.card].subtypes)
            said = set()
            # "Basic Materials" is one phrase: the effect saying `Basic cards` covers it.
            for phrase in re.findall(r"\b[A-Z][a-zA-Z]*(?:\s+[A-Z][a-zA-Z]*)*", text):
                words = {_singular(w, known) for w in phrase.split()} & known
                if words and not words & done:
                    said |= words
                else:
                    said |= words & done
            # A lowercase word ("destroy a thing", "two basic materials") names a type the
            # effect looks for, but does not by itself make a finding: lowercase words are
            # plain English too ("a frightened monster" on a card whose monsters the rules
            # handle, not its effect).
            said |= self.lowercase_named(text, lower) & done
            own = set(c.types) | set(c.subtypes)            # its own type line is neutral
            only_text = sorted(said - done - own - created)
            only_effect = sorted(done - said - own)
            if only_text or only_effect:
                parts = []
                if only_text:
                    parts.append(f"the text names {_list(only_text)} but the effect never does")
                if only_effect:
                    parts.append(f"the effect looks for {_list(only_effect)} but the text never "
                                 f"names it")
                yield self.diag(f"\"{c.name}\": {'; '.join(parts)}", self.text_pos(ctx, c))


class TextZone(_TextRule):
    summary = "a zone named in the card's text that its effect never touches"
    fix = "make the effect use the zone the text names, or fix the text"

    def zones_touched(self, f, nodes, seen: set) -> set:
        """Zones the nodes name, and those of the actions they call (`trash_card t`)."""
        done = set()
        for n in nodes:
            z = f.zone_name(n) if isinstance(n, (A.Name, A.Of)) else None
            if z:
                done.add(z)
            if isinstance(n, (A.Trigger, A.Ability)) and n.from_zone:
                done.add(n.from_zone)
            if isinstance(n, A.Trigger) and n.event in f.actions:     # `when cycle`
                n = A.CallStmt(n.event, ())
            if isinstance(n, A.CallStmt) and n.name in f.actions and n.name not in seen:
                seen.add(n.name)
                done |= self.zones_touched(f, list(walk(f.actions[n.name].body)), seen)
        return done

    def check(self, ctx):
        f = ctx.facts
        for c, text, nodes in self.cards(ctx):
            done = self.zones_touched(f, nodes, set())
            said = set()
            names = "|".join(re.escape(z.replace("_", " ").rstrip("s")) for z in
                             sorted(f.zones, key=len, reverse=True))
            if not names:
                continue
            # "rest area" is one phrase: the effect touching `rest` covers it.
            for m in re.finditer(rf"\b(?:(?:{names})s?\b\s*)+", text, re.I):
                if m.group(0).strip().rstrip("s") in f.types | f.subtypes:
                    continue             # "Building." is the card type, not zone `building`
                # A zone's words inside a longer zone's name are that zone's, not a second
                # zone: "back row" is `back_row`, not also a zone `row`.
                spans = {z: hit.span() for z in f.zones
                         if (hit := re.search(rf"\b{re.escape(z.replace('_', ' ').rstrip('s'))}"
                                              rf"s?\b", m.group(0), re.I))}
                words = {z for z, (a, b) in spans.items()
                         if not any(y != z and c <= a and b <= d and d - c > b - a
                                    for y, (c, d) in spans.items())}
                said |= words if not words & done else set()
            missing = sorted(said - done)
            if missing:
                yield self.diag(f"\"{c.name}\": the text names {_list(missing)} but the effect "
                                f"never touches it", self.text_pos(ctx, c))


class TextVerb(_TextRule):
    summary = "the card's text says it does something (a verb) that its effect never does"
    fix = "make the effect do what the text says, or fix the text (`deckwright explain` " \
          "shows what the effect does)"
    severity = "info"
    # Verbs of the language a text may name; a deck's own actions are verbs too.
    BUILTIN = ("gain", "lose", "create", "shuffle", "reveal", "attach", "detach", "transform",
               "eliminate", "negate")
    IRREGULAR = {"drew": "draw", "drawn": "draw", "gave": "give", "given": "give",
                 "chose": "choose", "chosen": "choose", "lost": "lose", "took": "take",
                 "taken": "take", "bought": "buy", "paid": "pay"}

    @staticmethod
    def forms(verb: str) -> set:
        out = {verb, verb + "s", verb + "es", verb + "ed", verb + "d", verb + "ing"}
        if verb.endswith("e"):
            out.add(verb[:-1] + "ing")
        if verb.endswith("y"):
            out |= {verb[:-1] + "ies", verb[:-1] + "ied"}
        return out

    def what_it_says(self, text: str, zones) -> str:
        """The text (names already blanked) the card's own effect answers for: not a token's
        text printed after it, not the event a "When ..." clause names, nor a condition,
        nor a zone's name."""
        text = text.split("(token)")[0]
        text = self.PLAY_ZONES.sub(" ", text)
        text = zones.sub(" ", text) if zones else text
        text = self.CLAUSES.sub(" ", text)
        return self.CONTROL.sub(" control", text)

    @staticmethod
    def plays_itself(card: A.CardDecl) -> bool:
        """"Play NAME into any player's control": how the card is played, not its effect."""
        text, name = card.text.lower(), card.name.lower()
        return any(f"{verb} {what}" in text for verb in ("play", "plays", "played")
                   for what in (name, "this card"))

    PLAY_ZONES = re.compile(r"\b(?:enters?|entering|entered|leaves?|leaving|left|in|into|from|of)"
                            r"\s+play\b|\bplay\s+areas?\b|\b(?:draw|discard)\s+(?:piles?|decks?)\b",
                            re.I)
    CLAUSES = re.compile(r"\b(?:when|whenever|at the (?:start|end) of|if|unless)\b[^,.;:]*", re.I)
    CONTROL = re.compile(r"\b(?:gain|gains|take|takes)\s+control\b", re.I)

    def check(self, ctx):
        program = ctx.program
        if program is None:
            return
        from ..explain import explain_card, verbs
        f = ctx.facts
        lemma = {w: v for v in set(program.actions) | set(self.BUILTIN) for w in self.forms(v)}
        lemma.update((w, v) for w, v in self.IRREGULAR.items() if v in lemma.values())
        zones = re.compile(r"\b(?:" + "|".join(re.escape(z.replace("_", " ")) for z in sorted(
            f.zones, key=len, reverse=True)) + r")s?\b", re.I) if f.zones else None
        done_by_actions: dict = {}
        for c, text, _ in self.cards(ctx):
            if c.name not in program.cards:
                continue
            words = re.findall(r"[a-z]+", self.what_it_says(text, zones).lower())
            said = {lemma[w] for w in words if w in lemma}
            if "play" in said and self.plays_itself(c):
                said.discard("play")
            if not said:
                continue
            missing = sorted(said - verbs(program, c.name, done_by_actions))
            if missing:
                yield self.diag(f"\"{c.name}\": the text says {_list(missing)} but the effect "
                                f"never does; the effect: {explain_card(program, c.name)}",
                                self.text_pos(ctx, c))


class TextWho(_TextRule):
    summary = "the card's text and its effect disagree on who does it: you, every player, " \
              "or a player chosen"
    fix = "make the text name who the effect acts for (\"Each player gains...\", " \
          "\"Another player loses...\"), or the effect act for whom the text says"
    # What the text says of who acts, most specific first.
    EVERY = re.compile(r"\b(?:each|every|all)\s+(?:of\s+(?:the|your)\s+)?(?:other\s+)?"
                       r"(?:players?|opponents?)\b|\beveryone\b|\beach of you\b", re.I)
    # "Gain 1 coin for each player who ...": a count, not who gains.
    COUNTING = re.compile(r"\b(?:for|per)\s+(?:each|every)\b[^,.;]*", re.I)
    ONE = re.compile(r"\b(?:an?|another|one|target|any|chosen|that)\s+(?:other\s+)?"
                     r"(?:players?|opponents?)\b|\b(?:players?|opponents?)\s+of\s+your\s+"
                     r"choice\b", re.I)

    def check(self, ctx):
        program = ctx.program
        if program is None:
            return
        from .. import ir as I
        from ..explain import explain_card
        for c, text, _ in self.cards(ctx):
            card = program.cards.get(c.name)
            if card is None or card.effect is None:
                continue
            acts = _acting(card.effect, I)
            if not acts:
                continue
            text = self.COUNTING.sub(" ", text)
            says_every = bool(self.EVERY.search(text))
            says_one = bool(self.ONE.search(text)) or says_every
            problem = None
            if "every" in acts and not says_every:
                problem = "the effect acts for every player but the text never says so"
            elif says_every and acts == {"you"}:
                problem = "the text says every player does it but the effect acts only for you"
            elif "chosen" in acts and not says_one:
                problem = "the effect acts for a player chosen as it runs but the text names " \
                          "no other player"
            if problem:
                yield self.diag(f"\"{c.name}\": {problem}; the effect: "
                                f"{explain_card(program, c.name)}", self.text_pos(ctx, c))


# Statements whose doer the text names ("Gain 2 gears": you; "Each player draws": all).
def _acting(body, I) -> set:
    """Who a card's effect has act, of "you" (its own statements), "every" (`as p` over
    `for each p in players`, or over opponents) and "chosen" (`as p` over a player chosen
    by `choose p from players`); a statement acted by anyone else (a target, a field of the
    event) counts for none of them. Only gains, losses, gifts and the deck's own actions
    are acts: what a text says its players do."""
    doing = (I.Gain, I.Lose, I.Give, I.CallAction)
    out: set = set()
    stack = [(n, "you", {}) for n in body]
    while stack:
        node, who, bound = stack.pop()
        if isinstance(node, tuple):
            stack.extend((n, who, bound) for n in node)
            continue
        if not isinstance(node, I.Node):
            continue
        if isinstance(node, doing) and who is not None:
            out.add(who)
        if isinstance(node, (I.ForEach, I.Choose)) and _players(
                node.collection if isinstance(node, I.ForEach) else node.source, I):
            inner = dict(bound)
            inner[node.var] = "every" if isinstance(node, I.ForEach) else "chosen"
            stack.extend((n, who, inner) for n in node.body)
            continue
        if isinstance(node, I.As):
            p = node.player
            inner_who = bound.get(p.name) if isinstance(p, I.Local) else None
            stack.extend((n, inner_who, bound) for n in node.body)
            continue
        stack.extend((n, who, bound) for n in node.children())
    return out


def _list(xs) -> str:
    xs = [f"`{x}`" for x in xs]
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def _players(expr, I) -> bool:
    """Whether a loop or a choice runs over the table's players: `players`, `opponents`
    (with or without `where`), or `turn_order(P)`."""
    return isinstance(expr, I.PlayerSel) or (isinstance(expr, I.Func)
                                             and expr.func == "turn_order")
