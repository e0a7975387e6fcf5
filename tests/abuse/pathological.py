"""Pathological inputs: files no designer writes on purpose, and some a hostile one does.

Each is a name and a function writing the input into a folder (several files, links and
folders where the case needs them) and returning the deck to load. The harness loads
each (and plays it if it loads); a clean run is a positioned deck error or a game, never
a traceback, a hang or a file read outside the folder.
"""
from __future__ import annotations

import os
from pathlib import Path

BASE = 'game "P" extends "dvorak"\n'
CARD = 'card "A": Thing x 10 { text "a" }\n'


def _one(text=None, data=None):
    def write(folder: Path) -> Path:
        path = folder / "p.deck"
        if data is not None:
            path.write_bytes(data)
        else:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        return path
    return write


def _files(**files):
    def write(folder: Path) -> Path:
        for name, text in files.items():
            (folder / f"{name}.deck").write_text(text, encoding="utf-8")
        return folder / "main.deck"
    return write


def _linked(target: str, text: str):
    def write(folder: Path) -> Path:
        link = folder / "link.deck"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        (folder / "main.deck").write_text(text, encoding="utf-8")
        return folder / "main.deck"
    return write


def _sparse(size: int):
    def write(folder: Path) -> Path:
        path = folder / "p.deck"
        with open(path, "wb") as f:
            f.write(BASE.encode())
            f.truncate(size)
        return path
    return write


