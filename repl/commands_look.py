"""Looking without changing anything: `help`, `state`, `options`, `log`, `why`, `card`,
`cards`."""
from __future__ import annotations

from typing import Optional

from deckwright.dsl.agents import ambiguous, cards_named
from deckwright.dsl.errors import SourcePosition, suggest

from . import render
from .command_table import ReplError, _seat_index, is_number


class LookCommands:
    """Mixed into ``Processor``: commands that only show the deck or the game."""

    def cmd_help(self, rest, out):
        if rest:
            c = self.commands.get(self.ALIASES.get(rest, rest))
            if c is None:
                raise ReplError(f"no command `{rest}`")
            out.add(f"{c.usage}\n  {c.help}")
            return
        width = max(len(c.usage) for c in self.commands.values())
        out.add("\n".join(f"  {c.usage:<{width}}  {c.help}" for c in self.commands.values()))
        out.add("A bare number or label answers the pending decision. Tab completes; "
                "Ctrl-C cancels; Ctrl-D quits.")

    def cmd_state(self, rest, out):
        s = self.need_game()
        rest = rest.strip().lower()
        if rest in ("all", "everything"):
            viewer = None
        elif rest:
            viewer = self.game.state.players[_seat_index(rest, s.players)]
        else:
            viewer = self.viewer()
        out.add(render.state_view(self.game, viewer))
        if s.decision is not None:
            out.add(render.decision_view(s.decision, viewer, self.game))

    def cmd_options(self, rest, out):
        s = self.need_game()
        if rest not in ("", "text"):
            raise ReplError(f"options takes `text` (each card's printed text under it) or "
                            f"nothing, not `{rest}`")
        out.add(render.decision_view(s.decision, self.viewer(), self.game, rest == "text")
                if s.decision else "the game is over: " + self.game.describe_result())

    def cmd_log(self, rest, out):
        self.need_game()
        game = self.game
        lines = render.log_lines(game, self.viewer(), 0, numbered=True)
        if rest and rest != "all" and not is_number(rest):
            raise ReplError(f"log takes a number of entries or `all` (`log 5`), not `{rest}`")
        if rest != "all":
            lines = lines[-(int(rest) if rest else 20):]
        out.add("\n".join(lines) or "(the log is empty)")

    def cmd_why(self, rest, out):
        self.need_game()
        if not is_number(rest) or int(rest) >= len(self.game.log):
            raise ReplError(f"why N: N is a log entry number (0 to {len(self.game.log) - 1}), "
                            "as `log` shows")
        e = self.game.log[int(rest)]
        if not render.entry_visible(e, self.viewer()):
            raise ReplError("that entry is secret")
        out.add(f"{rest}: {render.entry_text(self.game, e, self.viewer())}  (turn {e.turn}"
                + (f", phase {e.extra['phase']}" if e.extra.get("phase") else "") + ")")
        # What was running (the move, card, ability or rule), then the statements that wrote
        # the entry, innermost first, each with its line: `move card to discard_pile`, the
        # `discard c` that called it, the card's effect that called that...
        found = False
        if e.extra.get("negated_by"):
            # what negated it, at its `negate`, before what was running as it was called off
            found = True
            chain, pos = e.extra["negated_by"]
            what = self._locate(chain[-1])[1] if chain else "the rules"
            out.add(f"  negated by {what} — {pos}")
            self._add_snippet(pos, out)
        at = e.extra.get("at", ())
        for pos, what in self._provenance(e):
            found = True
            out.add(f"  {what} — {pos}" if pos else f"  {what}")
            line = None if at else self._source_line(pos)
            if line:
                out.add(f"    {line.strip()}", "source")
        for pos in at:
            found = True
            out.add(f"  at {pos}")
            self._add_snippet(pos, out)
        if not found:
            decls = self.program.decls
            rule = (decls.get(("turn",)) or decls.get(("round",))) if e.turn else \
                decls.get(("setup",))
            what = "the game's turn rules" if e.turn else "the game's setup"
            if e.extra.get("phase"):
                what += f", phase `{e.extra['phase']}`"
            out.add(f"  {what}" + (f" — {rule.pos}" if rule is not None else ""))
            line = self._source_line(rule.pos) if rule is not None else None
            if line:
                out.add(f"    {line.strip()}", "source")

    def _provenance(self, e) -> list:
        """(position, description) for what caused a log entry, innermost last."""
        out = []
        p = self.program
        for item in e.extra.get("chain", ()):
            out.append(self._locate(item))
        if e.pos is not None:
            out.append((e.pos, f"said by {e.source or 'the rules'}"))
        elif e.source and not out:
            out.append(self._locate(e.source))
        return out

    def _locate(self, item: str):
        p = self.program
        if item.startswith("move ") and item[5:] in p.moves and p.moves[item[5:]]:
            return p.moves[item[5:]].pos, f"the move `{item[5:]}`"
        if item.startswith(("rule at ", "whenever at ")):
            kind, _, where = item.partition(" at ")
            return _parse_pos(where), ("a game rule" if kind == "rule" else "a `whenever` rule")
        if item in p.cards:
            return p.cards[item].pos, f"card \"{item}\""
        card, _, ability = item.partition(": ")
        if card in p.cards:
            for ab in p.cards[card].abilities:
                if ab.name == ability:
                    return ab.pos, f"card \"{card}\", ability \"{ability}\""
        if item == "eval":
            return None, "an `eval` typed at the prompt"
        return None, item

    def _add_snippet(self, pos, out) -> None:
        """The statement at ``pos`` (its first line's part from the column), indented."""
        line = self._source_line(pos)
        if line:
            end = pos.end_column - 1 if pos.end_line == pos.line and pos.end_column else None
            out.add(f"    {line[pos.column - 1:end].strip()}", "source")

    def _source_line(self, pos) -> Optional[str]:
        if pos is None:
            return None
        text = self.program.sources.get(pos.file)
        if text is None:
            return None
        lines = text.splitlines()
        return lines[pos.line - 1] if 0 < pos.line <= len(lines) else None

    def find_card(self, name: str):
        p = self.program
        found = cards_named(p.cards, name)
        if len(found) == 1:
            return p.cards[found[0]]
        name = name.strip().strip('"')
        if found:
            raise ReplError(ambiguous(name, found, numbered=False))
        hint = suggest(name, p.cards)
        raise ReplError(f"no card `{name}`" + (f"; {hint}" if hint else ""))

    def cmd_card(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        if not rest:
            raise ReplError("card NAME (`cards` lists them)")
        d = self.find_card(rest)
        typeline = " ".join(sorted(d.types)) + (" - " + " ".join(sorted(d.subtypes))
                                                if d.subtypes else "")
        copies = "token" if d.token else f"x{d.copies}"
        out.add(f"{d.name} — {typeline} ({copies})   {d.pos}")
        if d.text:
            out.add(f"  “{d.text}”")
        text = self.program.sources.get(d.pos.file)
        if text is not None:
            lines = text.splitlines()[d.pos.line - 1:d.pos.end_line]
            out.add("\n".join(lines), "source")

    def cmd_cards(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        rows = []
        for d in self.program.cards.values():
            kind = " ".join(sorted(d.types))
            rows.append(f"  {d.name:<28} {kind:<10} {'token' if d.token else 'x' + str(d.copies)}")
        out.add("\n".join(rows))


def _parse_pos(text: str) -> Optional[SourcePosition]:
    file, _, rest = text.rpartition(":")
    file, _, line = file.rpartition(":")
    if not (is_number(line) and is_number(rest)):
        return None
    return SourcePosition(file, int(line), int(rest), int(line), int(rest))

