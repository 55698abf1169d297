// The game's page: draws the board from the tile atlas, pans and zooms it, and follows
// the game live. Everything it shows comes from `<page>/state` and `<page>/events`
// (docs/web.md); it never computes rules.
"use strict";

const COLOURS = {
  red: "#e4342c", green: "#0a702c", blue: "#2254d6",
  yellow: "#fad214", black: "#1e1e1e", grey: "#9e9e9e",
};
const LETTERS = { red: "R", green: "G", blue: "B", yellow: "Y", black: "K", grey: "E" };
const TILE = 96; // board units per tile (the atlas's tile size)
const MIN_SCALE = 0.08;
const MAX_SCALE = 4;

const page = location.pathname.replace(/\/+$/, "");
const $ = (id) => document.getElementById(id);
const canvas = $("board");
const ctx = canvas.getContext("2d");

let state = null;
let atlas = null; // { url, image }
// screen = board * scale + (x, y), in CSS pixels; `touched`: the viewer panned or
// zoomed since the last fit (history.js fits each turn until then).
let view = { scale: 1, x: 0, y: 0, touched: false };
let fitted = false;
let painted = false;
// Other scripts' drawings over the board, each called as (ctx, tile size) in board
// units after the figures (history.js marks a past turn's points).
const overlays = [];
// What other scripts of the page (play.js) hook in: see `window.Page` below.
const hooks = { apply: [], draw: [], tap: null, refresh: null, headers: null };

// ---- the board's geometry -------------------------------------------------------

/// Board extent in tiles (placed tiles and legal spots), as [minX, minY, maxX, maxY].
function extent(board) {
  const ps = board.tiles.map((t) => t.pos);
  if (board.next) for (const s of board.next.spots) ps.push(s.at);
  if (ps.length === 0) return [0, 0, 0, 0];
  let b = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ps) b = [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)];
  return b;
}

/// Fits the whole board (its tiles and spots, with a margin) into the part of the
/// canvas nothing lies over, centred there, as large as fits up to 1.5 times the
/// atlas's size.
function fit() {
  if (!state || !state.board) return;
  const [x0, y0, x1, y1] = extent(state.board);
  const bw = (x1 - x0 + 1.5) * TILE, bh = (y1 - y0 + 1.5) * TILE;
  const [l, t, w, h] = uncovered(bw, bh);
  view.scale = clamp(Math.min(w / bw, h / bh), MIN_SCALE, 1.5);
  view.x = l + w / 2 - ((x0 + x1 + 1) / 2) * TILE * view.scale;
  view.y = t + h / 2 - ((y0 + y1 + 1) / 2) * TILE * view.scale;
  view.touched = false;
  canvas.dataset.free = [l, t, w, h].map((v) => v.toFixed(1)).join(" ");
}

/// The part of the canvas that nothing lies over, for a board `bw` by `bh`, as
/// [left, top, width, height] in CSS pixels: what stands over the stage (the zoom
/// buttons, History, the history's bar) stands at its foot, so each way to leave it
/// all free is a strip between two of them (or the canvas's sides) reaching down to
/// the first one below; the strip the board is largest in wins.
function uncovered(bw, bh) {
  const c = canvas.getBoundingClientRect();
  const GAP = 4;
  const over = [...$("stage").children]
    .filter((e) => e !== canvas && e.getClientRects().length > 0)
    .map((e) => e.getBoundingClientRect())
    .map((r) => ({ l: r.left - c.left - GAP, r: r.right - c.left + GAP, t: r.top - c.top - GAP }));
  let best = [0, 0, c.width, c.height], most = -1;
  for (const l of [0, ...over.map((o) => o.r)]) {
    for (const r of [c.width, ...over.map((o) => o.l)]) {
      const left = Math.max(0, l), right = Math.min(c.width, r);
      if (right - left < 1) continue;
      const foot = over.filter((o) => o.l < right && o.r > left).reduce((f, o) => Math.min(f, o.t), c.height);
      if (foot < 1) continue;
      const s = Math.min((right - left) / bw, foot / bh);
      if (s > most + 1e-9) [best, most] = [[left, 0, right - left, foot], s];
    }
  }
  return best;
}

