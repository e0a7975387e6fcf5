"""`deckwright print DECK -o sheet.html`: a printable sheet, nine cards to an A4 or Letter page.

Each card shows its name, its type line, its corner value (a property of the deck's: the
first declared property that most cards give a number, or ``--corner NAME``) and its
printed text; a card with ``x 3`` is printed three times, tokens once after the deck.
Every piece of deck text is HTML-escaped: a sheet never runs anything a deck wrote.

>>> from deckwright.dsl.loader import load_program
>>> html = sheet_html(load_program("example"))
>>> html.count('class="card')
38
"""
from __future__ import annotations

import html
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

PER_PAGE = 9
# Poker-sized cards (63 × 88 mm), 3 × 3 to a page; the margins are what each paper leaves.
PAPER = {"a4": ("A4", "10mm 10.5mm"), "letter": ("letter", "7mm 13mm")}
LONG, LONGER, LONGEST = 260, 420, 620          # characters of text: smaller type past each

STYLE = """
@page { size: %(size)s; margin: %(margin)s; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", Verdana, sans-serif; color: #111; }
.page { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 88mm;
        break-after: page; }
.page:last-child { break-after: auto; }
.card { position: relative; width: 63mm; height: 88mm; overflow: hidden;
        border: 0.3mm solid #444; border-radius: 3mm; padding: 3mm 3.2mm;
        display: flex; flex-direction: column; background: #fff; }
.name { font-weight: bold; font-size: 11pt; line-height: 1.15; padding-right: 9mm;
        min-height: 7mm; }
.type { font-size: 7.5pt; font-style: italic; border-bottom: 0.2mm solid #888;
        padding-bottom: 1mm; margin-bottom: 2mm; color: #333; }
.corner { position: absolute; top: 2.5mm; right: 2.5mm; width: 8mm; height: 8mm;
          border: 0.3mm solid #444; border-radius: 50%%; font-weight: bold; font-size: 10pt;
          display: flex; align-items: center; justify-content: center; }
.text { font-size: 8.5pt; line-height: 1.25; flex: 1; overflow: hidden;
        overflow-wrap: anywhere; }
.long .text { font-size: 7.5pt; }
.longer .text { font-size: 6.5pt; }
.longest .text { font-size: 5.6pt; }
.token .type::after { content: " (token)"; }
.deck { position: absolute; bottom: 1.8mm; right: 3mm; font-size: 5.5pt; color: #777; }
"""


def corner_property(program) -> Optional[str]:
    """The deck's first declared property that at least half its cards give as a number."""
    cards = program.library()
    for name in program.properties:
        numbers = sum(1 for c in cards if isinstance(c.props.get(name), int)
                      and not isinstance(c.props.get(name), bool))
        if cards and numbers * 2 >= len(cards):
            return name
    return None


def printed_cards(program) -> list:
    """The cards a sheet prints, in deck order: each card as often as the deck has it, then
    each token once."""
    out = []
    for card in program.library():
        out.extend([card] * card.copies)
    out.extend(c for c in program.cards.values() if c.token)
    return out


def card_html(card, corner: Optional[str], deck: str) -> str:
    e = html.escape
    text = card.text or ""
    size = ("longest" if len(text) > LONGEST else "longer" if len(text) > LONGER
            else "long" if len(text) > LONG else "")
    classes = " ".join(x for x in ("card", size, "token" if card.token else "") if x)
    typeline = " ".join(card.decl.types)                  # as the deck writes it
    if card.decl.subtypes:
        typeline += " — " + " ".join(card.decl.subtypes)
    value = card.props.get(corner) if corner else None
    parts = [f'<div class="{classes}">',
             f'<div class="name">{e(card.name)}</div>',
             f'<div class="type">{e(typeline)}</div>']
    if value is not None and not isinstance(value, bool):
        parts.append(f'<div class="corner">{e(str(value))}</div>')
    parts.append(f'<div class="text">{e(text)}</div>')
    parts.append(f'<div class="deck">{e(deck)}</div>')
    parts.append("</div>")
    return "".join(parts)


def sheet_html(program, paper: str = "a4", corner: Optional[str] = "") -> str:
    """The sheet as one HTML document. ``corner``: a property name, None for no corner
    value, or "" for :func:`corner_property`'s choice."""
    if corner == "":
        corner = corner_property(program)
    size, margin = PAPER[paper]
    cards = printed_cards(program)
    pages = [cards[i:i + PER_PAGE] for i in range(0, len(cards), PER_PAGE)]
    body = "\n".join('<section class="page">' + "".join(card_html(c, corner, program.name)
                                                         for c in page) + "</section>"
                     for page in pages)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(program.name)}: cards</title>"
            f"<style>{STYLE % {'size': size, 'margin': margin}}</style></head>\n"
            f"<body>\n{body}\n</body></html>\n")


def chromium() -> Optional[str]:
    """A headless-capable Chromium on the PATH, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome", "headless_shell"):
        found = shutil.which(name)
        if found:
            return found
    return None


def to_pdf(html_text: str, out: Path, browser: str, timeout: float = 120,
           shown: Optional[str] = None) -> None:
    """Print the sheet to PDF with headless Chromium; OutputError if it writes none."""
    from .outputs import OutputError
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "sheet.html"
        page.write_text(html_text, encoding="utf-8")
        try:
            done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                                   "--no-pdf-header-footer", f"--user-data-dir={tmp}/profile",
                                   f"--print-to-pdf={out}", page.as_uri()],
                                  capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
            why = f"Chromium ended with status {done.returncode}" if done.returncode else None
        except subprocess.TimeoutExpired:
            why = f"Chromium did not finish in {timeout:g} s"
        except OSError as err:
            why = f"Chromium did not start ({err.strerror or err})"
        if why is None and not out.is_file():
            why = "Chromium wrote no file"
        if why is not None:
            raise OutputError(f"cannot write `{shown or out}`: {why}")


def main(args) -> int:
    """`deckwright print DECK -o FILE [--paper a4|letter] [--corner NAME|none] [--pdf]`."""
    from .loader import load_program
    from .outputs import named_decks, output_file, write_file
    from .terminal import visible
    out = output_file(args.output, named_decks([args.deck]))
    program = load_program(args.deck)
    corner = None if args.corner == "none" else (args.corner or "")
    if corner and corner not in program.properties:
        from .errors import suggest
        hint = suggest(corner, program.properties)
        print(visible(f"deckwright print: the deck has no property `{corner}`"
                      + (f" ({hint})" if hint else "")), file=sys.stderr)
        return 1
    text = sheet_html(program, args.paper, corner)
    if args.pdf:
        browser = chromium()
        if browser is None:
            print("deckwright print: --pdf needs Chromium (chromium or google-chrome on the "
                  "PATH); write the HTML and print it from a browser instead", file=sys.stderr)
            return 1
        to_pdf(text, out.resolve(), browser, shown=args.output)
    else:
        write_file(out, text, args.output)
    n = len(printed_cards(program))
    print(visible(f"{out}: {n} cards on {-(-n // PER_PAGE)} pages"), file=sys.stderr)
    return 0
