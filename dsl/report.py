"""Balance figures from a simulated run: one self-contained HTML page, or a record per game.

``deckwright sim DECK --report out.html`` writes :func:`html_report`: win rates per seat
and per side with 95% intervals, the first player's advantage, game length, how games
ended, and per card how often it was played, used, bought and drawn, in how many games it
was seen, and the win rate of the seats that played it against the seats that did not;
then the cards never played and the triggers never fired. Figures that stand out are
flagged, each with its numbers; the page names the seed and the command that reproduce
it. Plots are SVG drawn by matplotlib (the optional extra ``deckwright[report]``),
embedded in the page, which needs nothing else to open.

``--csv`` and ``--jsonl`` write :func:`csv_lines` / :func:`jsonl_lines`: a record per
game (:mod:`deckwright.dsl.records`), for a notebook.

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.sim import simulate
>>> program = load_program("example")
>>> run = simulate(program, games=20, seed=1, records=True)
>>> f = figures(program, run)
>>> f["seats"][0]["seat"], f["games"]
('P1', 20)
"""
from __future__ import annotations

import html
import io
import json
import math
from collections import Counter
from typing import Optional

from .errors import EngineError
from .records import WHAT

MISSING = ("the report's plots need matplotlib, an optional extra: "
           "pip install 'deckwright[report]' (or: pip install matplotlib)")

FLAG_MIN_GAMES = 10          # a card's win-rate gap is judged over at least this many games


def wilson(wins: float, n: int, z: float = 1.96) -> tuple:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: float, n: int) -> dict:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "games": n, "rate": wins / n if n else None, "low": lo, "high": hi}


def figures(program, run: dict) -> dict:
    """Every figure of the page, as plain data, from a run simulated with ``records``."""
    records = run["records"]
    n = len(records)
    seats: dict = {}
    for r in records:
        for s in r["seats"]:
            seats.setdefault(s["seat"], []).append(s["won"])
    sides: dict = {}
    for r in records:
        for side in dict.fromkeys(s["side"] for s in r["seats"] if s["side"]):
            sides.setdefault(side, []).append(
                any(s["won"] for s in r["seats"] if s["side"] == side))
    first_games = [r for r in records if r["first"] is not None and not r["draw"]]
    first_wins = sum(r["first"] in r["winners"] for r in first_games)
    players = run["players"]
    out = {
        "deck": program.name, "games": n, "seed": run["seed"], "bots": run["bots"],
        "players": players,
        "seats": [{"seat": k, **_rate(sum(v), len(v))} for k, v in seats.items()],
        "sides": [{"side": k, **_rate(sum(v), len(v))} for k, v in sides.items()],
        "first": {**_rate(first_wins, len(first_games)), "fair": 1 / players},
        "turns": [r["turns"] for r in records],
        "draws": sum(r["draw"] for r in records),
        "reasons": dict(Counter(r["reason"] for r in records).most_common()),
    }
    out["cards"] = _card_figures(program, records)
    out["never_played"] = [c["card"] for c in out["cards"]
                           if not c["played"] and not c["used"]]
    fired = set()
    for r in records:
        fired.update(r["fired"])
    out["never_fired"] = [
        {"trigger": f"{t.kind} {t.event}", "card": t.card,
         "where": f"{t.pos.file}:{t.pos.line}" if t.pos else ""}
        for k, t in enumerate(program.all_triggers) if k not in fired]
    out["flags"] = _flags(out)
    return out


def _card_figures(program, records) -> list:
    rows = []
    for d in program.library():
        name = d.name
        totals = {what: 0 for what in WHAT}
        seen = 0
        with_wins = with_n = without_wins = without_n = 0
        for r in records:
            in_game = False
            playing = []
            for s in r["seats"]:
                counts = {what: s.get(what, {}).get(name, 0) for what in WHAT}
                for what, k in counts.items():
                    totals[what] += k
                in_game = in_game or any(counts.values())
                playing.append((counts["played"] + counts["used"] > 0, s["won"]))
            seen += in_game
            if r["draw"] or not any(p for p, _ in playing) or all(p for p, _ in playing):
                continue                      # only games where some seats played it
            for played, won in playing:
                if played:
                    with_n += 1
                    with_wins += won
                else:
                    without_n += 1
                    without_wins += won
        row = {"card": name, **totals, "seen_in": seen,
               "with": _rate(with_wins, with_n), "without": _rate(without_wins, without_n)}
        w, wo = row["with"]["rate"], row["without"]["rate"]
        row["gap"] = None if w is None or wo is None else w - wo
        rows.append(row)
    return rows