function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }

/// Zooms by `k` keeping the board point under (sx, sy) in place.
function zoomAt(k, sx, sy) {
  const s = clamp(view.scale * k, MIN_SCALE, MAX_SCALE);
  k = s / view.scale;
  view.x = sx - (sx - view.x) * k;
  view.y = sy - (sy - view.y) * k;
  view.scale = s;
  view.touched = true;
  schedule();
}

// ---- drawing --------------------------------------------------------------------

let queued = false;
function schedule() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => { queued = false; draw(); });
}

function resize() {
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  return dpr;
}

/// Draws a tile of `kind` turned by `degrees` with its north-west corner at (x, y). A
/// kind with one cell in the atlas is turned here (its sprites are that cell turned,
/// pixel for pixel); one with four has a cell per rotation, its symbols upright.
function drawTile(c, kind, degrees, x, y, size) {
  const cells = state.atlas.sprites[kind];
  if (cells === undefined || !atlas || !atlas.ready) {
    c.fillStyle = "#c9c1ae";
    c.fillRect(x, y, size, size);
    return;
  }
  const a = state.atlas, q = ((Math.round(degrees / 90) % 4) + 4) % 4;
  const cell = cells.length === 1 ? cells[0] : cells[q];
  const sx = a.gap + (cell % a.columns) * (a.tile + a.gap);
  const sy = a.gap + Math.floor(cell / a.columns) * (a.tile + a.gap);
  if (cells.length !== 1 || q === 0) {
    c.drawImage(atlas.image, sx, sy, a.tile, a.tile, x, y, size, size);
    return;
  }
  c.save();
  c.translate(x + size / 2, y + size / 2);
  c.rotate((q * Math.PI) / 2);
  c.drawImage(atlas.image, sx, sy, a.tile, a.tile, -size / 2, -size / 2, size, size);
  c.restore();
}

