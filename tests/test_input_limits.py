"""Broken and hostile deck files get one positioned error, never a traceback.

A deck is downloaded text: it may be in the wrong encoding, huge, nested a thousand deep
or hold a number of five thousand digits. Each is refused before it costs time or memory,
with `file:line:col` and a caret (docs/language.md §17 lists the limits).
"""
import time

import pytest

from dsl.errors import DeckError, Diagnostic, SourcePosition
from dsl.loader import load_text

BASE = 'game "G" extends "dvorak"\n'


def rendered(text: str) -> str:
    with pytest.raises(DeckError) as caught:
        load_text(text, "bad.deck")
    return caught.value.render()


# ----------------------------------------------------------------------------------
# Lines: the reporter and the parser count them alike
# ----------------------------------------------------------------------------------

@pytest.mark.parametrize("breaker", ["\f", "\v", "\u2028", "\u2029", "\x1c", "\x85"])
def test_the_caret_is_on_the_right_line_after_a_character_that_splitlines_breaks_at(breaker):
    out = rendered(BASE + f"# a comment {breaker} with a break\nzone 1\n")
    assert out.startswith("bad.deck:3:6: error: unexpected `1`\n    3 | zone 1\n      |      ^\n")


# ----------------------------------------------------------------------------------
# Many errors
# ----------------------------------------------------------------------------------

class CountingText(str):
    """Deck text that counts how often it is cut into lines."""
    cuts = 0

    def split(self, *args, **kwargs):
        CountingText.cuts += 1
        return super().split(*args, **kwargs)

    def splitlines(self, *args, **kwargs):
        CountingText.cuts += 1
        return super().splitlines(*args, **kwargs)


def test_rendering_many_errors_cuts_the_source_into_lines_once():
    source = CountingText("".join(f"line {n}\n" for n in range(1000)))
    diags = [Diagnostic("x", "bad", SourcePosition("f.deck", n, 1, n, 5)) for n in range(1, 1001)]
    CountingText.cuts = 0
    DeckError(diags, {"f.deck": source}).render()
    assert CountingText.cuts <= 1


def test_eight_thousand_errors_render_in_linear_time():
    source = "".join(f"  gain 1 nosuch{n}\n" for n in range(8000))
    diags = [Diagnostic("x", "bad", SourcePosition("f.deck", n, 3, n, 7)) for n in range(1, 8001)]
    started = time.perf_counter()
    DeckError(diags, {"f.deck": source}).render()
    assert time.perf_counter() - started < 2         # 10 s when each error re-split the file
