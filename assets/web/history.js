// The game's history on its page: a slider and step buttons through every turn of a
// board game or every move of the card game (`<page>/history` lists them,
// `<page>/history/<n>` is the game after turn n, `<page>/history/<n>/table.png` a card
// game's table then), each turn's points marked on the board where they were scored
// and beside the scorers' names. The board is fitted to each turn shown until the
// viewer pans or zooms. While the page shows the past, live states are kept aside
// (app.js asks `browsing`) and the bar says when the game moved on; "Live" goes back
// to the game as it stands.
"use strict";

(() => {
const past = {
  on: false,     // showing the past
  live: null,    // the latest live state, kept aside while browsing
  turns: [],     // the index: who played each turn and the points each seat scored
  turn: 0,       // the turn shown
  frames: new Map(), // turn -> frame, fetched once (a past turn never changes)
  wanted: -1,    // the turn last asked for (answers for others are dropped)
  seen: 0,       // turns played when the history opened (to say the game moved on)
};

/// A game with a history: one that has started.
const played = (s) => s.game === "board" || s.game === "cards";

/// app.js's hook, before each live state is shown: while browsing, it is kept and
/// announced instead; otherwise the History button shows for a game that started.
window.browsing = (next) => {
  if (!past.on) {
    $("history-open").hidden = !played(next);
    return false;
  }
  const moved = next.version !== past.live.version;
  past.live = next;
  if (moved) refreshIndex(false);
  return true;
};

/// A path of the game, with the personal token as every request of the page has it
/// (the history is the same for everyone, but a token that no longer works is said).
async function getJson(path) {
  const ask = () => fetch(`${page}${path}`, {
    cache: "no-store", credentials: "same-origin", headers: hooks.headers ? hooks.headers() : {},
  });
  let r = await ask();
  if (await refused(r)) r = await ask();
  if (!r.ok) throw new Error(`${r.status}`);
  return r.json();
}

/// Reads the turns again: the slider's end follows the game (an undo shortens it).
async function refreshIndex(first) {
  let index;
  try {
    index = await getJson("/history");
  } catch {
    return;
  }
  if (!past.on) return;
  past.turns = index.turns;
  const last = past.turns.length;
  for (const n of [...past.frames.keys()]) if (n > last) past.frames.delete(n);
  if (first) past.seen = last;
  $("history-slider").max = String(last);
  if (past.turn > last) go(last);
  label();
}

function openHistory() {
  if (!state || !played(state) || past.on) return;
  past.on = true;
  past.live = state;
  past.turns = [];
  document.body.classList.add("browsing");
  $("history-open").hidden = true;
  $("history").hidden = false;
  // Until the index answers, the board's tiles (the moves of the card game) tell how
  // far the game went.
  const guess = state.board ? Math.max(0, state.board.tiles.length - 1) : state.moves;
  $("history-slider").max = String(guess);
  view.touched = false;
  go(guess);
  refreshIndex(true);
}

function closeHistory() {
  if (!past.on) return;
  past.on = false;
  past.wanted = -1;
  document.body.classList.remove("browsing");
  delete document.body.dataset.history;
  $("history").hidden = true;
  $("history-open").hidden = false;
  apply(past.live);
  if (!view.touched && state.board) fit();
}

/// Shows turn `n` (fetched once).
async function go(n) {
  n = Math.max(0, Math.min(n, Number($("history-slider").max)));
  past.turn = n;
  past.wanted = n;
  $("history-slider").value = String(n);
  label();
  let frame = past.frames.get(n);
  if (!frame) {
    try {
      frame = await getJson(`/history/${n}`);
    } catch {
      if (past.wanted === n) $("history-text").textContent = `Turn ${n} cannot be read.`;
      return;
    }
    past.frames.set(n, frame);
  }
  if (!past.on || past.wanted !== n) return;
  state = frame;
  if (state.game === "cards") $("table").src = `${page}/history/${n}/table.png`;
  // Each turn's board fills the screen, as the live one does, until the viewer moves it.
  if (state.board && !view.touched) fit();
  showPanel();
  schedule();
  label();
  document.body.dataset.history = String(n);
}

/// The bar's words: the turn shown, who played it, what it scored; and whether the
/// game went on meanwhile.
function label() {
  const n = past.turn, last = Number($("history-slider").max);
  const seats = (past.live && past.live.seats) || [];
  const t = past.turns[n - 1];
  const word = past.live && past.live.game === "cards" ? ["moves", "Move"] : ["turns", "Turn"];
  let text = n === 0 ? `Start of the game · ${last} ${word[0]}` : `${word[1]} ${n} of ${last}`;
  if (t) {
    text += `: ${seats[t.player] ? seats[t.player].name : "?"}`;
    const won = t.points.map((p, i) => (p > 0 ? `${seats[i] ? seats[i].name : "?"} +${p}` : ""))
      .filter(Boolean);
    if (won.length) text += ` · ${won.join(", ")}`;
  }
  $("history-text").textContent = text;
  $("turn").textContent = n === 0 ? "History: the start" : `History: ${word[1].toLowerCase()} ${n}`;
  gains(t && state && state.history && state.history.turn === n ? t.points : []);
  const moved = past.turns.length > past.seen;
  const live = $("history-live");
  live.textContent = moved ? "Live ●" : "Live";
  live.classList.toggle("moved", moved);
  live.title = moved ? "The game moved on" : "Back to the game";
  $("history-back").disabled = n <= 0;
  $("history-next").disabled = n >= last;
}

/// "+points" beside the score of each seat that scored in the turn shown.
function gains(points) {
  for (const li of document.querySelectorAll("#players li")) {
    const p = points[Number(li.dataset.seat)] || 0;
    let g = li.querySelector(".gain");
    if (p > 0 && !g) {
      g = el("span", "gain");
      li.querySelector(".score").after(g);
    }
    if (g) g.textContent = p > 0 ? `+${p}` : "";
  }
}

/// Where each scoring's "+points" badge stands, in board units: the badges of one tile
/// in a column from its top, made smaller when too many share the tile for full-size
/// ones, so that no badge overlaps another nor leaves its tile. Each is
/// { m: the scoring's index, x, y, w, h, font }.
function badges(scored, T, measure) {
  const byTile = new Map();
  scored.forEach((m, i) => {
    if (!m.at) return;
    const key = `${m.at[0]},${m.at[1]}`;
    if (!byTile.has(key)) byTile.set(key, []);
    byTile.get(key).push(i);
  });
  const out = [];
  const gap = T * 0.05, room = T * 0.9;
  for (const here of byTile.values()) {
    const k = here.length;
    const h = Math.min(T * 0.36, (room - gap * (k - 1)) / k);
    const column = k * h + (k - 1) * gap;
    const [tx, ty] = scored[here[0]].at;
    // One or two full-size badges stand in the tile's upper part, clear of its middle.
    let y = ty * T + Math.min(T * 0.1, (T - column) / 2);
    for (const i of here) {
      const font = h * 0.83;
      const w = Math.min(measure(`+${scored[i].points}`, font) + h * 0.44, room);
      out.push({ m: i, x: (tx + 0.5) * T - w / 2, y, w, h, font });
      y += h + gap;
    }
  }
  return out;
}

/// Draws the points of the turn shown: each scored feature's tiles outlined in the
/// scorer's colour, and "+points" on the tile the engine names.
overlays.push((c, T) => {
  if (!past.on || !state || !state.history || !state.board) {
    delete canvas.dataset.badges;
    return;
  }
  const board = state.board;
  for (const m of state.history.scored) {
    const colour = COLOURS[board.players[m.player].colour] || "#888";
    c.strokeStyle = colour;
    c.fillStyle = colour + "33";
    c.lineWidth = T * 0.06;
    for (const [x, y] of m.tiles) {
      c.fillRect(x * T, y * T, T, T);
      c.strokeRect(x * T + T * 0.03, y * T + T * 0.03, T * 0.94, T * 0.94);
    }
  }
  const measure = (text, font) => {
    c.font = `bold ${font}px system-ui, sans-serif`;
    return c.measureText(text).width;
  };
  const laid = badges(state.history.scored, T, measure);
  for (const b of laid) {
    const m = state.history.scored[b.m];
    const colour = board.players[m.player].colour;
    c.font = `bold ${b.font}px system-ui, sans-serif`;
    c.fillStyle = COLOURS[colour] || "#888";
    c.strokeStyle = "#fff";
    c.lineWidth = b.h * 0.08;
    c.beginPath();
    c.roundRect(b.x, b.y, b.w, b.h, b.h / 2);
    c.fill();
    c.stroke();
    c.fillStyle = colour === "yellow" || colour === "grey" ? "#111" : "#fff";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.fillText(`+${m.points}`, b.x + b.w / 2, b.y + b.h * 0.53);
  }
  // The badges as laid out (board units), for tests and tools.
  canvas.dataset.badges = JSON.stringify(laid.map((b) => [b.m, b.x, b.y, b.w, b.h]));
});

$("history-open").addEventListener("click", openHistory);
$("history-live").addEventListener("click", closeHistory);
$("history-back").addEventListener("click", () => go(past.turn - 1));
$("history-next").addEventListener("click", () => go(past.turn + 1));
$("history-slider").addEventListener("input", (e) => go(Number(e.target.value)));

})();
