// bjcalc's page: a form built from the command line's flags (/api/form), answers from /api/<command>.
"use strict";

const $ = (id) => document.getElementById(id);
const SKIP = new Set(["variant", "strategy", "exact", "sd", "json", "quiet", "chart"]);
let flags = [];           // the edge command's flags (/api/form)
let variants = [];
let running = null;       // the AbortController of the requests in flight

function percent(x, digits = 4) { return (x * 100).toFixed(digits) + " %"; }
function signed(x, digits = 4) { return (x >= 0 ? "+" : "") + (x * 100).toFixed(digits) + " %"; }

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

function params() {
  // The form as query pairs: blank fields keep the variant's own rule.
  const pairs = new URLSearchParams();
  const variant = $("variant").value;
  if (variant && variant !== "standard") pairs.set("variant", variant);
  if (document.querySelector("input[name=exact]").checked) pairs.set("exact", "true");
  for (const el of $("fields").querySelectorAll("[name]")) {
    if (el.closest("label").hidden) continue;
    if (el.value !== "") pairs.set(el.name, el.value);
  }
  return pairs;
}

async function api(command, pairs, signal) {
  const response = await fetch(`/api/${command}?${pairs}`, {signal});
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || `HTTP ${response.status}`);
  return body;
}

function field(flag) {
  const label = document.createElement("label");
  label.title = flag.help;
  label.dataset.variant = (flag.help.match(/^--variant (\w+):/) || [])[1] || "";
  label.append(flag.name + " ");
  let input;
  if (flag.kind === "value") {
    input = document.createElement("input");
    input.size = 8;
    input.placeholder = flag.default == null ? "preset" : String(flag.default);
  } else {
    input = document.createElement("select");
    const options = flag.kind === "switch" ? [["", "preset"], ["true", "on"], ["false", "off"]]
      : [["", "preset"], ...flag.choices.map((c) => [String(c), String(c)])];
    for (const [value, text] of options) input.add(new Option(text, value));
  }
  input.name = flag.name;
  input.addEventListener("change", recompute);
  label.append(input);
  return label;
}

function showVariantFields() {
  const variant = $("variant").value;
  for (const label of $("fields").querySelectorAll("label")) {
    label.hidden = label.dataset.variant !== "" && label.dataset.variant !== variant;
  }
}

function renderChart(chart) {
  const table = document.createElement("table");
  table.className = "chart";
  const rows = Object.entries(chart.table);
  const ups = Object.keys(rows[0][1]);
  table.createTHead().insertRow().append(...["", ...ups].map((text) => {
    const th = document.createElement("th"); th.textContent = text; return th;
  }));
  const body = table.createTBody();
  for (const [name, cells] of rows) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.textContent = name;
    tr.append(th);
    for (const up of ups) {
      const code = cells[up] || "";
      const td = tr.insertCell();
      td.textContent = code;
      td.className = "code-" + code.replace(/[^A-Za-z]/g, "").slice(0, 1);
      td.title = `${name} v ${up}: ${chart.legend[code] || code}`;
    }
  }
  $("chart").replaceChildren(table);
  $("chart-rules").textContent = `${chart.assumptions.strategy}. ${chart.assumptions.rules}; ${chart.assumptions.shoe}.`;
  $("legend").textContent = Object.entries(chart.legend).map(([c, w]) => `${c}: ${w}`).join(" · ");
}

function renderUpcards(edge) {
  const table = $("upcards");
  table.replaceChildren();
  table.createTHead().insertRow().append(...["up card", "P(up)", "EV given up", "contribution"].map((t) => {
    const th = document.createElement("th"); th.textContent = t; return th;
  }));
  const body = table.createTBody();
  for (const [up, row] of Object.entries(edge.by_upcard)) {
    const tr = body.insertRow();
    tr.insertCell().textContent = up;
    tr.insertCell().textContent = percent(row.probability, 3);
    const ev = tr.insertCell();
    ev.textContent = signed(row.ev, 3);
    ev.className = row.ev >= 0 ? "pos" : "neg";
    tr.insertCell().textContent = signed(row.contribution, 4);
  }
}

function renderAssumptions(assumptions) {
  const dl = $("assumptions");
  dl.replaceChildren();
  for (const [key, value] of Object.entries(assumptions)) {
    const dt = document.createElement("dt"); dt.textContent = key.replace("_", " ");
    const dd = document.createElement("dd"); dd.textContent = value;
    dl.append(dt, dd);
  }
}

function status(text) { $("status").textContent = text; }

async function run(work) {
  // One piece of work at a time: a new one cancels the one in flight.
  if (running) running.abort();
  const controller = new AbortController();
  running = controller;
  const started = performance.now();
  const tick = setInterval(() => status(`computing… ${((performance.now() - started) / 1000).toFixed(0)} s`), 500);
  status("computing…");
  $("cancel").hidden = false;
  try {
    await work(controller.signal);
    showError("");
    status(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    if (error.name === "AbortError") status("cancelled");
    else { showError(error.message); status(""); }
  } finally {
    clearInterval(tick);
    if (running === controller) { running = null; $("cancel").hidden = true; }
  }
}

function recompute() {
  showVariantFields();
  const pairs = params();
  history.replaceState(null, "", pairs.toString() ? `?${pairs}` : location.pathname);
  $("report").href = `/api/report?${pairs}`;
  return run(async (signal) => {
    // The chart may be refused where the game is not (a variant whose TD play is not computed yet):
    // then the page says so in the chart's place.
    const charted = api("chart", pairs, signal).catch((error) => error);
    const edge = await api("edge", pairs, signal);
    const chart = await charted;
    if (chart.name === "AbortError") throw chart;
    $("edge-cd").textContent = percent(edge.house_edge);
    renderAssumptions(edge.assumptions);
    renderUpcards(edge);
    if (chart instanceof Error) {
      $("edge-td").textContent = "–";
      $("chart").replaceChildren(Object.assign(document.createElement("p"), {className: "small",
        textContent: `No chart: ${chart.message}`}));
      $("legend").textContent = "";
      $("chart-rules").textContent = "";
    } else {
      $("edge-td").textContent = "TD" in chart.ev ? percent(-chart.ev.TD) : "–";
      renderChart(chart);
    }
    document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);   // (games shown)
  });
}

