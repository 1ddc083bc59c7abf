"""``bjcalc serve``: the real server on a free port, its page driven in headless Chromium, and its API
held to the command line's JSON.

Needs the web extra (FastAPI, uvicorn), Playwright's Python package and the Debian ``chromium``
package (``.ci/run`` installs it when missing); each test says why when it skips.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from bjcalc.cli import main

pytest.importorskip("fastapi", reason="bjcalc serve needs the web extra: pip install -e '.[web]'")
pytest.importorskip("uvicorn", reason="bjcalc serve needs the web extra: pip install -e '.[web]'")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def get(url: str, method: str = "GET") -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=120) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture(scope="module")
def server():
    from bjcalc.web.server import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "bjcalc", "serve", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if get(base + "/api/variants")[0] == 200:
                    break
            except OSError:
                pass
            assert proc.poll() is None, proc.stderr.read()
            assert time.monotonic() < deadline, "the server did not answer within 60 s"
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert f"http://127.0.0.1:{port}/" in proc.stdout.read()       # (it printed its address)


def cli_json(*argv: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--json"]) == 0
    return json.loads(out.getvalue())


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium not found: install the Debian 'chromium' package "
                                              "(.ci/run does)")
def test_the_page_shows_the_game_at_once_and_follows_its_form(server, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser test needs Playwright's Python "
                                                                 "package: pip install -e '.[test]'")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" and
                "status of 400" not in message.text else None)      # (the invalid value's answer, below)
        page.goto(server)
        page.wait_for_selector("body[data-ready=true]", timeout=60_000)
        assert page.inner_text("#edge-cd") == "0.4029 %" and page.inner_text("#edge-td") == "0.4059 %"
        assert "6 decks, S17" in page.inner_text("#assumptions")
        assert page.locator("#upcards tbody tr").count() == 10
        chart = page.inner_text("#chart")
        assert page.inner_text("table.chart tr:has-text('hard 16') td:last-child") == "H"
        page.screenshot(path=str(tmp_path / "default.png"), full_page=True)

        page.fill("#fields [name=decks]", "1")
        page.dispatch_event("#fields [name=decks]", "change")
        page.wait_for_function("document.getElementById('edge-cd').textContent !== '0.4029 %'"
                               " && document.getElementById('status').textContent.startsWith('done')", timeout=60_000)
        assert page.inner_text("#edge-cd") == "0.1819 %" and page.inner_text("#chart") != chart
        assert page.inner_text("#summary .edge .label >> nth=0") == "player edge, CD play"   # (one deck favours the player)
        assert "decks=1" in page.url                  # (the rules live in the address: a link reopens them)

        page.click("[data-tab=sidebet]")        # (a side bet's pay tables, house edges and effects of removal)
        page.select_option("#bet", "buster")
        page.fill("#sidebet-form [name=paytable]", "seed,wizard")
        page.check("#sidebet-form [name=eor]")
        page.click("#sidebet-form button")
        page.wait_for_selector("#sidebet h3", timeout=60_000)
        text = page.inner_text("#sidebet")
        assert "12.195 %" in text and "8.246 %" in text and "correlation 0.965" in text, text

        page.fill("#fields [name=decks]", "0")
        page.dispatch_event("#fields [name=decks]", "change")
        page.wait_for_selector("#error:not([hidden])", timeout=60_000)
        error = page.inner_text("#error")
        assert "decks must be a whole number" in error and "\n" not in error.strip() and "--help" not in error
        assert page.locator("#fields [name=decks].invalid").count() == 1      # (the field it names, marked)
        browser.close()
    assert problems == []


@pytest.mark.parametrize("command, query, argv", [
    ("edge", "", []),
    ("chart", "", []),         # (these two the page asked for: the server's cache answers)
    ("hand", "cards=T,6&up=T&variant=free_bet", ["--cards", "T,6", "--up", "T", "--variant", "free_bet"]),
    ("outcomes", "decks=1&split-hands=1&h17=true", ["--decks", "1", "--split-hands", "1", "--h17", "--quiet"]),
    ("eor", "decks=2&split_hands=1", ["--decks", "2", "--split-hands", "1", "--quiet"]),
    ("sidebet", "bet=buster&decks=6", ["--quiet", "buster", "--decks", "6"]),
])
def test_the_api_answers_what_the_command_line_prints(server, command, query, argv):
    status, body = get(f"{server}/api/{command}?{query}")
    assert status == 200, body
    assert json.loads(body) == cli_json(command, *argv)


def test_bad_input_is_a_400_with_the_command_lines_one_line_never_a_500(server):
    status, body = get(f"{server}/api/edge?decks=0")
    assert status == 400 and "decks must be a whole number" in json.loads(body)["error"]
    assert "\n" not in json.loads(body)["error"]
    for query, words in (("chart=/etc/passwd", "does not take --chart"), ("exact=true", "above this server's limit"),
                         ("nonsense=1", "takes no parameter 'nonsense'"), ("h17=maybe", "is a switch")):
        status, body = get(f"{server}/api/edge?{query}")
        assert status == 400 and words in json.loads(body)["error"], (query, body)
    assert get(f"{server}/api/tables")[0] == 404          # (not a command the API answers)
    status, body = get(f"{server}/openapi.json")
    edge = json.loads(body)["paths"]["/api/edge"]["get"]
    assert status == 200 and {"decks", "h17", "variant"} <= {p["name"] for p in edge["parameters"]}
    assert get(f"{server}/docs")[0] == 200


def test_a_job_reports_its_steps_and_stops_at_the_next_one_when_cancelled(server):
    status, body = get(f"{server}/api/jobs/edge?decks=1&exact=true&split-hands=2", "POST")
    job = json.loads(body)
    assert status == 202 and job["state"] == "running" and job["argv"].startswith("bjcalc edge --decks=1 --exact")
    while job["state"] == "running" and not (job["steps"] and job["steps"][0]["done"] >= 1):
        job = json.loads(get(f"{server}/api/jobs/{job['id']}?wait=0.05")[1])
    assert job["steps"][0]["desc"] == "up cards" and job["steps"][0]["total"] == 10
    assert get(f"{server}/api/jobs/{job['id']}", "DELETE")[0] == 200
    while job["state"] == "running":
        job = json.loads(get(f"{server}/api/jobs/{job['id']}?wait=5")[1])
    assert job["state"] == "cancelled" and 1 <= job["steps"][0]["done"] < 10 and "result" not in job

    status, body = get(f"{server}/api/jobs/dealer?up=6&decks=1", "POST")      # (quick: answered at once)
    job = json.loads(body)
    assert status == 200 and job["state"] == "done"
    assert job["result"] == json.loads(get(f"{server}/api/dealer?up=6&decks=1")[1]) == cli_json(
        "dealer", "--up", "6", "--decks", "1")
    status, body = get(f"{server}/api/jobs/dealer?up=6&decks=0", "POST")
    assert status == 400 and "decks must be a whole number" in json.loads(body)["error"]
    assert get(f"{server}/api/jobs/nosuchjob")[0] == 404
