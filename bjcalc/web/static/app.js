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
  // The command line's one line, said for a page: the field it names marked, no "--help" pointer.
  const box = $("error");
  for (const marked of document.querySelectorAll(".invalid")) marked.classList.remove("invalid");
  const flag = (message || "").match(/^argument --([\w-]+)/);
  const field = flag && document.querySelector(`#fields [name="${flag[1]}"]`);
  if (field) field.classList.add("invalid");
  box.textContent = (message || "").replace(/ \(see 'bjcalc [^']*'\)$/, "").replace(/^argument --[\w-]+(\/--[\w-]+)*: /, "");
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

const steps = new Map();  // the jobs in flight: id -> "command: step done/total"

function stepText(job) {
  const step = job.steps[job.steps.length - 1];
  if (!step) return `${job.command}: starting`;
  return `${job.command}: ${step.desc} ${step.done}/${step.total ?? "?"}` +
         (job.steps.length > 1 ? ` (step ${job.steps.length})` : "");
}

async function api(command, pairs, signal) {
  // The command as a job on the server: its steps shown while it runs; the page's Cancel (or a
  // newer piece of work) cancels it there too.
  const response = await fetch(`/api/jobs/${command}?${pairs}`, {method: "POST", signal});
  let job = await response.json();
  if (!response.ok && response.status !== 202) throw new Error(job.error || `HTTP ${response.status}`);
  const stop = () => fetch(`/api/jobs/${job.id}`, {method: "DELETE"});
  signal.addEventListener("abort", stop, {once: true});
  try {
    while (job.state === "running") {      // (each read answers when the job ends, or after half a second)
      steps.set(job.id, stepText(job));
      job = await (await fetch(`/api/jobs/${job.id}?wait=0.5`, {signal})).json();
    }
  } finally {
    steps.delete(job.id);
    signal.removeEventListener("abort", stop);
  }
  if (job.state === "cancelled") throw new DOMException("cancelled", "AbortError");
  if (job.state !== "done") throw new Error(job.error || `job ${job.state}`);
  return command === "report" ? job : job.result;
}

function field(flag) {
  const label = document.createElement("label");
  label.title = flag.help;
  label.dataset.variant = (flag.help.match(/^--variant (\w+):/) || [])[1] || "";
  label.dataset.option = flag.name.replace(/-/g, "_");
  label.dataset.dest = flag.dest;
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
  // A variant's options (a preset of another variant's options shows that variant's).
  const chosen = variants.find((v) => v.name === $("variant").value);
  for (const label of $("fields").querySelectorAll("label")) {
    label.hidden = label.dataset.variant !== "" && !(chosen && chosen.options.includes(label.dataset.option));
    // "preset" says the variant's own value: decks 6, h17 on ...
    const preset = chosen && chosen.rules[label.dataset.dest];
    const shown = preset === undefined ? "preset" : preset === true ? "preset (on)" : preset === false ? "preset (off)"
      : preset === null ? "preset (none)" : `preset (${preset})`;
    const input = label.querySelector("[name]");
    if (input.tagName === "SELECT") input.options[0].text = shown;
    else input.placeholder = preset === undefined || preset === null ? "preset" : String(preset);
  }
}

const CODE_WORDS = {H: "hit", S: "stand", D: "double", P: "split", R: "surrender"};

function upLabel(text) {
  // A dealer pair written as a pair ("2,2", not "22"), as the player's pair rows are.
  return /^([2-9TA])\1$/.test(text) ? `${text[0]},${text[1]}` : text;
}

function chartTable(rows, legend, corner) {
  // A chart as published ones look: the hand down the side, the dealer across, a colour by action.
  const table = document.createElement("table");
  table.className = "chart";
  const ups = Object.keys(rows[0][1]);
  table.createTHead().insertRow().append(...[corner, ...ups.map(upLabel)].map((text) => {
    const th = document.createElement("th"); th.textContent = text; return th;
  }));
  const body = table.createTBody();
  for (const [name, cells] of rows) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.textContent = name;
    tr.append(th);
    for (const up of ups) {
      const code = String(cells[up] ?? "");
      const td = tr.insertCell();
      td.textContent = code;
      td.className = "code-" + code.replace(/[^A-Za-z]/g, "").slice(0, 1);
      td.title = `${name} v ${upLabel(up)}: ${legend[code] || CODE_WORDS[code[0]] || code}`;
    }
  }
  return table;
}

function renderChart(chart) {
  const rules = `${chart.assumptions.strategy}. ${chart.assumptions.rules}; ${chart.assumptions.shoe}.`;
  if (chart.hands) {       // (Blackjack Switch: each hand's play, and the switching rule)
    const values = document.createElement("p");
    values.className = "small";
    values.textContent = `Switching: ${chart.rule}.  Player's EV per hand: ` +
      Object.entries(chart.ev).map(([how, ev]) => `${how} ${signed(ev, 3)}`).join(", ") + ".";
    $("chart").replaceChildren(chartTable(Object.entries(chart.hands), {}, "hand \\ up"), values);
    $("chart-rules").textContent = rules;
    $("legend").textContent = "H: hit · S: stand · D: double · P: split · R: surrender";
    return;
  }
  const corner = chart.table && Object.keys(Object.values(chart.table)[0]).includes("AA") ? "you \\ dealer's cards"
    : "hand \\ up";
  $("chart").replaceChildren(chartTable(Object.entries(chart.table), chart.legend || {}, corner));
  $("chart-rules").textContent = rules;
  $("legend").textContent = Object.entries(chart.legend || {}).map(([c, w]) => `${c}: ${w}`).join(" · ");
}