function table(rows, head) {
  const t = document.createElement("table");
  if (head) t.createTHead().insertRow().append(...head.map((h) => { const th = document.createElement("th"); th.textContent = h; return th; }));
  const body = t.createTBody();
  for (const row of rows) { const tr = body.insertRow(); for (const cell of row) tr.insertCell().textContent = cell; }
  return t;
}

function hand(event) {
  event.preventDefault();
  const pairs = params();
  const data = new FormData($("hand-form"));
  pairs.set("cards", data.get("cards"));
  pairs.set("up", data.get("up"));
  run(async (signal) => {
    const result = await api("hand", pairs, signal);
    const rows = Object.entries(result.values).map(([action, ev]) => [action + (action === result.best ? "  ← best" : ""), signed(ev, 3)]);
    $("hand").replaceChildren(...table(rows, ["action", "EV"]).childNodes);
  });
}

function outcomes() {
  run(async (signal) => {
    const result = await api("outcomes", params(), signal);
    const lines = [["EV", signed(result.ev)], ["standard deviation", result.sd.toFixed(4)],
                   ["average bet", result.average_bet.toFixed(4)]];
    if (!result.pmf) {
      lines.push(["note", result.note]);
      $("outcomes").replaceChildren(table(lines));
      return;
    }
    const plot = document.createElement("div");
    plot.className = "pmf";
    const most = Math.max(...Object.values(result.pmf));
    for (const [net, p] of Object.entries(result.pmf).sort((a, b) => Number(a[0]) - Number(b[0]))) {
      const row = document.createElement("div");
      const bar = document.createElement("span");
      bar.className = Number(net) > 0 ? "bar win" : Number(net) < 0 ? "bar loss" : "bar";
      bar.style.width = `${(100 * p / most).toFixed(1)}%`;
      row.append(Object.assign(document.createElement("b"), {textContent: `net ${net}`}), bar,
                 Object.assign(document.createElement("i"), {textContent: percent(p, 3)}));
      plot.append(row);
    }
    $("outcomes").replaceChildren(table(lines), plot);
  });
}

function eor() {
  run(async (signal) => {
    const result = await api("eor", params(), signal);
    $("eor").replaceChildren(table(Object.entries(result.effects).map(([card, e]) => [card, signed(e, 4)]),
                                   ["card removed", "effect on the EV"]));
  });
}

function sidebet(event) {
  event.preventDefault();
  const data = new FormData($("sidebet-form"));
  const pairs = new URLSearchParams({bet: data.get("bet"), decks: data.get("decks")});
  run(async (signal) => {
    const result = await api("sidebet", pairs, signal);
    const rows = Object.entries(result.probabilities).map(([event, p]) => [event, percent(p, 4)]);
    rows.push(["house edge", percent(result.house_edge, 3)]);
    $("sidebet").replaceChildren(table(rows, [result.bet, "probability"]));
  });
}

function tabs() {
  for (const button of document.querySelectorAll("[role=tab]")) {
    button.addEventListener("click", () => {
      for (const other of document.querySelectorAll("[role=tab]")) other.setAttribute("aria-selected", other === button);
      for (const tab of document.querySelectorAll(".tab")) tab.hidden = tab.id !== `tab-${button.dataset.tab}`;
    });
  }
}

async function start() {
  tabs();
  const query = new URLSearchParams(location.search);
  [variants, flags] = await Promise.all([fetch("/api/variants").then((r) => r.json()),
                                         fetch("/api/form?command=edge").then((r) => r.json())]);
  for (const v of variants) $("variant").add(new Option(v.title, v.name));
  $("variant").value = query.get("variant") || "standard";
  for (const flag of flags) if (!SKIP.has(flag.name)) $("fields").append(field(flag));
  for (const [key, value] of query) {
    const el = document.querySelector(`#fields [name="${key}"]`);
    if (el) el.value = value;
    if (key === "exact") document.querySelector("input[name=exact]").checked = value === "true";
  }
  $("variant").addEventListener("change", recompute);
  document.querySelector("input[name=exact]").addEventListener("change", recompute);
  $("cancel").addEventListener("click", () => running && running.abort());
  $("print").addEventListener("click", () => window.print());
  $("hand-form").addEventListener("submit", hand);
  $("outcomes-go").addEventListener("click", outcomes);
  $("eor-go").addEventListener("click", eor);
  $("sidebet-form").addEventListener("submit", sidebet);
  fetch("/api/sidebet?list=true").then((r) => r.json()).then((list) => {
    for (const bet of list.bets) $("bet").add(new Option(bet.name, bet.key));
  });
  await recompute();
  document.body.dataset.ready = "true";
}

start();
