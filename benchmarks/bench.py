"""Timings and peak memory of whole-game evaluations, against the reference C++ calculator.

Run:  python benchmarks/bench.py            (every case)
      python benchmarks/bench.py 6d-float   (one case)
      python benchmarks/bench.py cli        (only the whole-process command-line cases)

In-process cases run in a fresh Python process each and report:
- import: time to import bjcalc (numpy, pandas, the C kernel);
- first: the first whole game (or, for the optimal-split cases, one split value) in a new process;
- again: the same game on a new Calculator in the same process (trees cached);
- peak memory of the process (max RSS).
Ratios compare "first" with the reference calculator's time for the same job, where
``benchmarks/reference.json`` states one.

Whole-process cases (``cli-...``) time the command a user types, ``bjcalc edge ...`` (here
``python -m bjcalc`` from this checkout), start to exit: the median wall time of 5 runs and the
peak RSS from ``/usr/bin/time -v`` (GNU time; ``apt-get install time`` if it is missing), with
ratios to the reference calculator's time and memory for the same game.

Every run is recorded in ``benchmarks/results/`` (``record.py``: the cases' medians, least and
greatest times, peak memory, the machine, the load average at the start and end, the date and
the commit; ``--no-record`` to print only), and ``python benchmarks/render.py`` makes
``docs/performance.md`` from those files.  ``--runs N`` sets how many fresh processes time each
in-process case (default 3; whole-process cases always take 5).
The machine's load average is printed first: timings on a loaded machine are not comparable.
This prints and records; it asserts nothing (timings are not tests).
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import textwrap
from pathlib import Path

from record import Run, spread

CASES = {
    "6d-float": dict(rules="Rules(decks=6, dealer_hits_soft_17=False, double_after_split=True, max_split_hands=2)",
                     exact=False, split="CDZ-", reference=None,
                     label="6 decks, S17, DAS, split once, CDZ-, whole game, floats"),
    "1d-exact": dict(rules="Rules(decks=1, dealer_hits_soft_17=False, double_after_split=False, max_split_hands=2)",
                     exact=True, split="CDZ-", reference="game-1d-exact",
                     label="1 deck, S17, no DAS, split once, CDZ-, whole game, exact rationals"),
    "6d-resplit-cdz": dict(rules="Rules(decks=6, max_split_hands=4)", exact=False, split="CDZ-", reference=None,
                           label="6 decks, S17, DAS, resplit to 4, no RSA, CDZ-, whole game, floats"),
    "6d-resplit-cdp": dict(rules="Rules(decks=6, max_split_hands=4)", exact=False, split="CDP", reference=None,
                           label="6 decks, S17, DAS, resplit to 4, no RSA, CDP, whole game, floats"),
    "6d-resplit-dah": dict(rules="Rules(decks=6, max_split_hands=4, double_after_hit=True)", exact=False,
                           split="CDZ-", reference=None,
                           label="6d-resplit-cdz with doubling on any number of cards"),
    "6d-resplit-anytime": dict(rules="Rules(decks=6, max_split_hands=4, double_after_hit=True, "
                                     "surrender='any_time')", exact=False, split="CDZ-", reference=None,
                               label="6d-resplit-dah with surrender at any time too"),
    "burn20": dict(rules="variants.burn20()", exact=False, split="CDZ-", reference=None,
                   label="Burn 20 preset (6 decks, split to 4), floats; compare with 6d-resplit-cdz"),
    "no-bust": dict(rules="variants.no_bust_21st_century()", exact=False, split="CDZ-", reference=None,
                    label="No Bust 21st Century preset (6 decks, split to 4), floats"),
    "classic": dict(rules="variants.classic_single_deck()", exact=False, split="CDZ-", reference=None,
                    label="Classic single-deck preset, floats"),
    "1d-optimal-8v10": dict(rules="Rules(decks=1, max_split_hands=2)", exact=False, split="optimal",
                            reference=None, hand=("8,8", "T"), label="1 deck, S17, DAS, optimal split of 8,8 v T, floats"),
    "1d-optimal-2v6": dict(rules="Rules(decks=1, max_split_hands=2)", exact=False, split="optimal",
                           reference=None, hand=("2,2", "6"), label="1 deck, S17, DAS, optimal split of 2,2 v 6 (the largest), floats"),
    "1d-optimal-8vA-exact": dict(rules="Rules(decks=1, max_split_hands=2)", exact=True, split="optimal",
                                 reference=None, hand=("8,8", "A"), label="1 deck, S17, DAS, optimal split of 8,8 v A, exact"),
    "6d-td-float": dict(rules="Rules(decks=6, max_split_hands=2)", exact=False, split="CDZ-", reference=None,
                        strategy="TD", label="6 decks, S17, DAS, split once, TD strategy search + EV, floats"),
    "6d-eor-fixed": dict(rules="Rules(decks=6)", exact=False, split="CDZ-", reference=None, eor="fixed",
                         label="6 decks, resplit to 4: the fixed-play CD EOR table (1 game + 10 depleted shoes)"),
    "6d-eor-reopt": dict(rules="Rules(decks=6)", exact=False, split="CDZ-", reference=None, eor="reoptimized",
                         label="6 decks, resplit to 4: the reoptimized EOR table (11 games)"),
    "6d-pmf": dict(rules="Rules(decks=6, max_split_hands=2)", exact=False, split="CDZ-", reference="pmf-6d",
                   outcomes=True, label="6 decks, S17, DAS, split once, CDZ-: the round's distribution"),
    "6d-moments": dict(rules="Rules(decks=6)", exact=False, split="CDZ-", reference=None, outcomes="moments",
                       label="6 decks, S17, DAS, resplit to 4, CDZ-: the round's exact mean and variance"),
    "6d-moments-cdp": dict(rules="Rules(decks=6)", exact=False, split="CDP", reference=None, outcomes="moments",
                           label="6 decks, S17, DAS, resplit to 4, CDP: the round's exact mean and variance"),
    "1d-pmf-exact": dict(rules="Rules(decks=1, max_split_hands=2)", exact=True, split="CDZ-", reference=None,
                         outcomes=True, label="1 deck, S17, DAS, split once, CDZ-: the distribution in exact rationals"),
}

CHILD = """
import json, resource, sys, time
t0 = time.perf_counter()
from bjcalc import Calculator, Rules, variants
if {eor!r} or {outcomes!r}:   # (their results are pandas objects: pandas is loaded with bjcalc)
    import pandas
