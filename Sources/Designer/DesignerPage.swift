/// The page: plain HTML, CSS and JavaScript served as they are (no build step, nothing loaded from elsewhere).
/// Everything on it comes from the API, so a new preview kind gets its controls without a change here.
enum DesignerPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>render-previews designer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/designer.css">
</head>
<body>
<header>
  <h1>render-previews designer</h1>
  <label>Scene <select id="scene-picker" aria-label="scene"></select></label>
  <span id="scene-summary" class="muted"></span>
</header>
<main>
  <section id="controls" aria-label="parameters">
    <div class="panel-head">
      <h2>Parameters</h2>
      <button id="reset-all" type="button" title="drop every edit: the scene as the file has it">Reset all</button>
    </div>
    <div id="control-list"></div>
  </section>
  <section id="stage" aria-label="preview">
    <div id="error" role="alert" hidden></div>
    <div id="views">
      <figure id="pinned-view" hidden>
        <img data-preview-pinned alt="the pinned values at the current time" id="pinned">
        <figcaption>A: pinned</figcaption>
      </figure>
      <figure id="live-view">
        <img data-preview alt="the preview at the current time" id="preview">
        <figcaption id="live-caption">live</figcaption>
      </figure>
    </div>
    <div id="timeline">
      <button id="step-back" type="button" title="previous frame (←)">&#x23EE;</button>
      <button id="play" type="button" title="play / pause (space)">&#x25B6;</button>
      <button id="step-forward" type="button" title="next frame (→)">&#x23ED;</button>
      <input id="scrubber" type="range" min="0" max="0" step="1" value="0" aria-label="frame">
      <span id="clock" class="mono"></span>
      <button id="jump-change" type="button" title="the first frame where the edited values (against the pinned ones, or the file's) look different">Jump to where it changes</button>
    </div>
    <div id="ab">
      <button id="pin" type="button" title="keep the current values as A, to compare the live ones (B) with">Pin as A</button>
      <label><input type="radio" name="ab-mode" value="off" checked> live only</label>
      <label><input type="radio" name="ab-mode" value="side"> side by side</label>
      <label><input type="radio" name="ab-mode" value="flicker"> flicker</label>
      <span id="status" class="muted mono"></span>
    </div>
  </section>
  <section id="export" aria-label="export">
    <h2>Export</h2>
    <h3>Command line</h3>
    <pre id="export-command" class="mono"></pre>
    <h3>Swift</h3>
    <pre id="export-swift" class="mono"></pre>
    <h3>Scene JSON</h3>
    <pre id="export-json" class="mono"></pre>
    <p><a id="export-gif" download>Download the preview (GIF)</a> <a id="export-json-link" download>Download the scene (JSON)</a></p>
  </section>
</main>
<script src="/designer.js"></script>
</body>
</html>
"""#

    static let style = #"""
