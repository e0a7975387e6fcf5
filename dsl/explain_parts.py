"""English for a card's parts (its triggers, abilities, statics and declared targets),
and the words every part of :mod:`deckwright.dsl.explain` is made of. A part of
:class:`deckwright.dsl.explain.Explainer`, whose ``e`` renders the expressions and statements."""
from __future__ import annotations

from . import ir as I

EVENTS = {"turn_start": "at the start of a turn", "turn_end": "at the end of a turn",
          "phase_start": "at the start of a phase", "phase_end": "at the end of a phase",
          "round_start": "at the start of a round", "round_end": "at the end of a round",
          "game_start": "when the game starts", "enter": "when a card enters a zone",
          "leave": "when a card leaves a zone", "move": "when a card moves",
          "gain": "when a player gains something", "lose": "when a player loses something",
          "create": "when a card is created", "activate": "when an ability is activated",
          "resolve": "when a card resolves", "counter_added": "when a counter is put on a card",
          "counter_removed": "when a counter is removed from a card",
          "attach": "when a card is attached", "control": "when a card changes control",
          "eliminate": "when a player is eliminated", "shuffle": "when a zone is shuffled",
          "transform": "when a card transforms", "win": "when a player would win",
          "game_drawn": "when the game would end in a draw",
          "targeted": "when a card or player becomes a target"}


class CardParts:
    """The parts of a card, each in a sentence of its own (mixed into ``Explainer``)."""

    def trigger(self, t) -> str:
        when = self.when(t)
        if t.where is not None and not when[1]:
            when = (when[0] + f", if {self.e(t.where)}", True)
        head = when[0]
        if t.kind == "respond":
            head = head.replace("when ", "in answer to: when ", 1)
            head = f"a response, \"{t.label}\" ({head})"
            if t.cost is not None:
                head += f", paying: {self.e(t.cost)}"
        if t.kind == "before":
            head = head.replace("when ", "before ", 1) if head.startswith("when ") else \
                f"before {t.event}"
        if t.from_zone:
            head += f" (while in {words(t.from_zone)})"
        if t.once_per_turn:
            head += " (once per turn)"
        return f"{head}: {self.e(t.body)}"

    def when(self, t) -> tuple:
        """(the trigger's opening, whether it already says its `where`)."""
        w = t.where
        if isinstance(w, I.Compare) and w.op == "==":
            left, right = self.e(w.left), self.e(w.right)
            if t.event in ("turn_start", "turn_end") and left == "the event's player" \
                    and right == "you":
                return (f"at the {'start' if t.event == 'turn_start' else 'end'} of your turn",
                        True)
            if t.event in ("enter", "leave") and left == "the event's card" \
                    and right == (self.card or "this card"):
                return (f"when {right} {'enters' if t.event == 'enter' else 'leaves'} a zone",
                        True)
        if t.event in EVENTS:
            return (EVENTS[t.event], False)
        return (f"when {words(t.event)} happens", False)

    def ability(self, a) -> str:
        opts = []
        if a.uses:
            opts.append(f"uses {a.uses}")
        if a.once_per_turn:
            opts.append("once per turn")
        if a.any_time:
            opts.append("any time")
        if a.from_zone:
            opts.append(f"from {words(a.from_zone)}")
        if a.target is not None:
            opts.append(self.target(a.target))
        head = a.name + (f" ({', '.join(opts)})" if opts else "")
        test = _without_exact(a)
        cond = f"if {self.e(test)}, " if test is not None else ""
        return f"{head}: {cond}{self.e(a.body)}"

    def static(self, s) -> str:
        kind = s.kind if hasattr(s, "kind") else type(s).__name__
        if kind == "modify":
            amount = self.e(s.amount)
            target = f" for {self.e(s.target)}" if s.target is not None else ""
            if amount.startswith("minus "):
                return f"your {words(s.param)} is decreased by {amount[6:]}{target}"
            return f"your {words(s.param)} is increased by {amount}{target}"
        if kind == "substitute":
            once = " once per turn" if s.once_per_turn else ""
            return f"you may spend {words(s.substitute)} instead of {words(s.limit)}{once}"
        if kind in ("forbid", "prevent"):
            where = f" where {self.e(s.where)}" if s.where is not None else ""
            verb = "cannot happen" if kind == "forbid" else "is prevented"
            return f"{words(s.event)}{where} {verb}"
        if kind == "instead":
            where = f" where {self.e(s.where)}" if s.where is not None else ""
            return f"instead of {words(s.event)}{where}, {self.e(s.body)}"
        if kind == "copy":
            return f"this card has the text of {self.e(s.source)}"
        if kind == "modify_property":
            target = self.e(s.target) if s.target is not None else "this card"
            return f"the {words(s.param)} of {target} is changed by {self.e(s.amount)}"
        if kind == "grant":
            return f"{self.e(s.target)} has the ability {self.ability(s.ability)}"
        if kind == "always_usable":
            return f"the abilities of {self.e(s.target)} can always be used"
        if kind == "untargetable":
            who = self.e(s.target) if s.target is not None else (self.card or "this card")
            if s.where is None:
                return f"{who} can't be targeted"
            self.aiming = True            # `event` is the aiming: "the targeting card"...
            try:
                return f"{who} can't be targeted when {self.e(s.where)}"
            finally:
                self.aiming = False
        return f"<{kind}>"

    def target(self, target) -> str:
        """A declared target: `target t from C` → "target t: one of C"; with `up to N`
        or `exactly N`, "targets ts: up to N of C"."""
        name, coll, _, count, exact = target
        if count is None:
            return f"target {name}: one of {self.e(coll)}"
        return f"targets {name}: {'exactly' if exact else 'up to'} {self.e(count)} of {self.e(coll)}"

    def card_text(self, card) -> str:
        parts = []
        if card.target is not None:
            parts.append(capital(self.target(card.target)))
        if card.effect:
            parts.append(capital(self.e(card.effect)))
        parts += [capital(self.trigger(t)) for t in card.triggers]
        parts += [self.ability(a) for a in card.abilities]
        parts += [capital(self.static(s)) for s in card.statics]
        return " ".join(p if p.endswith(".") else p + "." for p in parts)


def _without_exact(a):
    """An ability's condition without the test its `exactly N` target adds to it (the
    checker's last one: `count C >= N`), which "exactly N of C" already says."""
    cond = a.cond
    if a.target is None or not a.target[4] or not a.requires:
        return cond
    implied = a.requires[-1][0]
    if cond is implied:
        return None
    if isinstance(cond, I.And) and cond.items[-1] is implied:
        rest = cond.items[:-1]
        return rest[0] if len(rest) == 1 else I.And(rest, cond.kind)
    return cond


def words(name: str) -> str:
    return name.replace("_", " ")


def plural(amount: str) -> str:
    return "" if amount == "1" else "s"


def article(word: str) -> str:
    return ("an " if word[:1] in "AEIOU" else "a ") + word


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def join(items, word: str) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]
