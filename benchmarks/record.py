"""Where a benchmark run is kept: one JSON file per run in ``benchmarks/results/``.

Each file records what was measured and under which conditions, so that runs on different
machines, or on one machine at different loads, are never compared blind:

- ``benchmark`` (the script), ``command`` (as typed), ``date`` (UTC, ISO 8601), ``commit`` (git,
  with ``-dirty`` when the work tree had changes);
- ``machine``: CPU model, cores, CPU flags that matter to the kernel (AVX2, AVX-512), Python
  version and platform;
- ``load_average``: the 1, 5 and 15 minute load averages when the run started and when it ended;
- ``cases``: what the script measured (its own fields; see ``benchmarks/render.py``).

``python benchmarks/render.py`` turns the files into ``docs/performance.md``.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def machine() -> dict:
    """The CPU model, cores, vector extensions, Python and platform of this machine."""
    model, flags = platform.processor() or platform.machine(), set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and model in ("", platform.machine(), platform.processor()):
                model = value.strip()
            elif key.strip() == "flags" and not flags:
                flags = set(value.split())
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "avx2": "avx2" in flags, "avx512": "avx512f" in flags,
            "python": platform.python_version(), "platform": platform.platform(terse=True)}


def commit() -> str:
    """This checkout's commit, with ``-dirty`` when its tracked files have changes ("unknown" outside git)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    try:
        sha = git("rev-parse", "--short=12", "HEAD")
        return sha + ("-dirty" if git("status", "--porcelain", "--untracked-files=no") else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


class Run:
    """One run of a benchmark: ``start`` notes the conditions, ``save`` writes the file."""

    def __init__(self, benchmark: str, argv: list[str]) -> None:
        self.data: dict = {"benchmark": benchmark,
                           "command": " ".join(["python", f"benchmarks/{benchmark}", *argv]),
                           "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                           "commit": commit(), "machine": machine(),
                           "load_average": {"start": load_average()}, "cases": []}

    def add(self, case: dict) -> None:
        self.data["cases"].append(case)

    def save(self, folder: Path = RESULTS) -> Path:
        self.data["load_average"]["end"] = load_average()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = self.data["date"].replace(":", "").replace("-", "").replace("+0000", "Z")
        path = folder / f"{Path(self.data['benchmark']).stem}-{stamp}.json"
        path.write_text(json.dumps(self.data, indent=1) + "\n")
        print(f"recorded in {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", file=sys.stderr)
        return path


def spread(values: list[float]) -> dict:
    """The median, least and greatest of ``values``, and how many there were."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return {"median": median, "min": ordered[0], "max": ordered[-1], "runs": len(ordered)}
