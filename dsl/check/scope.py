"""What names mean at one point of a deck's effects, while it is checked."""
from __future__ import annotations


class Scope:
    """Static names visible at a point: locals and their kinds, and whether `this`,
    `event` and `it` mean something here."""
    __slots__ = ("names", "card", "event", "it", "fields")

    def __init__(self, names=None, card=None, event=False, it=None, fields=None):
        self.names = dict(names or {})
        self.card = card            # the card whose text this is, if any ("*": an action's)
        self.event = event
        self.it = it                # the kind of `it` here, or None where it means nothing
        self.fields = fields        # the fields `event` has here, when known

    def child(self, **kw) -> "Scope":
        s = Scope(self.names, self.card, self.event, self.it, self.fields)
        for k, v in kw.items():
            setattr(s, k, v)
        return s

    def with_names(self, **names) -> "Scope":
        s = self.child()
        s.names.update(names)
        return s
