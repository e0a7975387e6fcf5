"""Deck text and files: `def`, `write`, `reload`, `save`, `load`."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from deckwright.dsl.agents import make_bot
from deckwright.dsl.errors import DeckError, EngineError
from deckwright.dsl.loader import resolve_deck, resolve_reference
from deckwright.dsl.outputs import OutputError, output_file, write_file
from deckwright.dsl.session import Effect, Session

from . import render
from .command_table import ReplError
from .commands_seats import Passed
from .evaluate import Evaluator, build_program, def_name
from .savefile import SAVE_FORMAT, SAVE_VERSION, check_options, read_save
from .write_back import splice, write_atomically



class FileCommands:
    """Mixed into ``Processor``: commands that read or write deck text and save files."""

    def cmd_def(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        name = def_name(rest)
        if name is None:
            raise ReplError('def card "NAME": TYPE [- SUBTYPES] [x N] { ... }')
        defs = dict(self.defs)
        defs.pop(name, None)
        defs[name] = rest.strip()
        is_new = name not in self.program.cards
        dealt = set(self.dealt_before) | ({name} if is_new and self.session else set())
        program = build_program(self.deck_path, defs, dealt)
        self._replay_onto(program, out, "redefined" if not is_new else "added")
        self.defs, self.dealt_before = defs, dealt
        if is_new:
            out.add(f"`{name}` is not in the deal of this game; put one where you want it with "
                    f"`eval create 1 \"{name}\" in your hand` (a `new` game deals it)")

    def cmd_write(self, rest, out):
        """Write the cards typed with `def` into the deck's file (or, `write FILE`, into a
        copy of it), the rest of the file as it was."""
        from deckwright.decks import DECKS_DIR
        from deckwright.dsl import ast as A
        from deckwright.dsl.loader import load_text
        from deckwright.dsl.parser import parse_text
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        if not self.defs:
            raise ReplError("no cards typed with `def` to write")
        path = Path(self.deck_path).resolve()
        target = Path(rest.strip()).expanduser().resolve() if rest.strip() else path
        if target == path and DECKS_DIR.resolve() in path.parents:
            raise ReplError(f"`{path.stem}` is a bundled deck: `write FILE.deck` writes a copy "
                            "of it with your cards")
        if target.suffix != ".deck":
            raise ReplError(f"write FILE: a deck file's name ends in `.deck`, not `{target.name}`")
        try:
            text = path.read_text("utf-8")
            ast = parse_text(text, str(path))
        except (OSError, UnicodeDecodeError, DeckError) as err:
            raise ReplError(f"cannot read {path}: {err}") from None
        lines = {}
        for item in ast.items:
            decl = item.decl if isinstance(item, A.Override) else item
            if isinstance(decl, A.CardDecl) and decl.name in self.defs:
                lines[decl.name] = item.pos.line
        declared = build_program(self.deck_path, {}).cards    # by the file and its bases
        elsewhere = {n for n in self.defs if n not in lines and n in declared}
        new = splice(text, self.defs, lines, elsewhere)
        try:                                 # what is written must load as it was typed
            load_text(new, str(target), root=path.parent)
        except DeckError as err:
            raise ReplError(f"not written: the file would not load ({err.diagnostics[0].message})") \
                from None
        try:
            write_atomically(output_file(str(target)), new)
        except OutputError as err:
            raise ReplError(str(err)) from None
        except OSError as err:
            raise ReplError(f"cannot write `{target}`: {err.strerror or err}") from None
        names = ", ".join(f'"{n}"' for n in self.defs)
        out.add(f"wrote {names} to {target} ({len(lines)} replaced, "
                f"{len(self.defs) - len(lines)} added)")
        if target == path:                   # the file says them now
            self.defs = {}

    def cmd_reload(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        program = build_program(self.deck_path, self.defs, self.dealt_before)
        self._replay_onto(program, out, "reloaded")

    def _replay_onto(self, program, out, what: str):
        """Replay the game's recorded steps on ``program``; keep the old game if they no
        longer fit (a step refused, or a person's choice now means something else)."""
        s = self.session
        if s is None:
            self.program = program
            out.add(f"{what}; no game in progress")
            return
        try:
            fresh, evaluator = self._new_session(program, seed=s.seed, players=s.players,
                                                 options=s.options, choices=list(s.choices))
        except EngineError as err:
            raise ReplError(f"{what}, but the game so far does not replay on it ({err}); "
                            "the old game and rules are kept (`new` starts over on the new "
                            "rules)") from None
        old_picks, new_picks = self._human_picks(s.game), self._human_picks(fresh.game)
        if old_picks != new_picks:
            fresh.close()
            diff = next(i for i, (a, b) in enumerate(zip(old_picks + [None], new_picks + [None]))
                        if a != b)
            a = old_picks[diff] if diff < len(old_picks) else "nothing"
            b = new_picks[diff] if diff < len(new_picks) else "nothing"
            raise ReplError(f"{what}, but the game so far does not replay on it (decision "
                            f"{diff + 1} was `{a}`, now it would be `{b}`); the old game and "
                            "rules are kept (`new` starts over on the new rules)")
        self.session, self.evaluator, self.program = fresh, evaluator, program
        out.add(f"{what}: the game replayed on the new rules ({len(s.choices)} steps)")
        self.shown = min(self.shown, len(fresh.game.log))
        self._bots_play()
        self._news(out)

    def _human_picks(self, game) -> list:
        names = {p.name for p in game.state.players if p.index not in self.seats}
        return [e.text for e in game.log
                if e.text.split(" ", 1)[0] in names and " cho" in e.text]

    def cmd_save(self, rest, out):
        s = self.need_game()
        if not rest:
            raise ReplError("save FILE")
        path = Path(rest.strip().strip('"')).expanduser()
        reads = [self.deck_path, *(f for f in self.program.sources if not f.startswith("<"))]
        try:
            write_file(output_file(str(path), reads), save_text(self.save_data(path)))
        except OutputError as err:
            raise ReplError(str(err)) from None
        out.add(f"saved {len(s.choices)} steps to {path}")

    def save_data(self, path: Path) -> dict:
        """The game in progress as the save file at ``path`` holds it (JSON data)."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                "deck": deck_reference(self.deck_path, path),
                "deck_name": self.deck_ref, "sources": source_hashes(self.program),
                "defs": list(self.defs.values()), "dealt_before": sorted(self.dealt_before),
                "seats": {str(k): v for k, v in self.seats.items()},
                "who": self.who, "autopass": self.autopass,
                "autopassed": [i for i, w in enumerate(self.who) if isinstance(w, Passed)],
                "game": self.session.to_save()}

    def cmd_load(self, rest, out):
        if not rest:
            raise ReplError("load FILE")
        self.load_save(Path(rest.strip().strip('"')).expanduser(), out)

    def load_save(self, path: Path, out, trusted: bool = False) -> None:
        """Replace the game by the one saved at ``path``. ``trusted``: the file is the
        user's own (the autosave, in a folder only they can write), so it may name its deck
        by any path, as the user may on the command line."""
        data = read_save(path)
        deck_path = self._saved_deck(data, path, trusted)
        defs = {}
        for i, text in enumerate(data["defs"]):
            if def_name(text) is None:
                raise ReplError(f"{path}: `defs` entry {i + 1} is not a card definition")
            defs[def_name(text)] = text
        program = build_program(deck_path, defs, set(data["dealt_before"]))
        changed = [f for f, h in data["sources"].items()
                   if f in program.sources and source_hashes(program).get(f) != h]
        missing = [f for f in data["sources"] if f not in program.sources]
        g = data["game"]
        options = g["options"] or {}
        check_options(options, program, path)
        seats = {int(k): v for k, v in data["seats"].items()}
        choices = [tuple(c) if isinstance(c, list) else Effect(c["eval"]) if isinstance(c, dict)
                   else c for c in g["choices"]]
        evaluator = Evaluator(program)
        for i, step in enumerate(choices):
            if isinstance(step, Effect):
                try:
                    evaluator.check(step.text)
                except DeckError as err:
                    raise ReplError(f"{path}: `game.choices` entry {i + 1} runs `eval "
                                    f"{step.text}`, which this deck refuses: "
                                    f"{err.diagnostics[0].message}") from None
        try:
            session = Session(program, seed=g["seed"], players=g["players"], options=options,
                              choices=choices, evaluate=evaluator)
        except EngineError as err:
            note = (" — the deck changed since the save: " + ", ".join(changed)) if changed else ""
            raise ReplError(f"the saved game does not replay ({err}){note}") from None
        self.session, self.evaluator, self.program = session, evaluator, program
        self.deck_path = deck_path
        self.deck_ref = data["deck_name"] or str(deck_path)
        self.defs, self.dealt_before = defs, set(data["dealt_before"])
        self.seats = seats
        self.agents = {i: make_bot(k, g["seed"] * 1000 + i + 1) for i, k in seats.items()}
        self.who = list(data["who"] or [None] * len(choices))
        for i in data["autopassed"]:
            self.who[i] = Passed(self.who[i])
        if data["autopass"] is not None:
            self.autopass = data["autopass"]
        self.redo_steps = []
        self.shown = len(session.game.log)
        out.add(f"loaded {path}: {program.name}, {len(choices)} steps replayed")
        for f in changed:
            out.add(f"note: {f} changed since this game was saved; it was replayed on the "
                    f"edited deck")
        for f in missing:
            out.add(f"note: the save used {f}, which the deck no longer includes")
        out.add(render.state_view(self.game, self.viewer()))
        self._bots_play()
        self._news(out)

    def _saved_deck(self, data: dict, path: Path, trusted: bool = False) -> Path:
        """The deck a save file names. A save file may come from anyone, so it may name
        only a bundled deck, a `.deck` file in its own folder tree (both as a deck's
        `include` would), or the deck the user has open: never any other file (unless it
        is ``trusted``: then also a deck by its full path)."""
        folder = path.resolve().parent
        refs = [r for r in dict.fromkeys((data.get("deck"), data.get("deck_name")))
                if isinstance(r, str) and r.strip() and "\0" not in r]
        if not refs:
            raise ReplError(f"{path} names no deck")
        refused = None
        for ref in refs:
            if trusted and Path(ref).is_absolute():
                try:
                    return resolve_deck(ref)
                except DeckError:
                    continue
            if self.deck_path is not None and any(
                    _same_file(folder / r, self.deck_path) for r in (ref, ref + ".deck")):
                return self.deck_path               # the deck the user opened
            try:
                return resolve_reference(ref, folder, folder, "load")
            except DeckError as err:
                if err.diagnostics[0].code == "outside" and refused is None:
                    refused = ref
        if refused is not None:
            raise ReplError(f"{path} names the deck `{refused}`, outside the save file's folder; "
                            f"a save file may name only a bundled deck or a `.deck` file in its "
                            f"own folder ({folder}) or below it (to load it onto that deck, "
                            f"`open` the deck first, then `load` the save)")
        raise ReplError(f"{path} names the deck `{refs[0]}`, which is neither in {folder} "
                        f"nor bundled")


def save_text(data: dict) -> str:
    return json.dumps(data, indent=1) + "\n"


def deck_reference(deck: Path, save: Path) -> str:
    """How a save file at ``save`` names ``deck``: a bundled name, a path from the save
    file's folder, or (outside it) an absolute path, which loads only while that deck is
    open (see `Processor._saved_deck`)."""
    from deckwright.decks import bundled
    real = deck.resolve()
    for name, p in bundled().items():
        if p.resolve() == real:
            return name
    folder = save.resolve().parent
    return real.relative_to(folder).as_posix() if real.is_relative_to(folder) else str(real)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def source_hashes(program) -> dict:
    """file → sha256 of its text, for every deck file the program was built from."""
    return {f: hashlib.sha256(t.encode("utf-8")).hexdigest()
            for f, t in sorted(program.sources.items()) if not f.startswith("<")}