/* The hidden attribute wins over a rule that sets display (#timeline is a flex row). */
[hidden] { display: none !important; }
:root { --bg: #f5f5f7; --panel: #fff; --line: #d2d2d7; --text: #1d1d1f; --muted: #6e6e73; --accent: #0071e3; --bad: #c4001a; }
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--text); background: var(--bg); }
header { display: flex; align-items: center; gap: 16px; padding: 10px 16px; background: var(--panel); border-bottom: 1px solid var(--line); }
h1 { font-size: 15px; margin: 0; }
h2 { font-size: 13px; margin: 0 0 8px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
h3 { font-size: 12px; margin: 10px 0 4px; }
.muted { color: var(--muted); }
.mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
main { display: grid; grid-template-columns: minmax(320px, 400px) 1fr minmax(260px, 360px); gap: 12px; padding: 12px; align-items: start; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 12px; }
#controls { max-height: calc(100vh - 80px); overflow: auto; }
.panel-head { display: flex; justify-content: space-between; align-items: baseline; }
fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; padding: 4px 8px; }
legend { color: var(--muted); font-weight: 600; }
fieldset.preview-keys { border-style: dashed; margin-top: 16px; }
.param { padding: 6px 0; border-bottom: 1px solid #eee; }
.param:last-child { border-bottom: 0; }
.param.edited .name { color: var(--accent); }
.param.invalid input, .param.invalid textarea { outline: 2px solid var(--bad); }
.param-head { display: flex; align-items: baseline; gap: 6px; }
.name { font-weight: 600; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.unit { color: var(--muted); }
.default { margin-left: auto; color: var(--muted); font-size: 11px; cursor: pointer; }
.reset { border: 0; background: none; color: var(--accent); cursor: pointer; padding: 0 2px; font-size: 14px; }
.reset:disabled { color: #ccc; cursor: default; }
.doc { color: var(--muted); font-size: 11px; }
.row { display: flex; align-items: center; gap: 6px; margin-top: 3px; }
.row input[type=range] { flex: 1; }
.row input[type=number] { width: 84px; }
.row input[type=text] { flex: 1; }
.numbers label { display: flex; align-items: center; gap: 3px; }
.numbers input { width: 70px; }
.segmented { display: inline-flex; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
.segmented button { border: 0; background: #fff; padding: 3px 8px; cursor: pointer; border-right: 1px solid var(--line); }
.segmented button:last-child { border-right: 0; }
.segmented button[aria-pressed=true] { background: var(--accent); color: #fff; }
textarea { width: 100%; min-height: 60px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 11px; }
#stage { position: sticky; top: 12px; }
#views { display: flex; gap: 12px; justify-content: center; align-items: flex-start; min-height: 200px; }
figure { margin: 0; text-align: center; }
figure img { max-width: 100%; max-height: calc(100vh - 230px); border: 1px solid var(--line); background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; image-rendering: auto; }
figcaption { color: var(--muted); font-size: 11px; }
#views.side figure { flex: 1; }
#timeline, #ab { display: flex; align-items: center; gap: 8px; margin-top: 10px; flex-wrap: wrap; }
#scrubber { flex: 1; min-width: 120px; }
#error { background: #fff0f1; color: var(--bad); border: 1px solid #f3b3bc; border-radius: 6px; padding: 6px 8px; margin-bottom: 8px; white-space: pre-wrap; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
pre { white-space: pre-wrap; word-break: break-all; background: #f7f7f9; border: 1px solid #eee; border-radius: 6px; padding: 6px; margin: 0; max-height: 240px; overflow: auto; }
button { font: inherit; }
@media (max-width: 1100px) { main { grid-template-columns: 1fr; } #stage { position: static; } }
"""#

    static let script = #"""
"use strict";
// The designer page. Everything it shows comes from the API: the scene list, each kind's declared
// parameters (so a new kind needs no change here) and the frames, rendered by the server exactly as
// `render-previews frame` renders them.

const $ = (id) => document.getElementById(id);

const state = {
  scene: null,        // GET /api/scenes/NAME
  edits: new Map(),   // key -> the --set value text, only keys that differ from the file
  pinned: null,       // a copy of `edits` kept as A, or null
  frame: 0,
  playing: false,
  abMode: "off",
  flickerShowsPinned: false,
};

// Latencies from a control change to its pixels on the page, for the browser test and the status line.
const stats = { latencies: [], lastChangeAt: null };
window.designer = { state, stats };

const client = Math.random().toString(36).slice(2);

// ---- requests ---------------------------------------------------------------------------------------

function query(edits, extra) {
  const q = new URLSearchParams();
  q.append("scene", state.scene.name);
  for (const [k, v] of edits) q.append("set", k + "=" + v);
  for (const [k, v] of Object.entries(extra || {})) q.append(k, v);
  return q;
}

/// Shows frames in an <img>, one request in flight and the newest one waiting: a slider dragged faster than
/// frames render skips the frames nobody would see.
class FrameView {
  constructor(img, clientId, onShown, onError) {
    this.img = img; this.client = clientId; this.onShown = onShown; this.onError = onError;
    this.busy = false; this.next = null; this.shownKey = null; this.url = null;
  }
  show(edits, frame, changedAt) {
    const q = query(edits, { index: String(frame), client: this.client });
    const key = q.toString();
    if (key === this.shownKey && !this.busy) { this.onShown(changedAt, key); return; }
    this.next = { key, changedAt };
    if (!this.busy) this.pump();
  }
  async pump() {
    const job = this.next;
    this.next = null;
    if (!job) return;
    this.busy = true;
    try {
      const response = await fetch("/api/frame?" + job.key);
      if (response.status === 409) { /* superseded by a newer request */ }
      else if (!response.ok) { this.onError(await response.text()); }
      else {
        const blob = await response.blob();
        const url = URL.createObjectURL(blob);
        const loaded = new Image();
        loaded.src = url;
        await loaded.decode();
        this.img.src = url;
        await this.img.decode();
        if (this.url) URL.revokeObjectURL(this.url);
        this.url = url;
        this.shownKey = job.key;
        this.img.dataset.query = job.key;
        this.onShown(job.changedAt, job.key, response.headers);
      }
    } catch (e) {
      this.onError(String(e));
    } finally {
      this.busy = false;
      if (this.next) this.pump();
    }
  }
}

const live = new FrameView($("preview"), client, shownLive, showError);
const pinnedView = new FrameView($("pinned"), client + "-a", () => {}, showError);

function shownLive(changedAt) {
  clearError();
  if (changedAt != null) {
    const ms = performance.now() - changedAt;
    stats.latencies.push(ms);
    $("status").textContent = "change to pixels " + ms.toFixed(0) + " ms";
  }
}

function showError(text) {
  const box = $("error");
  box.textContent = text.trim();
  box.hidden = false;
}

function clearError() { $("error").hidden = true; }

// ---- scenes -----------------------------------------------------------------------------------------

async function loadSceneList() {
  const scenes = await (await fetch("/api/scenes")).json();
  const picker = $("scene-picker");
  for (const s of scenes) {
    const option = document.createElement("option");
    option.value = s.name;
    option.textContent = s.name + (s.kind ? "  (" + s.kind + ")" : "");
    picker.append(option);
  }
  picker.addEventListener("change", () => openScene(picker.value, new Map()));
  return scenes;
}

async function openScene(name, edits) {
  const response = await fetch("/api/scenes/" + encodeURIComponent(name));
  if (!response.ok) { showError(await response.text()); return; }
  state.scene = await response.json();
  state.edits = edits;
  state.pinned = null;
  state.frame = 0;
  setPlaying(false);
  $("scene-picker").value = name;
  updateSummary(state.scene.pixelWidth, state.scene.pixelHeight);
  $("scrubber").max = String(state.scene.frames - 1);
  $("timeline").hidden = state.scene.still;
  $("pin").textContent = "Pin as A";
  buildControls();
  for (const [key, value] of edits) { const c = controls.get(key); if (c) c.set(value, true); }
  refresh(null);
}

// ---- controls ---------------------------------------------------------------------------------------

const controls = new Map();   // key -> {set(valueText, edited), row, fileValue}

function valueText(v) {
  if (v === undefined) return null;
  return typeof v === "string" ? v : JSON.stringify(v);
}

// The library's settings first; the keys the preview owns (its canvas, the demo's screen, the script) after
// them, in a box of their own: the Swift export leaves those out.
function buildControls() {
  const list = $("control-list");
  list.replaceChildren();
  controls.clear();
  const own = el("fieldset", { id: "preview-keys", className: "preview-keys" },
                 el("legend", {}, "The preview's screen and script (not the library's)"));
  const groups = new Map();
  for (const p of state.scene.parameters) {
    let parent = p.owner === "preview" ? own : list;
    if (p.group) {
      const id = (p.owner || "") + "/" + p.group;
      if (!groups.has(id)) {
        const fs = el("fieldset", {}, el("legend", {}, p.group));
        parent.append(fs);
        groups.set(id, fs);
      }
      parent = groups.get(id);
    }
    parent.append(makeControl(p));
  }
  if (own.children.length > 1) list.append(own);
}

function el(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "dataset") Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/// A nice number at or above x (1, 2, 5 × 10^n).
function niceCeil(x) {
  if (!(x > 0)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}

function sliderRange(c, current, fallback) {
  const ref = Math.max(Math.abs(current ?? 0), Math.abs(fallback ?? 0));
  let lo = c.min ?? c.above ?? (Math.min(current ?? 0, fallback ?? 0) < 0 ? -niceCeil(2 * ref) : 0);
  let hi = c.max ?? c.below ?? niceCeil(Math.max(2 * ref, lo + 1));
  const span = hi - lo;
  const step = span <= 1 ? 0.001 : span <= 10 ? 0.01 : span <= 200 ? 0.1 : 1;
  if (c.above !== undefined) lo = c.above + step;
  if (c.below !== undefined) hi = c.below - step;
  return { lo, hi, step };
}

function makeControl(p) {
  const c = p.control;
  const fileValue = p.inFile === false ? null : valueText(p.value);   // what the scene file gives, or null
  const defaultValue = valueText(p.defaultValue);
  const start = valueText(p.value) ?? defaultValue;                   // what the scene shows before any edit
  const reset = el("button", { type: "button", className: "reset", title: "reset: the value the scene file gives", textContent: "↺", disabled: true });
  const defaultLabel = el("span", { className: "default", title: "set the declared default", textContent: "default " + p.default });
  const head = el("div", { className: "param-head" }, el("span", { className: "name", textContent: p.label }),
    el("span", { className: "unit", textContent: p.unit ? "(" + p.unit + ")" : "" }), defaultLabel, reset);
  const row = el("div", { className: "param", dataset: { row: p.key } }, head);
  if (p.doc) head.title = p.doc;
  const body = el("div", { className: "row" });
  row.append(body);
  if (p.doc) row.append(el("div", { className: "doc", textContent: p.doc }));

  let show;   // puts a value text into the inputs
  let currentValue = start;
  const commit = (text) => { currentValue = text ?? start; edit(p.key, text, fileValue); };
  const attr = { "data-param": p.key };

  switch (c.kind) {
    case "number":
    case "integer": {
      const initial = start === null ? null : Number(start);
      const r = sliderRange(c, initial, Number(defaultValue ?? "NaN") || undefined);
      const step = c.kind === "integer" ? 1 : r.step;
      const slider = el("input", { type: "range", min: r.lo, max: c.kind === "integer" ? Math.max(r.hi, 20) : r.hi, step, ...attr });
      const field = el("input", { type: "number", step: "any", placeholder: "auto", ...attr });
      slider.addEventListener("input", () => { field.value = slider.value; commit(slider.value); });
      field.addEventListener("input", () => {
        if (field.value.trim() === "") return;
        slider.value = field.value;
        commit(field.value.trim());
      });
      // A typed value the browser cannot read as a number (NaN) is sent as typed, for the server to refuse.
      field.addEventListener("change", () => { if (field.validity.badInput) commit("NaN"); });
      body.append(slider, field);
      show = (t) => {
        if (t === null || t === "null") { field.value = ""; slider.value = slider.min; return; }
        field.value = t; slider.value = t;
      };
      break;
    }
    case "toggle": {
      const box = el("input", { type: "checkbox", ...attr });
      box.addEventListener("change", () => commit(box.checked ? "true" : "false"));
      body.append(box);
      show = (t) => { box.checked = t === "true"; };
      break;
    }
    case "choice": {
      const optional = / or null$/.test(p.type);
      const names = (optional ? ["null"] : []).concat(c.choices);
      const label = (n) => n === "null" ? "auto" : n;
      if (names.length <= 4) {
        const group = el("div", { className: "segmented", role: "group", ...attr });
        for (const n of names) {
          const b = el("button", { type: "button", textContent: label(n), "data-value": n, "data-param": p.key });
          b.addEventListener("click", () => { show(n); commit(n); });
          group.append(b);
        }
        body.append(group);
        show = (t) => { for (const b of group.children) b.setAttribute("aria-pressed", String(b.dataset.value === (t ?? "null"))); };
      } else {
        const select = el("select", attr);
        for (const n of names) select.append(el("option", { value: n, textContent: label(n) }));
        select.addEventListener("change", () => commit(select.value));
        body.append(select);
        show = (t) => { select.value = t ?? "null"; };
      }
      break;
    }
    case "color": {
      const picker = el("input", { type: "color", ...attr });
      const field = el("input", { type: "text", placeholder: "#RRGGBB[AA]", ...attr });
      picker.addEventListener("input", () => { field.value = picker.value.toUpperCase(); commit(field.value); });
      field.addEventListener("change", () => commit(field.value.trim()));
      body.append(picker, field);
      show = (t) => {
        field.value = t === null || t === "null" ? "" : t;
        if (t && /^#[0-9a-fA-F]{6}/.test(t)) picker.value = t.slice(0, 7).toLowerCase();
      };
      break;
    }
    case "text": {
      const field = el("input", { type: "text", ...attr });
      // Sent as a JSON string, so text that looks like a number stays text.
      field.addEventListener("input", () => commit(JSON.stringify(field.value)));
      body.append(field);
      show = (t) => {
        if (t === null || t === "null") { field.value = ""; return; }
        try { const v = JSON.parse(t); field.value = typeof v === "string" ? v : t; } catch { field.value = t; }
      };
      break;
    }
    case "numbers": {
      const fields = c.labels.map((l) => el("input", { type: "number", step: "any", title: l, ...attr }));
      const wrap = el("div", { className: "row numbers" }, ...fields.map((f, i) => el("label", {}, c.labels[i], f)));
      const send = () => { if (fields.every((f) => f.value.trim() !== "")) commit(JSON.stringify(fields.map((f) => Number(f.value)))); };
      for (const f of fields) f.addEventListener("input", send);
      body.append(wrap);
      show = (t) => {
        let v = null;
        try { v = JSON.parse(t); } catch { /* left empty */ }
        fields.forEach((f, i) => { f.value = Array.isArray(v) && v[i] !== undefined ? v[i] : ""; });
      };
      break;
    }
    default: {
      const area = el("textarea", { spellcheck: false, title: "JSON; applied when the field loses focus (or Ctrl+Enter)", ...attr });
      const send = () => {
        let text = area.value.trim();
        try { text = JSON.stringify(JSON.parse(text)); } catch { /* sent as typed: the server says what is wrong */ }
        commit(text);
      };
      area.addEventListener("change", send);
      area.addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) send(); });
      body.append(area);
      show = (t) => {
        if (t === null) { area.value = ""; area.placeholder = p.default; return; }
        try { area.value = JSON.stringify(JSON.parse(t), null, 1); } catch { area.value = t; }
      };
    }
  }
  show(start);
  reset.addEventListener("click", () => { show(start); commit(null); });
  defaultLabel.addEventListener("click", () => {
    if (defaultValue === null) return;
    show(defaultValue);
    commit(defaultValue);
  });
  controls.set(p.key, {
    row, reset, required: !!p.required, fileValue, current: () => currentValue,
    set: (text, edited) => { show(text); currentValue = text; row.classList.toggle("edited", edited); reset.disabled = !edited; },
  });
  return row;
}

/// A control moved: the value becomes a --set (or stops being one when it is the file's again), and the
/// frame at the current time is asked for at once.
function edit(key, text, fileValue) {
  const changedAt = performance.now();
  if (text === null || text === fileValue) {
    state.edits.delete(key);
  } else {
    state.edits.delete(key);   // re-added last, so the command line lists edits in the order they were made
    state.edits.set(key, text);
  }
  // A key inside an object the file leaves out: the object's required keys go along with the values shown,
  // as --set makes the object from the given keys alone.
  const parent = key.includes(".") ? key.slice(0, key.lastIndexOf(".") + 1) : null;
  if (parent && state.edits.has(key)) {
    for (const [other, o] of controls) {
      if (other !== key && other.startsWith(parent) && !other.slice(parent.length).includes(".") && o.required &&
          o.fileValue === null && !state.edits.has(other) && o.current() !== null) {
        state.edits.set(other, o.current());
        o.row.classList.add("edited"); o.reset.disabled = false;
      }
    }
  }
  const c = controls.get(key);
  if (c) { c.row.classList.toggle("edited", state.edits.has(key)); c.reset.disabled = !state.edits.has(key); c.row.classList.remove("invalid"); }
  refresh(changedAt);
}

// ---- frames, timeline, A/B ---------------------------------------------------------------------------

function refresh(changedAt) {
  if (!state.scene) return;
  live.show(state.edits, state.frame, changedAt);
  if (state.pinned && state.abMode !== "off") pinnedView.show(state.pinned, state.frame, null);
  updateClock();
  scheduleExport();
  updateURL();
}

/// The header's line on the scene; its pixel size is the shown frame's, which an edited scale changes.
function updateSummary(width, height) {
  const s = state.scene;
  $("scene-summary").textContent = s.kind + " · " + width + "×" + height + " px · " +
    (s.still ? "still" : s.frames + " frames, " + seconds(s.duration)) + " · " + s.summary;
}
$("preview").addEventListener("load", (e) => {
  if (state.scene && e.target.naturalWidth > 0) updateSummary(e.target.naturalWidth, e.target.naturalHeight);
});

/// Seconds as the command line writes them: at most three decimals.
function seconds(t) { return Number(t.toFixed(3)) + " s"; }

function updateClock() {
  const s = state.scene;
  $("scrubber").value = String(state.frame);
  const t = s.still ? 0 : state.frame / s.framesPerSecond;
  $("clock").textContent = s.still ? "" : seconds(t) + " / " + seconds(s.duration) + " · frame " + state.frame + " of " + (s.frames - 1);
}

function setFrame(i) {
  const s = state.scene;
  state.frame = Math.max(0, Math.min(s.frames - 1, i));
  refresh(null);
}

let playTimer = null;
function setPlaying(on) {
  state.playing = on;
  $("play").innerHTML = on ? "&#x23F8;" : "&#x25B6;";
  if (playTimer) { clearInterval(playTimer); playTimer = null; }
  if (!on) return;
  const s = state.scene;
  let t0 = performance.now() - (state.frame / s.framesPerSecond) * 1000;
  // Frames advance with the clock; the frame view drops the ones the server cannot render in time.
  playTimer = setInterval(() => {
    let i = Math.floor(((performance.now() - t0) / 1000) * s.framesPerSecond);
    if (i >= s.frames) { t0 = performance.now(); i = 0; }
    if (i !== state.frame) setFrame(i);
  }, 1000 / Math.min(60, s.framesPerSecond));
}

async function jumpToChange() {
  const q = query(state.edits, { client: client + "-changes" });
  for (const [k, v] of state.pinned || []) q.append("against", k + "=" + v);
  const response = await fetch("/api/changes?" + q);
  if (!response.ok) { showError(await response.text()); return; }
  const change = await response.json();
  if (change.frame === null) { $("status").textContent = "no frame changes"; return; }
  setPlaying(false);
  setFrame(change.frame);
  $("status").textContent = "frame " + change.frame + ": " + change.reason;
}

function setABMode(mode) {
  state.abMode = mode;
  const views = $("views");
  views.classList.toggle("side", mode === "side");
  $("pinned-view").hidden = mode !== "side" || !state.pinned;
  $("live-caption").textContent = state.pinned && mode !== "off" ? "B: live" : "live";
  refresh(null);
}

function pin() {
  state.pinned = new Map(state.edits);
  $("pin").textContent = "Pinned A (" + state.pinned.size + " edits) · pin again";
  if (state.abMode === "off") document.querySelector("input[name=ab-mode][value=side]").click();
  else setABMode(state.abMode);
}

// Flicker: the live image swaps with A twice a second, the caption saying which is shown.
setInterval(() => {
  if (state.abMode !== "flicker" || !state.pinned) return;
  state.flickerShowsPinned = !state.flickerShowsPinned;
  const shown = state.flickerShowsPinned ? $("pinned").src : live.url;
  if (shown) $("preview").src = shown;
  $("live-caption").textContent = state.flickerShowsPinned ? "A: pinned" : "B: live";
}, 500);

// ---- export -----------------------------------------------------------------------------------------

let exportTimer = null;
function scheduleExport() {
  clearTimeout(exportTimer);
  exportTimer = setTimeout(updateExport, 250);
}

async function updateExport() {
  const q = query(state.edits, {});
  const response = await fetch("/api/export?" + q);
  if (!response.ok) { if (state.edits.size) markInvalid(await response.text()); return; }
  const e = await response.json();
  $("export-command").textContent = e.command;
  $("export-swift").textContent = e.swift;
  $("export-json").textContent = e.json;
  const gif = $("export-gif");
  gif.href = "/api/gif?" + q;
  gif.download = state.scene.name + "-edited." + (state.scene.still ? "png" : "gif");
  gif.textContent = "Download the preview (" + (state.scene.still ? "PNG" : "GIF") + ")";
  const json = $("export-json-link");
  json.href = URL.createObjectURL(new Blob([e.json], { type: "application/json" }));
  json.download = state.scene.name + "-edited.json";
}

/// The row of the key an error names gets a red outline.
function markInvalid(text) {
  showError(text);
  for (const [key, c] of controls) {
    const named = text.includes("--set " + key + ":") || text.includes("'" + key + "'");
    c.row.classList.toggle("invalid", named && state.edits.has(key));
  }
}

function updateURL() {
  const q = new URLSearchParams();
  q.append("scene", state.scene.name);
  for (const [k, v] of state.edits) q.append("set", k + "=" + v);
  history.replaceState(null, "", "/?" + q);
}

// ---- start ------------------------------------------------------------------------------------------

$("scrubber").addEventListener("input", () => { setPlaying(false); setFrame(Number($("scrubber").value)); });
$("play").addEventListener("click", () => setPlaying(!state.playing));
$("step-back").addEventListener("click", () => { setPlaying(false); setFrame(state.frame - 1); });
$("step-forward").addEventListener("click", () => { setPlaying(false); setFrame(state.frame + 1); });
$("jump-change").addEventListener("click", jumpToChange);
$("pin").addEventListener("click", pin);
$("reset-all").addEventListener("click", () => openScene(state.scene.name, new Map()));
for (const r of document.querySelectorAll("input[name=ab-mode]")) r.addEventListener("change", () => setABMode(r.value));
document.addEventListener("keydown", (e) => {
  if (!state.scene || e.target.closest("input, textarea, select")) return;
  if (e.key === "ArrowLeft") { setPlaying(false); setFrame(state.frame - 1); }
  else if (e.key === "ArrowRight") { setPlaying(false); setFrame(state.frame + 1); }
  else if (e.key === " ") { e.preventDefault(); setPlaying(!state.playing); }
});

(async () => {
  const scenes = await loadSceneList();
  const params = new URLSearchParams(location.search);
  const wanted = params.get("scene");
  const edits = new Map();
  for (const s of params.getAll("set")) {
    const eq = s.indexOf("=");
    if (eq > 0) edits.set(s.slice(0, eq), s.slice(eq + 1));
  }
  if (wanted !== null && !scenes.some((s) => s.name === wanted)) {
    // The server words the refusal as the command line does.
    showError(await (await fetch("/api/scenes/" + encodeURIComponent(wanted))).text());
  }
  const name = scenes.some((s) => s.name === wanted) ? wanted : (scenes[0] || {}).name;
  if (name) await openScene(name, edits);
  document.body.dataset.ready = "true";
})();
"""#
}