def _flags(f: dict) -> list:
    """What stands out, each with its figure: a card whose players win clearly more (or
    less) often than those who did not play it (the two 95% intervals apart), a card
    never played, a seat or side whose win rate is clearly off fair."""
    flags = []
    for c in f["cards"]:
        w, wo = c["with"], c["without"]
        if c["gap"] is None or min(w["games"], wo["games"]) < FLAG_MIN_GAMES:
            continue
        if w["low"] > wo["high"] or w["high"] < wo["low"]:
            word = "wins more" if c["gap"] > 0 else "wins less"
            flags.append({"card": c["card"], "text":
                          f"the seat that played {c['card']} {word}: {w['rate']:.0%} "
                          f"[{w['low']:.0%}, {w['high']:.0%}] over {w['games']} seat-games, "
                          f"against {wo['rate']:.0%} [{wo['low']:.0%}, {wo['high']:.0%}] over "
                          f"{wo['games']} without it"})
    for name in f["never_played"]:
        flags.append({"card": name, "text": f"{name} was never played or used in "
                                            f"{f['games']} games"})
    for key, rows, fair in (("seat", f["seats"], 1 / max(f["players"], 1)),
                            ("side", f["sides"], 1 / max(len(f["sides"]), 1))):
        for row in rows:
            if row["games"] >= FLAG_MIN_GAMES and not row["low"] <= fair <= row["high"]:
                flags.append({"card": None, "text":
                              f"{key} {row[key]} wins {row['rate']:.0%} "
                              f"[{row['low']:.0%}, {row['high']:.0%}] of {row['games']} games "
                              f"(fair: {fair:.0%})"})
    return flags


# --- the page -----------------------------------------------------------------------------

def html_report(program, run: dict, command: str) -> str:
    """The page, as text: tables and SVG plots of :func:`figures`."""
    try:
        import matplotlib
    except ImportError:
        raise EngineError(MISSING) from None
    matplotlib.use("Agg")
    f = figures(program, run)
    e = html.escape
    repro = (f"seed {f['seed']}, {f['games']} games, bots {','.join(f['bots'])}; "
             f"reproduce: <code>{e(command)}</code>")
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>{e(f['deck'])}: balance report</title><style>{_CSS}</style></head><body>",
             f"<h1>{e(f['deck'])}: balance report</h1>",
             f"<p class=\"repro\">{repro}</p>"]
    parts.append("<section id=\"flags\"><h2>What stands out</h2>")
    if f["flags"]:
        parts.append("<ul>" + "".join(f"<li>{e(x['text'])}</li>" for x in f["flags"]) + "</ul>")
    else:
        parts.append("<p>Nothing: no figure is clearly off at this number of games.</p>")
    parts.append(f"<p class=\"repro\">{repro}</p></section>")

    parts.append("<section id=\"wins\"><h2>Wins per seat and per side</h2>")
    rows = [(f"seat {s['seat']}", s) for s in f["seats"]] + \
           [(f"side {s['side']}", s) for s in f["sides"]]
    parts.append(_table(["", "win rate", "95% interval", "wins", "games"],
                        [[label, _pct(s["rate"]), f"{_pct(s['low'])} – {_pct(s['high'])}",
                          f"{s['wins']:g}", s["games"]] for label, s in rows]))
    parts.append(_svg(_plot_rates, rows, f["players"]))
    first = f["first"]
    parts.append(f"<p id=\"first\">First player advantage: the seat that moved first won "
                 f"{_pct(first['rate'])} [{_pct(first['low'])}, {_pct(first['high'])}] of "
                 f"{first['games']} decided games (fair: {_pct(first['fair'])}).</p>")
    parts.append(f"<p>Draws: {f['draws']} of {f['games']}.</p>")
    parts.append(f"<p class=\"repro\">{repro}</p></section>")

    parts.append("<section id=\"length\"><h2>Game length</h2>")
    turns = f["turns"]
    if turns:
        parts.append(f"<p>{min(turns)} to {max(turns)} turns, "
                     f"{sum(turns) / len(turns):.1f} on average.</p>")
    parts.append(_svg(_plot_length, turns))
    parts.append(f"<p class=\"repro\">{repro}</p></section>")

    parts.append("<section id=\"ends\"><h2>How games ended</h2>")
    parts.append(_table(["end condition", "games"], [[k, v] for k, v in f["reasons"].items()]))
    parts.append(_svg(_plot_reasons, f["reasons"]))
    parts.append(f"<p class=\"repro\">{repro}</p></section>")

    parts.append("<section id=\"cards\"><h2>Cards</h2><p>Per card, over all seats: times "
                 "played (entered play), used (its effect or ability ran), bought (taken "
                 "from a shared zone) and drawn; games it was seen in; the win rate of the "
                 "seats that played or used it against the seats that did not, in games "
                 "where some did and some did not.</p>")
    flagged = {x["card"] for x in f["flags"] if x["card"]}
    body = []
    for c in sorted(f["cards"], key=lambda c: -(abs(c["gap"]) if c["gap"] is not None else -1)):
        body.append([("⚑ " if c["card"] in flagged else "") + c["card"], c["played"], c["used"],
                     c["bought"], c["drawn"], c["seen_in"], _pct(c["with"]["rate"]),
                     _pct(c["without"]["rate"]),
                     "" if c["gap"] is None else f"{c['gap']:+.0%}"])
    parts.append(_table(["card", "played", "used", "bought", "drawn", "games seen",
                         "win rate played", "not played", "gap"], body))
    parts.append(_svg(_plot_gaps, f["cards"]))
    parts.append(f"<p class=\"repro\">{repro}</p></section>")

    parts.append("<section id=\"never-played\"><h2>Cards never played</h2>")
    parts.append(("<ul>" + "".join(f"<li>{e(n)}</li>" for n in f["never_played"]) + "</ul>")
                 if f["never_played"] else "<p>None.</p>")
    parts.append("</section><section id=\"never-fired\"><h2>Triggers never fired</h2>")
    parts.append(_table(["trigger", "card", "where"],
                        [[t["trigger"], t["card"] or "(the game)", t["where"]]
                         for t in f["never_fired"]]) if f["never_fired"] else "<p>None.</p>")
    parts.append(f"<p class=\"repro\">{repro}</p></section></body></html>\n")
    return "\n".join(parts)