function showEdge(id, houseEdge) {
  // The house edge, or the player's edge where the game favours the player (never a negative edge).
  $(id).textContent = percent(Math.abs(houseEdge));
  $(id).previousElementSibling.textContent = $(id).previousElementSibling.textContent
    .replace(/^(house|player) edge/, houseEdge < 0 ? "player edge" : "house edge");
}

function renderUpcards(edge) {
  const table = $("upcards");
  table.replaceChildren();
  table.createTHead().insertRow().append(...["up card", "P(up)", "player's EV given up", "contribution"].map((t) => {
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
  const tick = setInterval(() => status(`computing… ${((performance.now() - started) / 1000).toFixed(0)} s` +
                                       (steps.size ? ` · ${[...steps.values()].join(" · ")}` : "")), 250);
  status("computing…");
  $("cancel").hidden = false;
  document.querySelector("main").classList.add("stale");    // (what is shown is the last answer's)
  showError("");
  try {
    await work(controller.signal);
    document.querySelector("main").classList.remove("stale");
    showError("");
    status(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    if (error.name === "AbortError") status("cancelled: what is shown (dimmed) is the last finished answer's");
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
    showEdge("edge-cd", edge.house_edge);
    renderAssumptions(edge.assumptions);
    renderUpcards(edge);
    if (chart instanceof Error) {
      $("edge-td").textContent = "–";
      $("chart").replaceChildren(Object.assign(document.createElement("p"), {className: "small",
        textContent: `No chart: ${chart.message}`}));
      $("legend").textContent = "";
      $("chart-rules").textContent = "";
    } else {
      if ("TD" in chart.ev) showEdge("edge-td", -chart.ev.TD); else $("edge-td").textContent = "–";
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
    const lines = [["player's EV", signed(result.ev)], ["variance (initial bets squared)", result.variance.toFixed(4)],
                   ["standard deviation (initial bets)", result.sd.toFixed(4)],
                   ["average bet (initial bets)", result.average_bet.toFixed(4)],
                   ["element of risk (the house's edge per unit bet)", signed(result.element_of_risk)]];
    if (result.pmf) {
      lines.push(["win, push, loss", [result.p_win, result.p_push, result.p_loss].map((p) => percent(p, 2)).join(", ")]);
    }
    if (!result.pmf) {
      lines.push(["note", "the moments above are exact; " + result.note +
                          " (split to 2 hands, the rules' split-hands 2, gives the whole distribution)"]);
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
  const pairs = params();
  const system = $("system").value;
  if (system) pairs.set("indices", system);
  run(async (signal) => {
    const result = await api("eor", pairs, signal);
    const side = document.createElement("div");
    side.className = "columns";
    side.append(table(Object.entries(result.effects).map(([card, e]) => [card, signed(e, 4)]),
                      ["card removed", "effect on the EV"]),
                table(Object.entries(result.counts).map(([name, c]) => [name, c.betting_correlation.toFixed(3),
                                                                         c.insurance_correlation.toFixed(3)]),
                      ["count", "betting correlation", "insurance correlation"]));
    const parts = [side];
    if (result.indices) {
      parts.push(Object.assign(document.createElement("h3"), {textContent: `${result.indices.count} indices`}));
      parts.push(table(result.indices.plays.map((p) => [p.play, `${p.action} (not ${p.versus})`, p.rule,
                                                        p.index == null ? "–" : p.index.toFixed(2)]),
                       ["play", "the index play", "rule", "index (true count)"]));
      if (result.indices.left_out.length) {
        parts.push(Object.assign(document.createElement("p"), {className: "small", textContent:
          "Not dealt by this shoe or rules: " + result.indices.left_out.map((p) => p.play).join(", ")}));
      }
    }
    $("eor").replaceChildren(...parts);
  });
}

function report(event) {
  // The report as a job (its steps shown), then downloaded from the server's cache.
  event.preventDefault();
  const pairs = params();
  run(async (signal) => {
    await api("report", pairs, signal);
    location.href = `/api/report?${pairs}`;
  });
}

function sidebet(event) {
  event.preventDefault();
  const data = new FormData($("sidebet-form"));
  const pairs = new URLSearchParams({bet: data.get("bet"), decks: data.get("decks")});
  if (data.get("paytable")) pairs.set("paytable", data.get("paytable"));
  if (data.get("eor")) pairs.set("eor", "true");
  run(async (signal) => {
    const result = await api("sidebet", pairs, signal);
    const parts = [table(Object.entries(result.probabilities).map(([event, p]) => [event, percent(p, 4)]),
                         [result.bet, "probability"]),
                   table(result.results.map((r) => [r.paytable, percent(r.house_edge, 3), r.std_dev.toFixed(3),
                                                    percent(r.hit_frequency, 2)]),
                         ["pay table", "house edge", "SD", "hit frequency"])];
    for (const effects of result.effects_of_removal || []) {
      parts.push(Object.assign(document.createElement("h3"), {textContent:
        `Effects of removal (${effects.paytable}): a count for this bet, correlation ${effects.correlation.toFixed(3)}`}));
      parts.push(table(Object.entries(effects.eor).map(([card, e]) => [card, signed(e, 4), effects.tags[card]]),
                       ["card removed", "effect on the bet's EV", "count tag"]));
    }
    parts.push(Object.assign(document.createElement("p"), {className: "small",
      textContent: Object.values(result.assumptions).join("; ")}));
    const side = document.createElement("div");
    side.className = "columns";
    side.append(parts[0], parts[1]);
    $("sidebet").replaceChildren(side, ...parts.slice(2));
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
  $("report").addEventListener("click", report);
  $("sidebet-form").addEventListener("submit", sidebet);
  fetch("/api/sidebet?list=true").then((r) => r.json()).then((list) => {
    for (const bet of list.bets) $("bet").add(new Option(bet.name, bet.key));
  });
  await recompute();
  document.body.dataset.ready = "true";
}

start();