function draw() {
  const dpr = resize();
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = "#e9e4d8";
  ctx.fillRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  // Where the board stands, for tests and tools: scale, then the offset in CSS pixels.
  canvas.dataset.view = `${view.scale.toFixed(4)} ${view.x.toFixed(1)} ${view.y.toFixed(1)}`;
  if (!state || !state.board) return;
  const b = state.board, T = TILE;
  ctx.setTransform(dpr * view.scale, 0, 0, dpr * view.scale, dpr * view.x, dpr * view.y);
  ctx.imageSmoothingQuality = "high";
  for (const t of b.tiles) drawTile(ctx, t.kind, t.rotation, t.pos[0] * T, t.pos[1] * T, T);
  const line = 1 / view.scale;
  if (b.last_placed) {
    ctx.strokeStyle = "#ff8000";
    ctx.lineWidth = Math.max(4, 2.5 * line);
    ctx.strokeRect(b.last_placed[0] * T + 2, b.last_placed[1] * T + 2, T - 4, T - 4);
  }
  if (b.next) {
    ctx.font = `bold ${T * 0.34}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    for (const s of b.next.spots) {
      const x = s.at[0] * T, y = s.at[1] * T;
      ctx.fillStyle = "rgba(40,110,220,0.28)";
      ctx.fillRect(x + 3, y + 3, T - 6, T - 6);
      ctx.strokeStyle = "rgba(30,80,180,0.85)";
      ctx.lineWidth = Math.max(2, 1.5 * line);
      ctx.strokeRect(x + 3, y + 3, T - 6, T - 6);
      ctx.fillStyle = "#102e78";
      ctx.fillText(s.label, x + T / 2, y + T / 2);
    }
  }
  const anchors = state.anchors || {};
  b.figures.forEach((f, i) => {
    const [ax, ay] = (anchors.figures || [])[i] || [0.5, 0.5];
    figure(f.pos[0] * T + ax * T, f.pos[1] * T + ay * T, b.players[f.owner].colour, f.kind, f.on === "field");
  });
  const magic = (b.expansions || {}).mage_witch || {};
  (magic.figures || []).forEach((n, i) => {
    const [ax, ay] = (anchors.neutral || [])[i] || [0.5, 0.5];
    disc(n.pos[0] * T + ax * T, n.pos[1] * T + ay * T, T * 0.12, n.kind === "mage" ? "#9646c8" : "#222",
      n.kind === "mage" ? "M" : "W", "#fff");
  });
  (b.figure_spots || []).forEach((f, i) => {
    const [ax, ay] = (anchors.figure_spots || [])[i] || [0.5, 0.5];
    disc(f.pos[0] * T + ax * T, f.pos[1] * T + ay * T, T * 0.11, "#fff", String(f.number), "#102e78", "#1e50b4");
  });
  for (const paint of overlays) paint(ctx, T);
  for (const f of hooks.draw) f(ctx, T);
  // When each state was first drawn (epoch milliseconds), for the live-latency measure.
  if (document.body.dataset.painted !== state.version) {
    document.body.dataset.painted = state.version;
    window.paintedAt = performance.timeOrigin + performance.now();
  }
  // The first meaningful paint: the board with its tile art.
  if (!painted && atlas && atlas.ready && atlas.image.naturalWidth > 0) {
    painted = true;
    performance.mark("board-painted");
  }
}

function figure(x, y, colour, kind, lying) {
  const T = TILE, r = kind === "large" ? T * 0.13 : T * 0.1;
  const fill = COLOURS[colour] || "#888";
  const ink = colour === "yellow" || colour === "grey" ? "#111" : "#fff";
  if (lying) {
    ctx.fillStyle = fill;
    ctx.strokeStyle = "#000";
    ctx.lineWidth = T * 0.015;
    ctx.beginPath();
    ctx.ellipse(x, y, r * 1.4, r * 0.8, 0, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
    letter(x, y, LETTERS[colour], ink, r);
  } else {
    disc(x, y, r, fill, LETTERS[colour], ink);
  }
}

function disc(x, y, r, fill, text, ink, edge) {
  ctx.fillStyle = fill;
  ctx.strokeStyle = edge || "#000";
  ctx.lineWidth = TILE * 0.015;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  letter(x, y, text, ink, r);
}

function letter(x, y, text, ink, r) {
  ctx.fillStyle = ink;
  ctx.font = `bold ${r * 1.2}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + r * 0.05);
}

// ---- the panel ------------------------------------------------------------------

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function showPanel() {
  const s = state;
  const names = s.seats.map((x) => x.name);
  const list = $("players");
  list.replaceChildren();
  if (s.game === "board") {
    const b = s.board;
    b.players.forEach((p, i) => {
      const li = el("li", b.current === i ? "current" : "");
      const swatch = el("span", "swatch", LETTERS[p.colour]);
      swatch.style.background = COLOURS[p.colour];
      if (p.colour === "yellow" || p.colour === "grey") swatch.classList.add("light");
      li.append(swatch, el("span", "name", p.name), el("span", "score", String(p.score)),
        el("span", "left", `${p.supply[0]} left`));
      li.dataset.seat = String(i);
      list.append(li);
    });
    $("turn").textContent = b.over
      ? `Game over after ${b.turn} turns`
      : `Turn ${b.turn}: ${names[b.current] ?? "?"} to play`;
    const next = $("next");
    next.hidden = !b.next;
    if (b.next) {
      const t = $("tile"), c = t.getContext("2d"), dpr = window.devicePixelRatio || 1;
      t.width = t.height = Math.round(48 * dpr);
      drawTile(c, b.next.kind, 0, 0, 0, t.width);
      $("next-text").textContent =
        `${b.next.spots.length} spot${b.next.spots.length === 1 ? "" : "s"} · ${b.tiles_left} tiles left`;
    }
  } else if (s.game === "cards") {
    const v = s.cards;
    v.seats.forEach((seat, i) => {
      const li = el("li", v.turn === i ? "current" : "");
      li.append(el("span", "name", names[i] ?? "?"), el("span", "score", String(seat.score)),
        el("span", "left", `${seat.hand} in hand`));
      li.dataset.seat = String(i);
      list.append(li);
    });
    $("turn").textContent = v.turn === null
      ? `Round ${v.round} of ${v.rounds_total}`
      : `Round ${v.round} of ${v.rounds_total}: ${names[v.turn] ?? "?"} to play`;
    $("next").hidden = true;
  } else {
    $("turn").textContent = "Players are joining the game";
  }
  if (s.finished) $("turn").textContent += " (finished)";
}