t1 = time.perf_counter()
class Hand:   # one split value instead of a game
    def __init__(self, value): self.ev = value
def run():
    calc = Calculator({rules}, split_strategy={split!r}, exact={exact})
    hand, eor = {hand!r}, {eor!r}
    if {outcomes!r} == "moments":   # the round's mean and variance; its EV column shows the mean
        return Hand(calc.moments().ev)
    if {outcomes!r}:   # the round's distribution; its EV column shows its mean
        return Hand(calc.outcomes().ev)
    if eor:   # an effects-of-removal table; its EV column shows the full shoe's EV
        return Hand(calc.effects_of_removal(eor).full_ev)
    return Hand(calc.hand(*hand)["split"]) if hand else calc.game({strategy!r})
start = time.perf_counter(); result = run(); first = time.perf_counter() - start
start = time.perf_counter(); run(); again = time.perf_counter() - start
print(json.dumps(dict(imp=t1 - t0, first=first, again=again, ev=float(result.ev),
                      rss=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)))
"""


def measure(name: str, **changes: object) -> dict:
    case = {**CASES[name], **changes}
    code = CHILD.format(rules=case["rules"], split=case["split"], exact=case["exact"],
                        strategy=case.get("strategy", "CD"), hand=case.get("hand"), eor=case.get("eor"),
                        outcomes=case.get("outcomes", False))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Whole-process runs of the command line, against the reference calculator's whole run of the same game.
CLI_CASES = {
    "cli-resplit-cdz": dict(args=["edge", "--decks", "6", "--split-hands", "4"], reference="game-6d-process",
                            label="bjcalc edge --decks 6 --split-hands 4 (S17, DAS, CDZ-, floats)"),
    "cli-resplit-cdp": dict(args=["edge", "--decks", "6", "--split-hands", "4", "--split", "CDP"],
                            reference="game-6d-process", label="bjcalc edge --decks 6 --split-hands 4 --split CDP"),
    "cli-pmf": dict(args=["outcomes", "--decks", "6", "--split-hands", "2", "--quiet"], reference="pmf-6d",
                    label="bjcalc outcomes --decks 6 --split-hands 2 (the round's distribution)"),
    "cli-free-bet": dict(args=["edge", "--variant", "free_bet"], reference="game-6d-process",
                         label="bjcalc edge --variant free_bet (6 decks, H17, free chips; the reference: a standard "
                               "game)"),
    "cli-double-exposure": dict(args=["edge", "--variant", "double_exposure"], reference="game-6d-process",
                                label="bjcalc edge --variant double_exposure (6 decks, both dealer cards seen; the "
                                      "reference: a standard game)"),
    "cli-blackjack-switch": dict(args=["edge", "--variant", "blackjack_switch"], reference="game-6d-process",
                                 label="bjcalc edge --variant blackjack_switch (6 decks, two hands that may switch: "
                                       "55 shoes valued; the reference: a standard game)"),
    "cli-spanish-21": dict(args=["edge", "--variant", "spanish_21"], reference="game-6d-process",
                           label="bjcalc edge --variant spanish_21 (6 Spanish decks, H17, bonuses, doubling any cards "
                                 "with the rescue; the reference: a standard game)"),
    "cli-spanish-21-redoubling": dict(args=["edge", "--variant", "spanish_21", "--redoubling"],
                                      reference="game-6d-process",
                                      label="bjcalc edge --variant spanish_21 --redoubling (up to three doubles)"),
    "cli-spanish-21-td": dict(args=["edge", "--variant", "spanish_21", "--strategy", "TD"], reference="game-6d-process",
                              label="bjcalc edge --variant spanish_21 --strategy TD (its chart by number of cards, "
                                    "with the rescue table)"),
    "cli-players-edge-21": dict(args=["edge", "--variant", "players_edge_21"], reference="game-6d-process",
                                label="bjcalc edge --variant players_edge_21 (Spanish 21 with redoubling and its "
                                      "face pairs)"),
    "cli-players-edge-21-td": dict(args=["edge", "--variant", "players_edge_21", "--strategy", "TD"],
                                   reference="game-6d-process",
                                   label="bjcalc edge --variant players_edge_21 --strategy TD (its chart with a rescue "
                                         "and a redouble table per double)"),
    "cli-double-exposure-td": dict(args=["edge", "--variant", "double_exposure", "--strategy", "TD"],
                                   reference="game-6d-process",
                                   label="bjcalc edge --variant double_exposure --strategy TD (its chart by dealer "
                                         "hand)"),
}
RUNS = 5
REFERENCE = json.loads((Path(__file__).resolve().parent / "reference.json").read_text())["figures"]
"""The reference C++ calculator's figures, by key (``benchmarks/reference.json`` says where they come from)."""


