"""What the generator needs to know about a whole program before writing any of it:
which events anything hears, and which code can reach a decision.

Code that can reach a decision (a `choose`, a `may`, an `offer`, or a call, event or
trigger that leads to one) is written as a generator when the game is stepped, so the
decision can be handed to the caller and the rules resumed with the answer. Everything
else stays a plain function, in both ways of running.
"""
from __future__ import annotations

from .. import ir as I

# The built-in events each statement announces (besides a deck action's own name).
MOVE_EVENTS = ("move", "enter", "leave")
STMT_EVENTS = {
    I.Move: MOVE_EVENTS, I.Create: MOVE_EVENTS + ("create",),
    I.CreateCopy: MOVE_EVENTS + ("create",),
    I.Attach: MOVE_EVENTS + ("attach",), I.Gain: ("gain",), I.Lose: ("lose",),
    I.PutCounter: ("counter_added",), I.RemoveCounter: ("counter_removed",),
    I.GiveControl: ("control",), I.Eliminate: ("eliminate",), I.Shuffle: ("shuffle",),
    I.Transform: ("transform",), I.Resolve: ("resolve",), I.Orient: ("orient",),
    I.UseAbility: ("activate",),
    I.Phase: ("phase_start", "phase_end"), I.EndGame: ("win", "game_drawn"),
}


class Analysis:
    def __init__(self, program):
        p = self.p = program
        self.listened = set(program.listened)
        # (event, kind) → [(card name or None, trigger)], game rules first, then cards in
        # the order of their definitions: the order the engine fires them in.
        self.listeners: dict = {}
        for t in p.triggers:
            self.listeners.setdefault((t.event, t.kind), []).append((None, t))
        for d in p.cards.values():
            for t in d.triggers:
                self.listeners.setdefault((t.event, t.kind), []).append((d.name, t))
        # Events some card's `when` trigger hears: only these need to look back.
        self.card_whens = {e for (e, kind), ls in self.listeners.items()
                           if kind == "when" and any(card for card, _ in ls)}
        self.copiers = {d.name for d in p.cards.values()
                        if any(st.kind == "copy" for st in d.statics)}
        self.copyable = {(t.event, t.kind) for d in p.cards.values() for t in d.triggers
                         if t.from_zone is None}
        self.static_events: dict = {}
        for st in p.all_statics:
            if st.event:
                self.static_events.setdefault(st.kind, set()).add(st.event)
        self.guarded = set().union(*(self.static_events.get(k, ()) for k in
                                     ("forbid", "prevent", "instead")))
        # Events something may respond to: only these open a response window (decided
        # here, so a deck without responses to an event pays nothing for windows on it).
        self.responded = {t.event for t in p.all_triggers if t.kind == "respond"}
        self.any_time_moves = tuple(name for name, mv in p.moves.items() if mv.any_time)
        self.any_time_abilities = any(ab.any_time for d in p.cards.values()
                                      for ab in d.abilities) \
            or any(ab.any_time for ab in p.granted)      # (`static grant ... any time`)
        # Moves or abilities usable at any time: every phase opens a window for them.
        self.any_time = bool(self.any_time_moves) or self.any_time_abilities
        self._decides()

    def hears(self, *events) -> bool:
        return any(e in self.listened for e in events)

    # --- which code can reach a decision ---------------------------------------------
    def _decides(self):
        p = self.p
        self.action = {name: False for name in p.actions}
        self.event = {}
        self.effects = False
        self.whenevers = False
        # a call that plays a card with targets (`target for`) chooses them: a decision
        card_targets = any(d.target is not None for d in p.cards.values())
        changed = True
        while changed:
            changed = False
            for name, a in p.actions.items():
                v = self.block(a.body) or (name in self.listened and self.event_decides(name)) \
                    or (bool(a.targets) and self.event_decides("targeted")) \
                    or (a.aims is not None and card_targets)
                if v and not self.action[name]:
                    self.action[name] = changed = True
            for key in list(self.listeners) + [(st.event, "instead") for st in p.all_statics
                                               if st.kind == "instead"]:
                e = key[0]
                if not self.event.get(e) and self._event_now(e):
                    self.event[e] = changed = True
            # (a card's targets are chosen as it resolves: a decision before its effect)
            if not self.effects and any(self.block(d.effect) or d.target is not None
                                        for d in p.cards.values()):
                self.effects = changed = True
            if not self.whenevers and any(self.block(body) for _, body, _ in p.whenevers):
                self.whenevers = changed = True

    def _event_now(self, e) -> bool:
        if e in self.responded:
            return True
        for kind in ("before", "when"):
            for _, t in self.listeners.get((e, kind), ()):
                if self.block(t.body):
                    return True
        return any(st.kind == "instead" and st.event == e and self.block(st.body)
                   for st in self.p.all_statics)

    def event_decides(self, e) -> bool:
        return self.event.get(e, False)

    def block(self, stmts) -> bool:
        return bool(stmts) and any(self.stmt(s) for s in stmts)

    def stmt(self, s) -> bool:
        t = type(s)
        if t in (I.Choose, I.ChooseOne, I.Divide, I.May, I.Offer, I.UseAbility):
            return True
        if t is I.CallAction:
            return self.action.get(s.action, False)
        if any(self.event_decides(e) for e in STMT_EVENTS.get(t, ())):
            return True
        if t is I.Resolve:
            return self.effects
        if t in (I.Phase, I.Simultaneously):
            return self.whenevers or self.block(s.body) or (t is I.Phase and self.any_time)
        if t is I.If:
            return self.block(s.then) or self.block(s.orelse)
        if t in (I.ForEach, I.ForOrdered, I.Repeat, I.While, I.As):
            return self.block(s.body)
        return False