// ---- state and live updates -------------------------------------------------------

function apply(next) {
  // history.js keeps a live state aside while the page shows the past.
  if (window.browsing && window.browsing(next)) return;
  state = next;
  if (performance.getEntriesByName("state-shown").length === 0) performance.mark("state-shown");
  const card = state.game === "cards";
  canvas.hidden = card;
  $("zoom").hidden = card;
  $("table").hidden = !card;
  if (card) $("table").src = `${page}/table.png?v=${encodeURIComponent(state.version)}`;
  if (state.atlas && (!atlas || atlas.url !== state.atlas.url)) loadAtlas(state.atlas.url);
  showPanel();
  for (const f of hooks.apply) f(state);
  // Once what the hooks show below the board (play.js's bar) is laid out.
  if (!fitted && state.board) { fit(); fitted = true; }
  schedule();
  document.body.dataset.version = state.version;
}

/// Fetches and decodes the tile atlas at `url`, off the main thread (`decode`), before
/// the first drawing uses it; the page's answer had the browser fetch it already (a
/// preload link).
function loadAtlas(url) {
  const image = new Image();
  const shown = { url, image, ready: false };
  atlas = shown;
  image.src = url;
  const ready = () => {
    if (shown.ready) return;
    shown.ready = true;
    performance.mark("atlas-ready");
    document.body.dataset.atlas = "loaded";
    schedule();
    if (state) showPanel();
  };
  image.decode().then(ready, () => { image.onload = ready; if (image.complete) ready(); });
}

/// Centres the board on (tx, ty) (tile units) at `scale`.
function zoomOn(tx, ty, scale) {
  fitted = true; // a first view of its own: the page does not fit over it
  view.scale = clamp(scale, MIN_SCALE, MAX_SCALE);
  view.x = canvas.clientWidth / 2 - tx * TILE * view.scale;
  view.y = canvas.clientHeight / 2 - ty * TILE * view.scale;
  schedule();
}

function notice(text) {
  const n = $("notice");
  n.textContent = text;
  n.hidden = !text;
}

/// Whether `r` refused the personal token (expired, malformed or another game's, on
/// any of the game's paths): then it is said, and the page asks as anyone from now on.
async function refused(r) {
  if ((r.status !== 401 && r.status !== 403) || !hooks.headers) return false;
  const said = await r.json().catch(() => ({}));
  hooks.headers = null;
  hooks.refresh = null;
  notice(said.error || "Your personal link no longer works.");
  return true;
}

async function load() {
  let r = await fetch(`${page}/state`, { cache: "no-store", headers: hooks.headers ? hooks.headers() : {} });
  if (await refused(r)) {
    r = await fetch(`${page}/state`, { cache: "no-store" });
    if (r.ok) {
      apply(await r.json());
      follow();
      return;
    }
  }
  if (!r.ok) {
    notice(r.status === 404 ? "This game is no longer here." : `The game cannot be read (${r.status}).`);
    return;
  }
  apply(await r.json());
  follow();
}

