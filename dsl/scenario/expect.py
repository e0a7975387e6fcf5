"""The expectations of a scenario's `then`, checked against a game state (now, or as it was
at a point of the steps before)."""
from __future__ import annotations

from collections import Counter

from ..agents import matching
from ..engine.state import ORIENTATIONS
from .names import _place_text, ordinal
from .syntax import Line, Word


_UNREAD = object()           # a value a `then` at a point cannot read


def _show(v) -> str:
    from ..engine.state import CardInst, Player
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, Player):
        return v.name
    if isinstance(v, CardInst):
        return f'"{v.name}"'
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return str(v)


class Expect:
    """The expectations of one `then`, against a state (now, or at a point)."""

    def __init__(self, run, st, log, decision, now: bool):
        self.run = run
        self.st = st
        self.log = log
        self.d = decision
        self.now = now

    def fail(self, line, message, expected=None, actual=None):
        self.run.fail(line.pos, message, expected, actual)

    def check(self, line: Line):
        getattr(self, line.kind)(line, *line.args)

    def zone(self, place):
        return self.st.zones[self.run.zone_key(self.st, place)]

    @staticmethod
    def names(zone) -> list:
        return [c.name for c in zone.cards]

    def t_is(self, line, place, *values):
        if place.name in self.run.p.zones:
            zone = self.zone(place)
            want = [v.value for v in values]
            have = self.names(zone)
            same = want == have if zone.ordered else sorted(want) == sorted(have)
            if not same:
                order = "bottom to top" if zone.ordered else "in any order"
                self.fail(line, f"{_place_text(place)} holds other cards ({order})",
                          [f'"{n}"' for n in want], [f'"{n}"' for n in have])
            return
        want = self.run.value(self.st, values[0])
        have = self.read(line, place)
        if have is _UNREAD:
            return
        if _show(want) != _show(have):
            self.fail(line, f"{_place_text(place)} is {_show(have)}, not {_show(want)}",
                      [_show(want)], [_show(have)])

    def read(self, line, place):
        """The value ``place`` names: a resource or a variable, as the state holds it; a
        parameter of the rules (`hand_size of P1`) as they read it now, static effects
        included (only after the steps: _UNREAD, with a failure, at a point)."""
        if place.name not in self.run.p.params:
            return self.run.read_value(self.st, place)
        if not self.now:
            self.fail(line, "a parameter of the rules is read only after the steps, not at a "
                            "point in the middle of them")
            return _UNREAD
        from ..engine.values import attr
        return attr(self.run.session.game, self.run.seat(self.st, place.seat), place.name)

    def t_compare(self, line, place, op, value):
        have = self.read(line, place)
        if have is _UNREAD:
            return
        want = self.run.value(self.st, value)
        ops = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
               ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}
        try:
            ok = ops[op.word](have, want)
        except TypeError:
            ok = False
        if not ok:
            self.fail(line, f"{_place_text(place)} is {_show(have)}: not {op.word} {_show(want)}")

    def t_empty(self, line, place):
        zone = self.zone(place)
        if zone.cards:
            self.fail(line, f"{_place_text(place)} is not empty", [], [f'"{n}"' for n in self.names(zone)])

    def t_count(self, line, place, n):
        zone = self.zone(place)
        if len(zone.cards) != n.value:
            self.fail(line, f"{_place_text(place)} holds {len(zone.cards)} cards, not {n.value}", None,
                      [f'"{x}"' for x in self.names(zone)])

    def t_top(self, line, place, *texts):
        zone = self.zone(place)
        want = [t.text for t in texts]
        have = list(reversed(self.names(zone)))
        if have[:len(want)] != want:
            self.fail(line, f"other cards are on top of {_place_text(place)} (top first)",
                      [f'"{n}"' for n in want], [f'"{n}"' for n in have[:max(len(want), 1) + 2]])

    def t_bottom(self, line, place, *texts):
        zone = self.zone(place)
        want = [t.text for t in texts]
        have = self.names(zone)
        if have[:len(want)] != want:
            self.fail(line, f"other cards are at the bottom of {_place_text(place)} (bottom "
                            "first)", [f'"{n}"' for n in want],
                      [f'"{n}"' for n in have[:max(len(want), 1) + 2]])

    def t_has(self, line, place, *texts):
        zone = self.zone(place)
        want, have = Counter(t.text for t in texts), Counter(self.names(zone))
        missing = want - have
        if missing:
            lacks = [n if not have[n] else f"{n} x {want[n]} (it holds {have[n]})"
                     for n in sorted(missing)]
            self.fail(line, f"{_place_text(place)} lacks {', '.join(lacks)}",
                      [f'"{t.text}"' for t in texts], [f'"{n}"' for n in self.names(zone)])

    def t_has_no(self, line, place, *texts):
        zone = self.zone(place)
        there = sorted({t.text for t in texts} & set(self.names(zone)))
        if there:
            self.fail(line, f"{_place_text(place)} holds {', '.join(there)}")

    def t_card(self, line, text, place, *attrs):
        zone = self.zone(place)
        cards = [c for c in zone.cards if c.name == text.text]
        if not cards:
            self.fail(line, f"no `{text.text}` in {_place_text(place)}", None,
                      [f'"{n}"' for n in self.names(zone)])
            return
        results = [self.card_problems(c, attrs) for c in cards]
        if not any(not r for r in results):
            problems = results[0]
            self.fail(line, f"`{text.text}` in {_place_text(place)} is not as expected",
                      [w for w, _ in problems], [h for _, h in problems])

    def t_label(self, line, word, place, *attrs):
        from .arrange import labelled
        zone = self.zone(place)
        c = labelled(self.st, self.run.labels.get(word.word))
        if c is None or c.zone is not zone:
            where = f"it is in {c.zone.title}" if c is not None else "it has left the game"
            self.fail(line, f"`{word.word}` is not in {_place_text(place)}: {where}")
            return
        problems = self.card_problems(c, attrs)
        if problems:
            self.fail(line, f"`{word.word}` (`{c.name}`) in {_place_text(place)} is not as "
                            "expected", [w for w, _ in problems], [h for _, h in problems])

    def card_problems(self, c, attrs) -> list:
        out = []
        for a in attrs:
            k = a.kind
            if k in ("owner", "controller"):
                who = getattr(c, k)
                have = who.name if who else "nobody"
                if have != a.value.word:
                    out.append((f"{k} {a.value.word}", f"{k} {have}"))
            elif k == "face":
                if c.face_up != a.value:
                    out.append((f"face {'up' if a.value else 'down'}",
                                f"face {'up' if c.face_up else 'down'}"))
            elif k == "counter":
                have = c.counters.get(a.value.word, 0)
                if have != a.count:
                    out.append((f"{a.count} {a.value.word}", f"{have} {a.value.word}"))
            elif k == "orient":
                if c.orient != a.value:
                    out.append((ORIENTATIONS[a.value], ORIENTATIONS[c.orient]))
            elif k == "mark":
                if a.value.word not in c.marks:
                    out.append((f"marked {a.value.word}", f"not marked {a.value.word}"))
            elif k == "not mark":
                if a.value.word in c.marks:
                    out.append((f"not marked {a.value.word}", f"marked {a.value.word}"))
            elif k == "attached" and isinstance(a.value, Word):
                host = c.attached_to
                if host is None or host.id != self.run.labels.get(a.value.word):
                    called = {i: w for w, i in self.run.labels.items()}
                    shown = called.get(host.id, f'"{host.name}"') if host else "nothing"
                    out.append((f"attached to {a.value.word}", f"attached to {shown}"))
            elif k == "attached":
                host = c.attached_to.name if c.attached_to is not None else None
                if host != a.value.text:
                    out.append((f'attached to "{a.value.text}"',
                                f'attached to "{host}"' if host else "attached to nothing"))
            elif k == "token":
                if not c.token:
                    out.append(("token", "not a token"))
            elif k == "place":
                nth, end = a.value
                at = c.zone.cards.index(c)
                have = len(c.zone.cards) - at if end == "top" else at + 1
                if have != nth.value:
                    out.append((f"{nth.word} from {end}", f"{ordinal(have)} from {end}"))
            elif k == "prop":
                name, value = a.value
                want = _show(self.run.value(self.st, value))
                if not self.now:
                    out.append((f"{name.word} is {want}", "(read only after the steps, not "
                                                          "at a point in the middle of them)"))
                    continue
                from ..engine.values import attr
                have = _show(attr(self.run.session.game, c, name.word))
                if have != want:
                    out.append((f"{name.word} is {want}", f"{name.word} is {have}"))
        return out

    def player(self, word):
        return self.run.seat(self.st, word.word)

    def t_player_mark(self, line, seat, mark):
        if mark.word not in self.player(seat).marks:
            self.fail(line, f"{seat.word} is not marked {mark.word}")

    def t_player_not_mark(self, line, seat, mark):
        if mark.word in self.player(seat).marks:
            self.fail(line, f"{seat.word} is marked {mark.word}")

    def t_eliminated(self, line, seat):
        if self.player(seat).alive:
            self.fail(line, f"{seat.word} is still in the game")

    def sees(self, line, seat, text, place, want: bool):
        from ..visibility import sees
        zone = self.zone(place)
        cards = [c for c in zone.cards if c.name == text.text]
        if not cards:
            self.fail(line, f"no `{text.text}` in {_place_text(place)}")
            return
        viewer = self.player(seat)
        seen = any(sees(viewer, c) for c in cards)
        if seen != want:
            self.fail(line, f"{seat.word} {'cannot' if want else 'can'} see "
                            f"`{text.text}` in {_place_text(place)}")

    def t_sees(self, line, seat, text, place):
        self.sees(line, seat, text, place, True)

    def t_not_sees(self, line, seat, text, place):
        self.sees(line, seat, text, place, False)

    def decision(self, line):
        if not self.now:
            self.fail(line, "decisions can be checked only after the steps, not at a point "
                            "in the middle of them")
            return None
        return self.d

    def t_asked(self, line, seat, text):
        if not self.now:
            self.decision(line)
            return
        d = self.d
        if d is None:
            self.fail(line, f"nobody is asked anything: {self.run.game_result()}")
        elif d.player.name != seat.word:
            self.fail(line, f"{d.player.name} is asked, not {seat.word}",
                      [f"{seat.word}: {text.text}"], [f"{d.player.name}: {d.prompt}"])
        elif text.text.lower() not in d.prompt.lower():
            self.fail(line, f"{seat.word} is asked `{d.prompt}`",
                      [f"{seat.word}: {text.text}"], [f"{d.player.name}: {d.prompt}"])

    def t_may(self, line, seat, text):
        if not self.now:
            self.decision(line)
            return
        d = self.d
        if d is None or d.player.name != seat.word or not matching(d.labels, text.text):
            self.fail(line, f"{seat.word} may not choose `{text.text}`", [text.text],
                      self.run.options_of(d) if d else ["(the game is over)"])

    def t_may_not(self, line, seat, text):
        if not self.now:
            self.decision(line)
            return
        d = self.d
        if d is not None and d.player.name == seat.word:
            found = matching(d.labels, text.text)
            if found:
                self.fail(line, f"{seat.word} may choose `{d.labels[found[0]]}`")

    def lines_for(self, viewer) -> list:
        out = []
        for e in self.log:
            views = e.extra.get("views") if e.extra else None
            if views:
                out.append(views.get(viewer.index if viewer else -1, e.text))
            elif e.secret_for is None or (viewer is not None and e.secret_for.index == viewer.index):
                out.append(e.text)
        return out

    def said(self, text, viewer) -> bool:
        return any(text in t for t in self.lines_for(viewer))

    def t_log(self, line, text):
        if not self.said(text.text, None):
            self.fail(line, f"the log does not say `{text.text}`", [text.text],
                      self.lines_for(None)[-8:])

    def t_log_not(self, line, text):
        found = [t for t in self.lines_for(None) if text.text in t]
        if found:
            self.fail(line, f"the log says `{text.text}`: {found[0]}")

    def t_log_for(self, line, seat, text):
        if not self.said(text.text, self.player(seat)):
            self.fail(line, f"{seat.word}'s log does not say `{text.text}`", [text.text],
                      self.lines_for(self.player(seat))[-8:])

    def result(self):
        return self.st.result

    def t_over(self, line):
        if self.result() is None:
            self.fail(line, "the game is not over")

    def t_not_over(self, line):
        if self.result() is not None:
            self.fail(line, f"the game is over: {self.run.game_result()}")

    def t_drawn(self, line):
        r = self.result()
        if r is None or not (r["draw"] or not r["winners"]):
            self.fail(line, "the game is not drawn",
                      ["draw"], [self.run.game_result()])

    def t_winner(self, line, *seats):
        r = self.result()
        want = sorted(w.word for w in seats)
        if r is None or sorted(r["winners"]) != want:
            self.fail(line, "other winners" if r else "the game is not over",
                      [", ".join(want)], [", ".join(r["winners"]) if r else "(in progress)"])

    t_winners = t_winner