def measure_cli(name: str) -> dict:
    """Wall times of ``RUNS`` runs and the largest peak RSS, from GNU time."""
    walls, peaks = [], []
    for _ in range(RUNS):
        out = subprocess.run(["/usr/bin/time", "-v", sys.executable, "-m", "bjcalc", *CLI_CASES[name]["args"]],
                             capture_output=True, text=True, check=True, cwd=ROOT)
        wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", out.stderr)
        hours, minutes, seconds = (float(g) if g else 0.0 for g in wall.groups())
        walls.append(hours * 3600 + minutes * 60 + seconds)
        peaks.append(int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr).group(1)) / 1024)
    return dict(walls=walls, wall=statistics.median(walls), fastest=min(walls), rss=max(peaks))


def in_process(name: str, runs: int) -> dict:
    """``runs`` fresh processes of an in-process case (each taken in turns with the same game alone,
    for an EOR case), as a record: the times' spreads, the peak memory, the EV."""
    case = CASES[name]
    measured, games = [], []
    for _ in range(runs):
        measured.append(measure(name))
        if case.get("eor"):
            games.append(measure(name, eor=None))
    record = {"case": name, "kind": "in process", "label": case["label"], "reference": case["reference"],
              "import_s": spread([m["imp"] for m in measured]), "first_s": spread([m["first"] for m in measured]),
              "again_s": spread([m["again"] for m in measured]), "peak_mb": max(m["rss"] for m in measured),
              "ev": measured[0]["ev"]}
    if games:
        record["game_first_s"] = spread([g["first"] for g in games])
    return record


