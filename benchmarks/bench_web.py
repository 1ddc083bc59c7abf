"""The web app's speed and memory, as a person meets them: ``python benchmarks/bench_web.py``.

Starts ``bjcalc serve`` on a free port and opens its page in headless Chromium (Playwright):

- ``first render``: from the server answering its first request to the page showing the default
  6-deck game (house edge, rules, chart and edge by up card), over fresh page loads (each on a
  fresh server, so nothing is cached);
- ``rule change``: a changed rule of a float game (decks, the soft 17 rule, DAS ...) until the
  page shows its new edge and chart, over several changes;
- ``server memory``: the server's resident memory (VmRSS) after 20 different games through the API.

Records the run in ``benchmarks/results/`` (``--no-record``: print only).  Needs the web extra,
Playwright and the Debian ``chromium`` package.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from record import Run, spread  # noqa: E402

from bjcalc.web.server import free_port  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHANGES = ["decks=1", "decks=2", "h17=true", "das=false", "split-hands=2", "decks=8", "bj=6:5", "surrender=late"]
GAMES = [f"decks={d}&h17={h}&das={das}" for d in (1, 2, 4, 6, 8) for h in ("true", "false")
         for das in ("true", "false")][:20]


def serve() -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bjcalc", "serve", "--port", str(port), "--quiet"])
    base = f"http://127.0.0.1:{port}"
    while True:
        try:
            urllib.request.urlopen(base + "/api/variants", timeout=5).read()
            return proc, base
        except OSError:
            time.sleep(0.05)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    run = Run("bench_web.py", argv)
    first, changes = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for _ in range(3):
            proc, base = serve()
            try:
                page = browser.new_page()
                start = time.perf_counter()
                page.goto(base)
                page.wait_for_selector("body[data-ready=true]", timeout=120_000)
                first.append(time.perf_counter() - start)
                for change in CHANGES if not changes else []:
                    key, value = change.split("=")
                    shown = int(page.get_attribute("body", "data-shown") or 0)
                    field = f"#fields [name='{key}']"
                    start = time.perf_counter()
                    if page.eval_on_selector(field, "el => el.tagName") == "SELECT":
                        page.select_option(field, value)
                    else:
                        page.fill(field, value)
                        page.dispatch_event(field, "change")
                    page.wait_for_function(f"Number(document.body.dataset.shown) > {shown}", timeout=120_000)
                    changes.append(time.perf_counter() - start)
                page.close()
            finally:
                proc.terminate()
                proc.wait()
        browser.close()
    proc, base = serve()
    try:
        for query in GAMES:
            urllib.request.urlopen(f"{base}/api/edge?{query}", timeout=300).read()
            urllib.request.urlopen(f"{base}/api/chart?{query}", timeout=300).read()
        memory = rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait()
    print(f"first render {spread(first)['median']:.2f} s; rule change {spread(changes)['median']:.2f} s "
          f"(max {max(changes):.2f}); server memory after {len(GAMES)} games {memory:.0f} MB")
    run.add({"case": "web-first-render", "kind": "page", "label": "the default page (6 decks) shown, from the server "
             "answering", "reference": None, "seconds": spread(first)})
    run.add({"case": "web-rule-change", "kind": "page", "label": "a changed rule of a float game shown (edge and "
             "chart)", "reference": None, "seconds": spread(changes), "changes": CHANGES})
    run.add({"case": "web-memory", "kind": "server", "label": f"server resident memory after {len(GAMES)} games "
             "(edge and chart each)", "reference": None, "megabytes": memory})
    if "--no-record" not in argv:
        run.save()


if __name__ == "__main__":
    main(sys.argv[1:])
