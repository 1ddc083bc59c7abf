"""Make ``docs/performance.md`` from the benchmark runs recorded in ``benchmarks/results/``.

Run:  python benchmarks/render.py            (writes docs/performance.md)
      python benchmarks/render.py --check    (exit 1 if docs/performance.md is not what it would write)

The page shows the latest run of each benchmark (``bench.py``, ``bench_count.py``, ``bench_web.py``) as tables,
with the machine, the load and the commit it ran on, and the ratios against the reference C++
calculator's figures (``benchmarks/reference.json``, which states where they come from); then a
list of every recorded run.  The page is data: edit the scripts or rerun them, not the page.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
REFERENCE = ROOT / "benchmarks" / "reference.json"
PAGE = ROOT / "docs" / "performance.md"


def runs(folder: Path = RESULTS) -> list[dict]:
    """Every recorded run, oldest first (by date, then file name)."""
    found = [(json.loads(path.read_text()), path.name) for path in sorted(folder.glob("*.json"))]
    return [dict(run, file=name) for run, name in sorted(found, key=lambda pair: (pair[0]["date"], pair[1]))]


def _s(seconds: float) -> str:
    return f"{seconds:.2f} s" if seconds < 10 else f"{seconds:.1f} s"


def _spread(s: dict) -> str:
    if s["runs"] == 1 or s["min"] == s["max"]:
        return _s(s["median"])
    return f"{_s(s['median'])} ({s['min']:.2f}-{s['max']:.2f})"


def machine_line(run: dict) -> str:
    m = run["machine"]
    vector = "AVX-512" if m.get("avx512") else "AVX2" if m.get("avx2") else "no AVX2"
    start, end = run["load_average"]["start"], run["load_average"].get("end", run["load_average"]["start"])
    return (f"{run['date'][:10]}, commit `{run['commit']}`; {m['cpu']}, {m['cores']} cores ({vector}), Python "
            f"{m['python']}; load average {start[0]:.2f} at the start, {end[0]:.2f} at the end")


def bench_tables(mine: list[dict], reference: dict) -> list[str]:
    """Each case's latest measurement among ``mine`` (the runs of bench.py, oldest first), with
    the run it came from."""
    latest: dict[str, tuple[dict, dict]] = {}
    for run in mine:
        for case in run["cases"]:
            latest.pop(case["case"], None)
            latest[case["case"]] = (case, run)
    used = sorted({id(run): run for _, run in latest.values()}.values(), key=lambda r: r["date"])
    mark = {id(run): "abcdefghijklmnopqrstuvwxyz"[k] for k, run in enumerate(used)}
    several = len(used) > 1
    if several:
        lines = ["Each case's latest recorded run:", ""]
        lines += [f"- ({mark[id(run)]}) {machine_line(run)}; `{run['command']}`" for run in used]
    else:
        lines = [f"Latest run: {machine_line(used[0])}.  Command: `{used[0]['command']}`."]
    lines.append("")
    inside = [(c, r) for c, r in latest.values() if c["kind"] == "in process"]
    if inside:
        lines += ["In process, each case in fresh processes: the median of its runs, and in brackets the least and "
                  "greatest.  *First*: the first evaluation in a new process; *again*: the same on a new calculator "
                  "in that process; *against*: the first run over the reference calculator's time for the same "
                  "job or, for an effects-of-removal table, over the same game's first run.", "",
                  "| case | first | again | peak MB | against |" + (" run |" if several else ""),
                  "|---|---|---|---|---|" + ("---|" if several else "")]
        for c, run in inside:
            ref = reference.get(c.get("reference") or "", {})
            if "game_first_s" in c:
                against = f"{c['first_s']['median'] / c['game_first_s']['median']:.2f} games"
            elif ref.get("seconds"):
                against = f"{c['first_s']['median'] / ref['seconds']:.2f}x ({ref['seconds']:g} s)"
            else:
                against = "-"
            lines.append(f"| {c['label']} (`{c['case']}`) | {_spread(c['first_s'])} | {_spread(c['again_s'])} | "
                         f"{c['peak_mb']:.0f} | {against} |" + (f" {mark[id(run)]} |" if several else ""))
        imports = sorted(c["import_s"]["median"] for c, _ in inside)
        lines += ["", f"Importing bjcalc in those processes took {_s(imports[0])} to {_s(imports[-1])} (with pandas "
                  "where the case's result is a pandas object).", ""]
    whole = [(c, r) for c, r in latest.values() if c["kind"] == "whole process"]
    if whole:
        lines += ["As a whole process, the command a user types (wall time from start to exit, and the peak "
                  "resident memory, from GNU time):", "",
                  "| command | wall time | peak MB | time against the reference | memory against the reference |"
                  + (" run |" if several else ""), "|---|---|---|---|---|" + ("---|" if several else "")]
        for c, run in whole:
            ref = reference[c["reference"]]
            lines.append(f"| `{c['command']}` | {_spread(c['wall_s'])} | {c['peak_mb']:.0f} | "
                         f"{c['wall_s']['median'] / ref['seconds']:.2f}x ({ref['seconds']:g} s) | "
                         f"{c['peak_mb'] / ref['megabytes']:.2f}x ({ref['megabytes']:g} MB) |"
                         + (f" {mark[id(run)]} |" if several else ""))
        lines.append("")
    return lines


def count_tables(mine: list[dict], reference: dict) -> list[str]:
    run = mine[-1]
    lines = [f"Latest run: {machine_line(run)}.  Command: `{run['command']}`.", ""]
    for c in run["cases"]:
        if c["kind"] == "one process":
            rate = reference[c["reference"]]["rounds_per_second"]
            lines += [f"{c['label']}: {c['rounds']} rounds ({c['shoes']} shoes) in one process.", "",
                      "| | rounds a second | against the reference's rate |", "|---|---|---|",
                      f"| by wall clock | {c['rounds_per_second']:.1f} | {c['rounds_per_second'] / rate:.2f}x "
                      f"({rate:g}) |",
                      f"| per CPU-second (one core's rate) | {c['rounds_per_cpu_second']:.1f} | "
                      f"{c['rounds_per_cpu_second'] / rate:.2f}x ({rate:g}) |", "",
                      "Where a round's CPU time goes:", "", "| part | ms per round |", "|---|---|"]
            lines += [f"| {part} | {ms:.1f} |" for part, ms in c["ms_per_round"].items()]
            lines.append("")
        elif c["kind"] == "two workers":
            lines += [f"{c['label']}: {c['local_rounds_per_second']:.1f} rounds a second on local processes, "
                      f"{c['dask_rounds_per_second']:.1f} on Dask; the frames "
                      f"{'are identical' if c['identical'] else 'DIFFER'}.", ""]
    return lines


def web_tables(mine: list[dict], reference: dict) -> list[str]:
    """The latest run of bench_web.py: the page's first render, a rule change, the server's memory."""
    run = mine[-1]
    lines = [f"Latest run: {machine_line(run)}.", "", "| what | measured |", "|---|---|"]
    for case in run["cases"]:
        if "seconds" in case:
            lines.append(f"| {case['label']} | {_s(case['seconds']['median'])} (median of {case['seconds']['runs']}; "
                         f"{_s(case['seconds']['min'])}-{_s(case['seconds']['max'])}) |")
        else:
            lines.append(f"| {case['label']} | {case['megabytes']:.0f} MB |")
    return lines + [""]


def render(all_runs: list[dict], reference: dict) -> str:
    figures = reference["figures"]
    lines = ["# Performance", "",
             "<!-- Generated by `python benchmarks/render.py` from benchmarks/results/*.json: do not edit. -->", "",
             "Measured by the benchmark scripts in `benchmarks/`, which record every run, with the machine and "
             "its load, in `benchmarks/results/`; this page is made from those records.  Timings on a loaded "
             "machine, or on another kind of machine, are not comparable: each table says where it ran.", "",
             "```sh",
             "python benchmarks/bench.py          # games, tables, distributions",
             "python benchmarks/bench.py cli      # the commands a user types",
             "python benchmarks/bench_count.py    # the shoe simulator",
             "python benchmarks/bench_web.py      # bjcalc serve: the page and the server",
             "python benchmarks/render.py         # this page",
             "```", ""]
    sections = [("bench.py", "Games, tables and distributions", bench_tables),
                ("bench_count.py", "The shoe simulator", count_tables),
                ("bench_web.py", "The web app", web_tables)]
    for script, title, make in sections:
        mine = [r for r in all_runs if r["benchmark"] == script]
        lines += [f"## {title}", ""]
        lines += make(mine, figures) if mine else ["No run recorded yet.", ""]
    lines += ["## The reference calculator", "", reference["source"], "",
              "| job | time | memory | rate |", "|---|---|---|---|"]
    for figure in figures.values():
        time = f"{figure['seconds']:g} s" if "seconds" in figure else "-"
        memory = f"{figure['megabytes']:g} MB" if "megabytes" in figure else "-"
        rate = f"{figure['rounds_per_second']:g} rounds a second" if "rounds_per_second" in figure else "-"
        lines.append(f"| {figure['what']} | {time} | {memory} | {rate} |")
    lines += ["", "## Every recorded run", "", "| file | machine, commit and load |", "|---|---|"]
    lines += [f"| `{r['file']}` | {machine_line(r)} |" for r in reversed(all_runs)]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = render(runs(), json.loads(REFERENCE.read_text()))
    if "--check" in argv:
        if PAGE.read_text() != text:
            print("docs/performance.md is not what benchmarks/render.py makes: run python benchmarks/render.py",
                  file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text)
    print(f"wrote {PAGE.relative_to(ROOT)} from {len(runs())} recorded runs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
