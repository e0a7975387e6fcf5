"""`deckwright import WIKITEXT`: a Dvorak wiki deck page's ``{{card ...}}`` templates become a
deck file: each card with its name, type line, corner value and printed text, and an effect
still to write (``todo true``, which `deckwright check` and `lint` warn of as `to-do`).

>>> print(import_wikitext("{{card|title=Lucky Coin|type=Thing - Trinket|cornervalue=2|"
...                       "text='''Action:''' Gain 1 VP.|creator=Ann}}", "Coins"), end="")
game "Coins" extends "dvorak"
<BLANKLINE>
# Imported by `deckwright import` from a Dvorak wiki page. Each card keeps its printed text;
# its effect is still to write (`todo true`: `deckwright check` warns of each, `to-do`).
subtype Trinket
property corner = none
property todo = false
<BLANKLINE>
card "Lucky Coin": Thing - Trinket {
  text "Action: Gain 1 VP."
  corner 2
  todo true
}
"""
from __future__ import annotations

import html
import re
import sys
from pathlib import Path
from typing import Optional

from .parser import quote


def templates(text: str, *names: str) -> list:
    """The parameters of each ``{{NAME|...}}`` in ``text`` whose name is one of ``names``,
    as dicts. Names compare as the wiki compares them: case, and ``_`` for a space, aside
    (``{{infobox_deck|...}}`` is an ``Infobox Deck``). Nested templates and links may hold
    ``|``; only the template's own bars split it."""
    wanted = {_template_name(n) for n in names}
    out = []
    for m in re.finditer(r"\{\{([^{}|]*)\|", text):
        if _template_name(m.group(1)) not in wanted:
            continue
        depth, i, start = 0, m.end(), m.end()
        parts = []
        while i < len(text):
            two = text[i:i + 2]
            if two in ("{{", "[["):
                depth += 1
                i += 2
                continue
            if two in ("}}", "]]"):
                if depth == 0 and two == "}}":
                    parts.append(text[start:i])
                    break
                depth -= 1
                i += 2
                continue
            if text[i] == "|" and depth == 0:
                parts.append(text[start:i])
                start = i + 1
            i += 1
        else:
            continue                                  # never closed: not a template
        params = {}
        for part in parts:
            key, eq, value = part.partition("=")
            if eq:
                params[key.strip().lower()] = value.strip()
        out.append(params)
    return out


def _template_name(name: str) -> str:
    return re.sub(r"[\s_]+", " ", name).strip().lower()


_INNERMOST = re.compile(r"\{\{([^{}]*)\}\}")


def _template_words(m: re.Match) -> str:
    """How a template inside printed text reads: its parameters' values (``{{sym|gear}}``
    reads ``gear``), or its name when it has none (``{{tap}}``: ``tap``); apart from a
    number just before it and from another template just after it (``2{{sym|gear}}``:
    ``2 gear``), as the card shows a symbol apart."""
    name, *params = m.group(1).split("|")
    said = " ".join(v for v in (p.partition("=")[2] if "=" in p else p for p in params)
                    if v.strip()) or name
    before = m.string[m.start() - 1:m.start()]
    gap_before = " " if before.isdigit() or m.string.endswith("}}", 0, m.start()) else ""
    gap_after = " " if m.string.startswith("{{", m.end()) else ""
    return gap_before + said.strip() + gap_after


def plain(wikitext: str) -> str:
    """Wiki markup as the printed words: bold and italics, links, line breaks, tags, and
    templates (symbols) read as words (:func:`_template_words`)."""
    t = re.sub(r"<br\s*/?>", " ", wikitext, flags=re.I)
    t = re.sub(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]", r"\1", t)
    n = 1
    while n:                                          # the innermost first: they may nest
        t, n = _INNERMOST.subn(_template_words, t)
    t = re.sub(r"'{2,}", "", t)
    t = re.sub(r"<[^>]+>", "", t)
    return re.sub(r"\s+", " ", html.unescape(t)).strip()


