"""What names mean at one point of a deck's effects, while it is checked."""
from __future__ import annotations


class Scope:
    """Static names visible at a point: locals and their kinds, and whether `this`,
    `event` and `it` mean something here."""
    __slots__ = ("names", "card", "event", "it", "fields", "params", "on")

    def __init__(self, names=None, card=None, event=False, it=None, fields=None, params=None,
                 on=None):
        self.names = dict(names or {})
        self.card = card            # the card whose text this is, if any ("*": an action's)
        self.event = event
        self.it = it                # the kind of `it` here, or None where it means nothing
        self.fields = fields        # the fields `event` has here, when known
        # The action's parameters still meaning the caller's arguments here (a `let` or a
        # loop variable of the same name hides one): parameter name → action name.
        self.params = params or {}
        self.on = on                # the name of the event `event` is here, when known

    def child(self, **kw) -> "Scope":
        s = Scope(self.names, self.card, self.event, self.it, self.fields, self.params, self.on)
        for k, v in kw.items():
            setattr(s, k, v)
        return s

    def with_names(self, **names) -> "Scope":
        s = self.child()
        s.names.update(names)
        if s.params and any(n in s.params for n in names):
            s.params = {k: v for k, v in s.params.items() if k not in names}
        return s

    def hide(self, name: str) -> None:
        """``name`` is bound anew from here on (a `let`): no longer a parameter."""
        if name in self.params:
            self.params = {k: v for k, v in self.params.items() if k != name}
