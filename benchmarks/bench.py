"""Timings and peak memory of whole-game evaluations, against the reference C++ calculator.

Run:  python benchmarks/bench.py            (every case)
      python benchmarks/bench.py 6d-float   (one case)
      python benchmarks/bench.py cli        (only the whole-process command-line cases)

In-process cases run in a fresh Python process each and report:
- import: time to import bjcalc (numpy, pandas, the C kernel);
- first: the first whole game (or, for the optimal-split cases, one split value) in a new process;
- again: the same game on a new Calculator in the same process (trees cached);
- peak memory of the process (max RSS).
Ratios compare "first" with the reference calculator's time for the same job.

Whole-process cases (``cli-...``) time the command a user types, ``bjcalc edge ...`` (here
``python -m bjcalc`` from this checkout), start to exit: the median wall time of 5 runs and the
peak RSS from ``/usr/bin/time -v`` (GNU time; ``apt-get install time`` if it is missing), with
ratios to the reference calculator's 0.55 s and 67 MB for the same game.
The machine's load average is printed first: timings on a loaded machine are not comparable.
This prints; it asserts nothing (timings are not tests).
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import textwrap

CASES = {
    "6d-float": dict(rules="Rules(decks=6, dealer_hits_soft_17=False, double_after_split=True, max_split_hands=2)",
                     exact=False, split="CDZ-", reference=0.7,
                     label="6 decks, S17, DAS, split once, CDZ-, whole game, floats"),
    "1d-exact": dict(rules="Rules(decks=1, dealer_hits_soft_17=False, double_after_split=False, max_split_hands=2)",
                     exact=True, split="CDZ-", reference=114.0,
                     label="1 deck, S17, no DAS, split once, CDZ-, whole game, exact rationals"),
    "6d-resplit-cdz": dict(rules="Rules(decks=6, max_split_hands=4)", exact=False, split="CDZ-", reference=0.7,
                           label="6 decks, S17, DAS, resplit to 4, no RSA, CDZ-, whole game, floats"),
    "6d-resplit-cdp": dict(rules="Rules(decks=6, max_split_hands=4)", exact=False, split="CDP", reference=0.7,
                           label="6 decks, S17, DAS, resplit to 4, no RSA, CDP, whole game, floats"),
    "6d-resplit-dah": dict(rules="Rules(decks=6, max_split_hands=4, double_after_hit=True)", exact=False,
                           split="CDZ-", reference=0.7,
                           label="6d-resplit-cdz with doubling on any number of cards (issue 14: at most 1.5x it)"),
    "6d-resplit-anytime": dict(rules="Rules(decks=6, max_split_hands=4, double_after_hit=True, "
                                     "surrender='any_time')", exact=False, split="CDZ-", reference=0.7,
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
    "6d-pmf": dict(rules="Rules(decks=6, max_split_hands=2)", exact=False, split="CDZ-", reference=2.26,
                   outcomes=True, label="6 decks, S17, DAS, split once, CDZ-: the round's distribution (issue 12; "
                                        "the reference computes it with the EVs in 2.26 s, 78 MB)"),
    "6d-moments": dict(rules="Rules(decks=6)", exact=False, split="CDZ-", reference=None, outcomes="moments",
                       label="6 decks, S17, DAS, resplit to 4, CDZ-: the round's exact mean and variance (issue 12)"),
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
    "cli-resplit-cdz": dict(args=["edge", "--decks", "6", "--split-hands", "4"], seconds=0.55, megabytes=67,
                            label="bjcalc edge --decks 6 --split-hands 4 (S17, DAS, CDZ-, floats)"),
    "cli-resplit-cdp": dict(args=["edge", "--decks", "6", "--split-hands", "4", "--split", "CDP"], seconds=0.55,
                            megabytes=67, label="bjcalc edge --decks 6 --split-hands 4 --split CDP"),
    "cli-pmf": dict(args=["outcomes", "--decks", "6", "--split-hands", "2", "--quiet"], seconds=2.26, megabytes=78,
                    label="bjcalc outcomes --decks 6 --split-hands 2 (the reference: 2.26 s, 78 MB with its EVs)"),
}
RUNS = 5


def measure_cli(name: str) -> dict:
    """Median wall time of ``RUNS`` runs and the largest peak RSS, from GNU time."""
    walls, peaks = [], []
    for _ in range(RUNS):
        out = subprocess.run(["/usr/bin/time", "-v", sys.executable, "-m", "bjcalc", *CLI_CASES[name]["args"]],
                             capture_output=True, text=True, check=True, cwd=ROOT)
        wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", out.stderr)
        hours, minutes, seconds = (float(g) if g else 0.0 for g in wall.groups())
        walls.append(hours * 3600 + minutes * 60 + seconds)
        peaks.append(int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr).group(1)) / 1024)
    return dict(wall=statistics.median(walls), fastest=min(walls), rss=max(peaks))


def main(argv: list[str]) -> None:
    if any(a in ("-h", "--help") for a in argv):
        print("python benchmarks/bench.py [CASE ...] [cli]   (no case: every case; cli: every whole-process "
              "case)\ncases: " + " ".join([*CASES, *CLI_CASES]))
        return
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
        print(f"{'case':<20} {'import s':>8} {'first s':>8} {'again s':>8} {'peak MB':>8} {'vs ref':>8}  EV")
    for name in names:
        m = measure(name)
        ref = CASES[name]["reference"]
        ratio = f"{m['first'] / ref:.2f}x" if ref else "-"
        if CASES[name].get("eor"):     # (against the same game alone, in fresh processes too, taken in turns)
            tables, games = [m], [measure(name, eor=None)]
            for _ in range(RUNS - 1):
                tables.append(measure(name))
                games.append(measure(name, eor=None))
            m = {key: statistics.median(run[key] for run in tables) for key in m}
            ratio = f"{m['first'] / statistics.median(g['first'] for g in games):.2f}g"
        print(f"{name:<20} {m['imp']:>8.2f} {m['first']:>8.2f} {m['again']:>8.2f} {m['rss']:>8.0f} {ratio:>8}  "
              f"{m['ev'] * 100:+.6f} %   ({CASES[name]['label']})")
    if names:
        print("vs ref: first-run time / reference C++ calculator (0.7 s for a 6-deck game, 114 s for 1 deck exact).")
        print("optimal cases: EV is the split value of that hand (no dealer blackjack), not a game;")
        print(f"eor cases: medians of {RUNS} runs; import includes pandas (so do pmf cases'); 'vs ref' is first / the "
              f"median first of the same game alone, in {RUNS} fresh processes taken in turns ('g': game times)")
        print("eor cases: the full shoe's EV; pmf and moments cases: the round's mean (the game's EV); 6d-pmf's ratio is "
              "against the reference's 2.26 s for the distribution.")
    if cli_names:
        print(f"{'whole process':<20} {'median s':>8} {'best s':>8} {'peak MB':>8} {'time/ref':>8} {'mem/ref':>8}")
    for name in cli_names:
        m, case = measure_cli(name), CLI_CASES[name]
        print(f"{name:<20} {m['wall']:>8.2f} {m['fastest']:>8.2f} {m['rss']:>8.0f} {m['wall'] / case['seconds']:>7.2f}x "
              f"{m['rss'] / case['megabytes']:>7.2f}x  ({case['label']})")
    if cli_names:
        print(f"whole process: median of {RUNS} runs of python -m bjcalc from {ROOT}; "
              "reference C++ calculator 0.55 s, 67 MB for a game, 2.26 s, 78 MB with the distribution.")


if __name__ == "__main__":
    main(sys.argv[1:])
