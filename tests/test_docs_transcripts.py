"""The REPL sessions printed in the docs are what the REPL prints today
(`python docs/transcripts.py` rewrites them)."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("transcripts", ROOT / "docs" / "transcripts.py")
transcripts = importlib.util.module_from_spec(spec)
spec.loader.exec_module(transcripts)


@pytest.mark.parametrize("page", transcripts.pages(), ids=lambda p: p.name)
def test_every_transcript_in_the_docs_is_current(page):
    text = page.read_text("utf-8")
    assert text == transcripts.regenerate(text), \
        f"{page.name} is out of date: run `python docs/transcripts.py`"


def test_a_transcript_is_rerun_from_its_script():
    page = ("<!-- transcript: example seed=1 -->\n```\noptions\n```\n"
            "<!-- transcript output -->\n```\nstale\n```\n")
    out = transcripts.regenerate(page)
    assert "stale" not in out and "P1 main> options\nP1: your move\n  [0] play_thing:" in out
