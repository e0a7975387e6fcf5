"""`deckwright export DECK --lackey DIR | --mush FILE`: a deck for LackeyCCG or the Dvorak
MUSH Engine, in the formats the Dvorak wiki's own exporter writes.

* **Lackey**: a plugin folder: ``plugininfo.txt`` (one game zone per zone of the deck, with
  its visibility), ``sets/carddata.txt`` (the wiki's tab-separated columns ``Name Set
  ImageFile Type CornerValue Text FlavorText Creator``), ``decks/NAME.dek`` (Lackey's deck
  XML, one ``<card>`` per copy) and an empty ``sets/setimages/general/`` for images.
* **MUSHcode**: ``cleardeck``, one ``loadcard NAME/T|A/TEXT`` a copy (``A`` for a card
  whose types include Action, else ``T``, as the Engine defaults), line breaks as ``%r``,
  and an ``@emit`` saying the deck is loaded. With ``--dvorax``, the Dvorax Engine's
  form the wiki also writes: ``loadcard COLOUR/NAME/TYPE/TEXT``, the colour a MUSH
  colour code by the card's kind (``hb`` highlighted blue for a Thing, ``hr`` red for an
  Action, ``hw`` white for any other, such as a rule card) and the type its type line.

The corner value is :func:`deckwright.dsl.sheet.corner_property`'s (or ``--corner``).
Tabs and line breaks in deck text become spaces (Lackey) or ``%r`` (MUSH); XML is
escaped.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Optional
from xml.sax.saxutils import escape

from .outputs import output_file, output_folder, write_file, write_into
from .sheet import corner_property

LACKEY_COLUMNS = ("Name", "Set", "ImageFile", "Type", "CornerValue", "Text", "FlavorText",
                  "Creator")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "deck"


def _flat(text: Optional[str]) -> str:
    return re.sub(r"[\t\r\n]+", " ", text or "").strip()


def typeline(card) -> str:
    line = " ".join(card.decl.types)
    return line + (" - " + " ".join(card.decl.subtypes) if card.decl.subtypes else "")


def _corner(card, corner: Optional[str]) -> str:
    value = card.props.get(corner) if corner else None
    return "" if value is None or isinstance(value, bool) else str(value)


def lackey_carddata(program, corner: Optional[str]) -> str:
    rows = ["\t".join(LACKEY_COLUMNS)]
    s = slug(program.name)
    for card in program.cards.values():
        rows.append("\t".join([_flat(card.name), s, slug(typeline(card)), _flat(typeline(card)),
                               _corner(card, corner), _flat(card.text), "", ""]))
    return "\n".join(rows) + "\n"


def lackey_deck(program) -> str:
    s = slug(program.name)
    cards = "".join(f"    <card><name>{escape(c.name)}</name><set>{s}</set></card>\n"
                    for c in program.library() for _ in range(c.copies))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<deck version="0.8">\n'
            f"  <meta><game>{escape(s)}</game><title>{escape(program.name)}</title></meta>\n"
            f'  <superzone name="Deck">\n{cards}  </superzone>\n</deck>\n')


# How the plugininfo.txt an export writes starts: the mark of a folder it may write again.
PLUGIN_MARK = "// Written by `deckwright export --lackey`"


def lackey_plugininfo(program) -> str:
    zones = []
    for z in program.zones.values():
        owner = "yes" if z.visibility in ("private", "public") else "no"
        others = "yes" if z.visibility == "public" else "no"
        zones.append(f"<gamezone><label>{escape(z.name)}</label>"
                     f"<visibletoowner>{owner}</visibletoowner>"
                     f"<visibletoothers>{others}</visibletoothers></gamezone>")
    return (PLUGIN_MARK + " for " + _flat(program.name) + "\n"
            "<plugin>\n<deckzone><label>Deck</label></deckzone>\n" + "\n".join(zones) +
            "\n</plugin>\n")


def write_lackey(program, folder: Path, corner: Optional[str], shown: Optional[str] = None,
                 force: bool = False) -> list:
    """Write the plugin folder (checked first: see :func:`lackey_folder`); the files
    written, relative to it."""
    lackey_folder(str(folder), force)
    files = {"plugininfo.txt": lackey_plugininfo(program),
             "sets/carddata.txt": lackey_carddata(program, corner),
             f"decks/{slug(program.name)}.dek": lackey_deck(program)}
    write_into(folder, files, ["sets/setimages/general"], shown)
    return sorted(files)


def lackey_folder(name: str, force: bool = False) -> Path:
    """The folder ``name`` once it is known a plugin may be written there: a new folder
    (in one that exists), an empty one, one an earlier export wrote (its
    ``plugininfo.txt`` says so: the export is written again over it), or with ``force``
    any folder. OutputError otherwise (docs/export.md)."""
    return output_folder(name, _earlier_export, force, "a Lackey plugin")


def _earlier_export(folder: Path) -> bool:
    info = folder / "plugininfo.txt"
    if not info.is_file():                  # not a fifo either: reading one would wait
        return False
    try:
        with open(info, encoding="utf-8", errors="replace") as f:
            return f.read(len(PLUGIN_MARK)) == PLUGIN_MARK
    except OSError:
        return False


def _mush(text: Optional[str]) -> str:
    return re.sub(r"\r?\n", "%r", (text or "").replace("\t", " ")).strip()


# The MUSH Engine's two kinds of card, and the Dvorax Engine's colour for each kind
# (a card of neither kind is played as a Thing, and shown in white).
KINDS = (("Action", "A", "hr"), ("Thing", "T", "hb"))


def _kind(card) -> tuple:
    for word, kind, colour in KINDS:
        if word in card.types:
            return kind, colour
    return "T", "hw"


def mushcode(program, corner: Optional[str], dvorax: bool = False) -> str:
    lines = ["cleardeck"]
    for card in program.library():
        kind, colour = _kind(card)
        value = _corner(card, corner)
        name = _mush(card.name).replace("/", "-") + (f" ({value})" if value else "")
        text = _mush(card.text)
        line = (f"loadcard {colour}/{name}/{_mush(typeline(card)).replace('/', '-')}/{text}"
                if dvorax else f"loadcard {name}/{kind}/{text}")
        lines += [line] * card.copies
    n = sum(c.copies for c in program.library())
    lines.append(f"@emit The {_mush(program.name)} deck is loaded ({n} cards).")
    return "\n".join(lines) + "\n"


def main(args) -> int:
    from .loader import load_program
    from .outputs import named_decks
    from .terminal import visible
    if args.dvorax and not args.mush:
        print("deckwright export: --dvorax says how to write --mush FILE; give --mush FILE",
              file=sys.stderr)
        return 2
    if args.force and not args.lackey:
        print("deckwright export: --force says where --lackey DIR may write; give --lackey DIR",
              file=sys.stderr)
        return 2
    if not args.lackey and not args.mush:
        print("deckwright export: say what to write: --lackey DIR and/or --mush FILE",
              file=sys.stderr)
        return 2
    folder = lackey_folder(args.lackey, args.force) if args.lackey else None
    mush = output_file(args.mush, named_decks([args.deck])) if args.mush else None
    program = load_program(args.deck)
    corner = None if args.corner == "none" else (args.corner or corner_property(program))
    if folder is not None:
        files = write_lackey(program, folder, corner, args.lackey, args.force)
        print(visible(f"{folder}: a Lackey plugin ({', '.join(files)})"), file=sys.stderr)
    if mush is not None:
        write_file(mush, mushcode(program, corner, args.dvorax), args.mush)
        engine = "the Dvorax Engine" if args.dvorax else "the MUSH Engine"
        print(visible(f"{args.mush}: MUSHcode for {engine}, {len(program.library())} cards"),
              file=sys.stderr)
    return 0