function follow() {
  const events = new EventSource(`${page}/events`);
  const live = $("live");
  events.onopen = () => { live.className = "on"; };
  events.onerror = () => { live.className = "off"; }; // EventSource reconnects by itself
  events.addEventListener("state", (e) => {
    const seen = JSON.parse(e.data);
    if (hooks.refresh) hooks.refresh(seen);
    else apply(seen);
    window.lastUpdate = performance.now();
  });
  events.addEventListener("gone", () => {
    events.close();
    live.className = "off";
    notice("This link no longer opens the game: a new game began in its channel, or the game's links were replaced (ask the bot for the new one).");
  });
}

// ---- pan and zoom: mouse, wheel, touch (pointer events) ------------------------------

// One kind of pointer at a time: a browser may report one finger both as a touch and
// as an emulated mouse, which must not read as two fingers.
const pointers = new Map();
let pinch = null;
let kind = null;

let press = null; // where a lone pointer went down: a tap if it comes up there
canvas.addEventListener("pointerdown", (e) => {
  if (pointers.size > 0 && e.pointerType !== kind) return;
  kind = e.pointerType;
  press = pointers.size === 0 ? { x: e.offsetX, y: e.offsetY } : null;
  pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
  pinch = pointers.size === 2 ? span() : null;
  try {
    canvas.setPointerCapture(e.pointerId);
  } catch {
    // A pointer the browser no longer knows: it ends by itself.
  }
});
canvas.addEventListener("pointermove", (e) => {
  const p = pointers.get(e.pointerId);
  if (!p) return;
  const now = { x: e.offsetX, y: e.offsetY };
  pointers.set(e.pointerId, now);
  if (pointers.size === 1) {
    view.x += now.x - p.x;
    view.y += now.y - p.y;
    view.touched = true;
    schedule();
    return;
  }
  const next = span();
  if (pinch && pinch.d > 0) {
    view.x += next.mx - pinch.mx;
    view.y += next.my - pinch.my;
    zoomAt(next.d / pinch.d, next.mx, next.my);
  }
  pinch = next;
});
/// The first two fingers' distance and midpoint.
function span() {
  const [a, b] = [...pointers.values()];
  return { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
}
const release = (e) => {
  pointers.delete(e.pointerId);
  pinch = null;
};
canvas.addEventListener("pointerup", (e) => {
  const tapped = press && pointers.size === 1 && Math.hypot(e.offsetX - press.x, e.offsetY - press.y) < 10;
  press = null;
  release(e);
  if (tapped && hooks.tap) {
    hooks.tap((e.offsetX - view.x) / view.scale / TILE, (e.offsetY - view.y) / view.scale / TILE);
  }
});
canvas.addEventListener("pointercancel", release);
canvas.addEventListener("wheel", (e) => {
  e.preventDefault();
  zoomAt(Math.exp(-e.deltaY * 0.002), e.offsetX, e.offsetY);
}, { passive: false });
$("zoom-in").addEventListener("click", () => zoomAt(1.4, canvas.clientWidth / 2, canvas.clientHeight / 2));
$("zoom-out").addEventListener("click", () => zoomAt(1 / 1.4, canvas.clientWidth / 2, canvas.clientHeight / 2));
$("zoom-fit").addEventListener("click", () => { fit(); schedule(); });
window.addEventListener("resize", schedule);

// A board game's page names its atlas: decoding starts now, beside the state's request.
const named = document.querySelector('meta[name="atlas"]');
if (named) loadAtlas(named.content);

window.Page = {
  hooks, page, TILE, view, apply, notice, schedule, drawTile, zoomOn,
  get state() { return state; },
};
// After every script of the page has hooked in.
// The deferred scripts run before DOMContentLoaded; scripts added later (the Discord
// Activity's, after sign-in) signal with "page-scripts" once the last has run.
if (document.currentScript && document.currentScript.defer) {
  document.addEventListener("DOMContentLoaded", load);
} else {
  document.addEventListener("page-scripts", load, { once: true });
}