def words(text: str) -> list:
    """A type line's words as the language's capitalised words (`Thing`, `Room`). A `/`,
    `,` or `&` between words parts them as a space does (`Room/Trap`: `Room`, `Trap`);
    other marks inside a word are dropped (`Wizard's`: `Wizards`)."""
    out = []
    for w in re.split(r"[\s/,&]+", plain(text)):
        w = re.sub(r"[^A-Za-z0-9_]", "", w)
        if w and w[0].isalpha():
            out.append(w[0].upper() + w[1:])
    return out


# The dash between a type line's types and subtypes: `Thing - Room`, `Thing — Room`.
TYPE_DASH = re.compile(r"\s+[-\u2013\u2014]\s+|\s*[\u2013\u2014]\s*")


def import_wikitext(text: str, game: Optional[str] = None) -> str:
    """The deck file for a wiki page's cards (a game named ``game``, else the page's
    Infobox title, else "Imported")."""
    from .loader import load_program
    base = load_program("dvorak")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)          # commented-out cards
    box = templates(text, "Infobox", "Infobox Deck")
    title = game or (plain(box[0].get("title", "")) if box else None) or "Imported"
    cards: dict = {}                        # name → [types, subtypes, corner, text, copies]
    for t in templates(text, "card"):
        name = plain(t.get("title", ""))
        if not name:
            continue
        kind, sub = (TYPE_DASH.split(plain(t.get("type", "")), maxsplit=1) + [""])[:2]
        types, subtypes = words(kind) or ["Thing"], words(sub)
        card = [types, subtypes, plain(t.get("cornervalue", "")), plain(t.get("text", "")), 1]
        n, key = 2, name
        while key in cards and cards[key][:4] != card[:4]:
            key, n = f"{name} ({n})", n + 1              # same title, another card
        if key in cards:
            cards[key][4] += 1
        else:
            cards[key] = card
    new_types = sorted({w for c in cards.values() for w in c[0]} - base.types)
    new_subtypes = sorted({w for c in cards.values() for w in c[1]} - base.subtypes
                          - set(new_types))
    out = [f"game {quote(title)} extends \"dvorak\"", "",
           "# Imported by `deckwright import` from a Dvorak wiki page. Each card keeps its "
           "printed text;",
           "# its effect is still to write (`todo true`: `deckwright check` warns of each, "
           "`to-do`)."]
    if new_types:
        out.append("type " + ", ".join(new_types))
    if new_subtypes:
        out.append("subtype " + ", ".join(new_subtypes))
    out += ["property corner = none", "property todo = false"]
    for name, (types, subtypes, corner, printed, copies) in cards.items():
        line = " ".join(types) + (" - " + " ".join(subtypes) if subtypes else "")
        out += ["", f"card {quote(name)}: {line}" + (f" x {copies}" if copies > 1 else "") + " {"]
        if printed:
            out.append(f"  text {quote(printed)}")
        if corner:
            out.append(f"  corner {corner if corner.isdigit() else quote(corner)}")
        out += ["  todo true", "}"]
    return "\n".join(out) + "\n"


def main(args) -> int:
    from .loader import decode_deck
    from .outputs import output_file, write_file
    from .terminal import visible
    out = output_file(args.output, [args.wikitext] if args.wikitext != "-" else []) \
        if args.output else None
    try:
        data = Path(args.wikitext).read_bytes() if args.wikitext != "-" else sys.stdin.buffer.read()
    except OSError as err:
        print(visible(f"deckwright import: cannot read `{args.wikitext}`: {err.strerror or err}"),
              file=sys.stderr)
        return 1
    text = decode_deck(data, args.wikitext)
    deck = import_wikitext(text, args.name)
    n = deck.count("\n  todo true")
    if n == 0:
        print(visible(f"deckwright import: `{args.wikitext}` has no {{{{card ...}}}} templates"),
              file=sys.stderr)
        return 1
    if out is not None:
        write_file(out, deck, args.output)
        print(visible(f"{args.output}: {n} cards, each with its effect to write"), file=sys.stderr)
    else:
        sys.stdout.write(deck)
    return 0