INPUTS = {
    "empty file": _one(""),
    "only a newline": _one("\n"),
    "only a byte-order mark": _one(data=b"\xef\xbb\xbf"),
    "only a comment": _one("# nothing\n"),
    "no final newline": _one(BASE + CARD.rstrip("\n")),
    "CRLF line ends": _one((BASE + CARD).replace("\n", "\r\n")),
    "lone CR line ends": _one((BASE + CARD).replace("\n", "\r")),
    "NUL bytes": _one(data=BASE.encode() + b"\x00" * 100 + CARD.encode()),
    "UTF-16 with mark": _one(data=(BASE + CARD).encode("utf-16")),
    "UTF-16 without mark": _one(data=(BASE + CARD).encode("utf-16-le")),
    "UTF-32": _one(data=(BASE + CARD).encode("utf-32")),
    "Latin-1": _one(data=(BASE + 'card "Café": Thing\n').encode("latin-1")),
    "an encoded surrogate": _one(data=BASE.encode() + b'card "\xed\xa0\x80": Thing\n'),
    "a truncated UTF-8 character": _one(data=BASE.encode() + b'card "\xe2\x82": Thing\n'),
    "an overlong UTF-8 encoding": _one(data=BASE.encode() + b'card "\xc0\xaf": Thing\n'),
    "random bytes": _one(data=bytes((k * 7919) % 256 for k in range(5000))),
    "a 50 MiB sparse file": _sparse(50 * 2**20),
    "a 1 MiB string": _one(BASE + 'card "A": Thing { text "' + "x" * 2**20 + '" }\n'),
    "a line of 100,000 characters": _one(BASE + "#" + "x" * 100_000 + "\n" + CARD),
    "200,000 short lines": _one(BASE + CARD + "#\n" * 200_000),
    "10,000 cards": _one(BASE + "".join(f'card "C{k}": Thing\n' for k in range(10_000))),
    "10,000 errors": _one(BASE + CARD + "setup {\n" + "  gain 1 nosuch\n" * 10_000 + "}\n"),
    "5,000 syntax errors": _one(BASE + CARD + "zone 1\n" * 5_000),
    "600 nested ifs": _one(BASE + CARD + "override setup {\n" + "if true {\n" * 600 + "pass\n"
                           + "}\n" * 600 + "}\n"),
    "600 else ifs": _one(BASE + CARD + "override setup {\nif true {\npass\n"
                         + "} else if true {\npass\n" * 600 + "}\n}\n"),
    "1,000 unary minuses": _one(BASE + "param x = " + "-" * 1000 + "1\n" + CARD),
    "2,000 nested parentheses": _one(BASE + "param x = " + "(" * 2000 + "1" + ")" * 2000
                                     + "\n" + CARD),
    "2,000 nested lists": _one(BASE + "param x = " + "[" * 2000 + "1" + "]" * 2000 + "\n" + CARD),
    "1,000 open braces": _one(BASE + "setup " + "{" * 1000 + "\n"),
    "1,000 close braces": _one(BASE + "}" * 1000 + "\n"),
    "an unclosed string": _one(BASE + 'card "A: Thing\n'),
    "an unclosed string at the end": _one(BASE + 'card "'),
    "an unclosed block": _one(BASE + 'card "A": Thing {\n'),
    "a 4,400-digit number": _one(BASE + "param x = " + "9" * 3990 + "\n" + CARD),
    "a number one past the limit": _one(BASE + "param x = 1000000001\n" + CARD),
    "players 0": _one(BASE + "override players 0\n" + CARD),
    "players 10**100": _one(BASE + "override players 1" + "0" * 100 + "\n" + CARD),
    "x 10**100 copies": _one(BASE + 'card "A": Thing x 1' + "0" * 100 + "\n"),
    "a form feed before an error": _one(BASE + "# a \f b\nzone 1\n"),
    "a vertical tab before an error": _one(BASE + "# a \v b\nzone 1\n"),
    "U+2028 before an error": _one(BASE + "# a \u2028 b\nzone 1\n"),
    "U+0085 before an error": _one(BASE + "# a \x85 b\nzone 1\n"),
    "a byte-order mark inside": _one(BASE + "zone \ufeffhand\n"),
    "a right-to-left override in a name": _one(BASE + 'card "\u202eA": Thing x 10\n'),
    "terminal escapes in an error": _one(BASE + 'card "\x1b]0;T\x07": Thingy\n'),
    "include /etc/passwd": _one(BASE + 'include "/etc/passwd"\n' + CARD),
    "include /proc/self/environ": _one(BASE + 'include "/proc/self/environ"\n' + CARD),
    "include /dev/zero": _one(BASE + 'include "/dev/zero"\n' + CARD),
    "include ../ climbing": _one(BASE + 'include "../../../../../../../etc/passwd"\n' + CARD),
    "include of a home-folder path": _one(BASE + 'include "~/.ssh/id_rsa"\n' + CARD),
    "include of an empty name": _one(BASE + 'include ""\n' + CARD),
    "include of a folder": _one(BASE + 'include "."\n' + CARD),
    "extends /etc/hostname": _one('game "P" extends "/etc/hostname"\n' + CARD),
    "a symlink to /etc/passwd": _linked("/etc/passwd", BASE + 'include "link"\n' + CARD),
    "a symlink to a deck outside": _linked(
        str(Path(__file__).resolve().parent.parent.parent / "decks" / "decktet.deck"),
        BASE + 'include "link"\n' + CARD),
    "a dangling symlink": _linked("/nonexistent/x.deck", BASE + 'include "link"\n' + CARD),
    "a symlink to itself": _linked("link.deck", BASE + 'include "link"\n' + CARD),
    "an include cycle": _files(main=BASE + 'include "a"\n' + CARD,
                               a='game "A"\ninclude "b"\n', b='game "B"\ninclude "a"\n'),
    "an extends cycle": _files(main='game "M" extends "a"\n' + CARD,
                               a='game "A" extends "main"\n'),
    "a nested include": _files(main=BASE + 'include "a"\n', a='game "A"\ninclude "b"\n',
                               b='game "B"\n' + CARD),
    "includes 20 deep": _files(main=BASE + 'include "i0"\n' + CARD,
                               **{f"i{k}": f'game "I"\ninclude "i{k + 1}"\n' for k in range(20)},
                               i20='game "I"\n'),
    "an include diamond of 2**15": _files(
        main=BASE + 'include "d0"\n' + CARD,
        **{f"d{k}": f'game "D"\ninclude "d{k + 1}"\ninclude "d{k + 1}"\n' for k in range(15)},
        d15='game "D"\ntype T\n'),
    "a game with no turn": _one('game "P"\n' + CARD),
    "a game with no cards": _one(BASE),
}


def run_pathological(report, folder: Path) -> dict:
    """Every input, each in a fresh folder of its own: name → outcome."""
    from harness import try_deck
    out = {}
    for k, (name, write) in enumerate(INPUTS.items()):
        sub = folder / f"pathological-{k}"
        sub.mkdir(exist_ok=True)
        path = write(sub)
        out[name] = try_deck(path, report, f"pathological input: {name}")
        for p in sub.iterdir():
            if p.is_symlink() or p.is_file():
                p.unlink()
        os.rmdir(sub)
    report.add("pathological inputs", len(INPUTS))
    return out
