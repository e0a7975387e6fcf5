"""The REPL sessions shown in the docs, rerun from their scripts so they cannot go stale.

    python docs/transcripts.py           # rewrite every transcript in docs/*.md
    python docs/transcripts.py --check   # exit 1 (and say which) if one is out of date

A transcript is written in a page as a script and its output, each a fenced block after
a marker comment::

    <!-- transcript: example seed=1 -->
    ```
    state
    card oil can
    ```
    (any prose)
    <!-- transcript output -->
    ```
    ...what `deckwright play example --seed 1 --script` prints for that script...
    ```

The output block is what :func:`deckwright.repl.app.run_script` prints, run in a temporary folder
(so a `save` in the script writes nothing here). ``tests/test_docs_transcripts.py`` fails
when a page's output is not what the REPL prints today.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MARK = re.compile(r"<!-- transcript: (\S+)((?: \w+=\S+)*) -->\n```\n(.*?)```\n", re.S)
OUTPUT = re.compile(r"<!-- transcript output -->\n```\n(.*?)```\n", re.S)


def run(deck: str, settings: dict, script: str) -> str:
    """What the REPL prints for ``script`` on a new game of ``deck``."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from deckwright.repl.app import run_script
    from deckwright.repl.commands import Processor
    lines: list = []
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            proc = Processor(deck, seed=int(settings.get("seed", 1)),
                             players=int(settings["players"]) if "players" in settings else None)
            with contextlib.redirect_stderr(sys.stdout):
                run_script(script.splitlines(True), "<transcript>", proc, write=lines.append,
                           error=lines.append)
        finally:
            os.chdir(here)
    return "\n".join(lines) + "\n"


def regenerate(text: str) -> str:
    """The page with each transcript's output block made again from its script."""
    out, at = [], 0
    for m in MARK.finditer(text):
        settings = dict(kv.split("=", 1) for kv in m.group(2).split())
        found = OUTPUT.search(text, m.end())
        if found is None:
            raise SystemExit(f"a transcript of {m.group(1)} has no `<!-- transcript output -->`")
        out.append(text[at:found.start(1)])
        out.append(run(m.group(1), settings, m.group(3)))
        at = found.end(1)
    out.append(text[at:])
    return "".join(out)


def pages() -> list:
    return sorted(p for p in DOCS.glob("*.md") if "<!-- transcript:" in p.read_text("utf-8"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="change nothing; fail if stale")
    args = ap.parse_args(argv)
    stale = []
    for page in pages():
        old = page.read_text("utf-8")
        new = regenerate(old)
        if new != old:
            stale.append(page.relative_to(ROOT))
            if not args.check:
                page.write_text(new, "utf-8")
    for page in stale:
        print(f"{page}: {'out of date' if args.check else 'rewritten'}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