_CSS = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
        "padding:.2em .6em;text-align:right}td:first-child,th:first-child{text-align:left}"
        ".repro{color:#555;font-size:.85em}svg{max-width:100%;height:auto}")


def _pct(x) -> str:
    return "–" if x is None else f"{x:.0%}"


def _table(head: list, rows: list) -> str:
    e = html.escape
    out = ["<table><thead><tr>" + "".join(f"<th>{e(str(h))}</th>" for h in head) + "</tr></thead><tbody>"]
    out += ["<tr>" + "".join(f"<td>{e(str(v))}</td>" for v in row) + "</tr>" for row in rows]
    return "".join(out) + "</tbody></table>"


def _svg(draw, *args) -> str:
    """A matplotlib figure as inline SVG text (the same bytes for the same figures)."""
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 3.2))
    draw(ax, *args)
    fig.tight_layout()
    buf = io.StringIO()
    with plt.rc_context({"svg.hashsalt": "deckwright", "svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    text = buf.getvalue()
    return "<figure>" + text[text.index("<svg"):] + "</figure>"


def _plot_rates(ax, rows, players):
    labels = [label for label, _ in rows]
    rates = [s["rate"] or 0 for _, s in rows]
    err = [[r - s["low"] for r, (_, s) in zip(rates, rows)],
           [s["high"] - r for r, (_, s) in zip(rates, rows)]]
    ax.bar(labels, rates, yerr=err, capsize=4, color="#4a7ab0")
    ax.axhline(1 / players, color="#999", linestyle="--", linewidth=1)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")


def _plot_length(ax, turns):
    ax.hist(turns or [0], bins=min(30, max(5, len(set(turns)))), color="#4a7ab0")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")


def _plot_reasons(ax, reasons):
    ax.barh(list(reasons)[::-1], list(reasons.values())[::-1], color="#4a7ab0")
    ax.set_xlabel("games")


def _plot_gaps(ax, cards):
    rows = sorted((c for c in cards if c["gap"] is not None), key=lambda c: c["gap"])
    rows = rows[:10] + rows[-10:] if len(rows) > 20 else rows
    ax.barh([c["card"] for c in rows], [c["gap"] for c in rows],
            color=["#b04a4a" if c["gap"] < 0 else "#4a9a5a" for c in rows])
    ax.axvline(0, color="#999", linewidth=1)
    ax.set_xlabel("win rate played − not played")
    ax.tick_params(axis="y", labelsize=7)


# --- records for a notebook --------------------------------------------------------------

def jsonl_lines(run: dict):
    """A JSON object per game."""
    for r in run["records"]:
        yield json.dumps(r, sort_keys=True)


def csv_lines(run: dict):
    """A CSV row per game: its seed and result, and per seat its side, whether it won and
    how many cards it played, used, bought and drawn."""
    import csv
    seats = [s["seat"] for s in run["records"][0]["seats"]] if run["records"] else []
    head = ["game", "seed", "turns", "reason", "draw", "winners", "first"]
    for s in seats:
        head += [f"{s}_side", f"{s}_won"] + [f"{s}_{what}" for what in WHAT]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(head)
    for r in run["records"]:
        row = [r["game"], r["seed"], r["turns"], r["reason"], int(r["draw"]),
               ";".join(r["winners"]), r["first"] or ""]
        for s in r["seats"]:
            row += [s["side"] or "", int(s["won"])] + [sum(s[what].values()) for what in WHAT]
        w.writerow(row)
    return buf.getvalue().splitlines()


def lines_text(lines) -> str:
    """The lines of a CSV or JSON Lines file as its text."""
    return "".join(line + "\n" for line in lines)


def reproduce(deck: str, args, extra: Optional[list] = None) -> str:
    """The command that reproduces a run's figures."""
    bits = [f"deckwright sim {deck}", f"--games {args.games}", f"--seed {args.seed}",
            f"--bots {args.bots}"]
    if args.players:
        bits.append(f"--players {args.players}")
    bits += [f"--option {o}" for o in args.option or ()]
    return " ".join(bits + list(extra or ()))