def main(argv: list[str]) -> None:
    if any(a in ("-h", "--help") for a in argv):
        print("python benchmarks/bench.py [CASE ...] [cli] [--runs N] [--no-record]   (no case: every case; cli: "
              "every whole-process case)\ncases: " + " ".join([*CASES, *CLI_CASES]))
        return
    runs, keep, run = 3, "--no-record" not in argv, Run("bench.py", argv)
    if "--runs" in argv:
        at = argv.index("--runs")
        runs, argv = int(argv[at + 1]), argv[:at] + argv[at + 2:]
    argv = [a for a in argv if a != "--no-record"]
    if "cli" in argv:          # (every whole-process case, beside any case named)
        argv = [a for a in argv if a != "cli"] + list(CLI_CASES)
    unknown = [a for a in argv if a not in CASES and a not in CLI_CASES]
    if unknown:
        print(f"bench.py: no case {unknown[0]!r}; the cases: {' '.join([*CASES, *CLI_CASES])} (or cli)",
              file=sys.stderr)
        sys.exit(2)
    names = argv or list(CASES) + list(CLI_CASES)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    cli_names = [n for n in names if n in CLI_CASES]
    names = [n for n in names if n not in CLI_CASES]
    if names:
        print(f"{'case':<20} {'import s':>8} {'first s':>8} {'again s':>8} {'peak MB':>8} {'vs ref':>8}  EV"
              f"   (medians of {runs} fresh processes)")
    for name in names:
        r = in_process(name, runs)
        ref = REFERENCE.get(r["reference"] or "", {}).get("seconds")
        ratio = f"{r['first_s']['median'] / ref:.2f}x" if ref else "-"
        if "game_first_s" in r:
            ratio = f"{r['first_s']['median'] / r['game_first_s']['median']:.2f}g"
        print(f"{name:<20} {r['import_s']['median']:>8.2f} {r['first_s']['median']:>8.2f} "
              f"{r['again_s']['median']:>8.2f} {r['peak_mb']:>8.0f} {ratio:>8}  {r['ev'] * 100:+.6f} %   "
              f"({CASES[name]['label']})")
        run.add(r)
    if names:
        print("vs ref: first-run time / the reference C++ calculator's for the same job (benchmarks/reference.json).")
        print("optimal cases: EV is the split value of that hand (no dealer blackjack), not a game;")
        print("eor cases: import includes pandas (so do pmf cases'); 'vs ref' is first / the median first of the "
              "same game alone, in fresh processes taken in turns ('g': game times)")
        print("eor cases: the full shoe's EV; pmf and moments cases: the round's mean (the game's EV).")
    if cli_names:
        print(f"{'whole process':<20} {'median s':>8} {'best s':>8} {'peak MB':>8} {'time/ref':>8} {'mem/ref':>8}")
    for name in cli_names:
        m, case = measure_cli(name), CLI_CASES[name]
        ref = REFERENCE[case["reference"]]
        print(f"{name:<20} {m['wall']:>8.2f} {m['fastest']:>8.2f} {m['rss']:>8.0f} {m['wall'] / ref['seconds']:>7.2f}x "
              f"{m['rss'] / ref['megabytes']:>7.2f}x  ({case['label']})")
        run.add({"case": name, "kind": "whole process", "label": case["label"], "reference": case["reference"],
                 "command": "bjcalc " + " ".join(case["args"]), "wall_s": spread(m["walls"]), "peak_mb": m["rss"]})
    if cli_names:
        print(f"whole process: median of {RUNS} runs of python -m bjcalc from {ROOT}.")
    if keep:
        run.save()


if __name__ == "__main__":
    main(sys.argv[1:])
