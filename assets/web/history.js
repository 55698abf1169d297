// The game's history on its page: a slider and step buttons through every turn of a
// board game (`<page>/history` lists the turns, `<page>/history/<n>` is the board after
// turn n), each turn's points marked on the board where they were scored. While the
// page shows the past, live states are kept aside (app.js asks `browsing`) and the
// bar says when the game moved on; "Live" goes back to the game as it stands.
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

/// app.js's hook, before each live state is shown: while browsing, it is kept and
/// announced instead; otherwise the History button shows for a board game.
window.browsing = (next) => {
  if (!past.on) {
    $("history-open").hidden = next.game !== "board";
    return false;
  }
  const moved = next.version !== past.live.version;
  past.live = next;
  if (moved) refreshIndex(false);
  return true;
};

async function getJson(path) {
  const r = await fetch(`${page}${path}`, { cache: "no-store", credentials: "same-origin" });
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
  if (!state || state.game !== "board" || past.on) return;
  past.on = true;
  past.live = state;
  past.turns = [];
  document.body.classList.add("browsing");
  $("history-open").hidden = true;
  $("history").hidden = false;
  // Until the index answers, the board's tiles tell how far the game went.
  const guess = Math.max(0, state.board.tiles.length - 1);
  $("history-slider").max = String(guess);
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
  let text = n === 0 ? `Start of the game · ${last} turns` : `Turn ${n} of ${last}`;
  if (t) {
    text += `: ${seats[t.player] ? seats[t.player].name : "?"}`;
    const won = t.points.map((p, i) => (p > 0 ? `${seats[i] ? seats[i].name : "?"} +${p}` : ""))
      .filter(Boolean);
    if (won.length) text += ` · ${won.join(", ")}`;
  }
  $("history-text").textContent = text;
  $("turn").textContent = n === 0 ? "History: the start" : `History: turn ${n}`;
  const moved = past.turns.length > past.seen;
  const live = $("history-live");
  live.textContent = moved ? "Live ●" : "Live";
  live.classList.toggle("moved", moved);
  live.title = moved ? "The game moved on" : "Back to the game";
  $("history-back").disabled = n <= 0;
  $("history-next").disabled = n >= last;
}

/// Draws the points of the turn shown: each scored feature's tiles outlined in the
/// scorer's colour, and "+points" on the tile the engine names.
overlays.push((c, T) => {
  if (!past.on || !state || !state.history) return;
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
  state.history.scored.forEach((m, i) => {
    if (!m.at) return;
    const colour = board.players[m.player].colour;
    const x = (m.at[0] + 0.5) * T, y = (m.at[1] + 0.28 + 0.22 * (i % 3)) * T;
    const text = `+${m.points}`;
    c.font = `bold ${T * 0.3}px system-ui, sans-serif`;
    const w = c.measureText(text).width + T * 0.16, h = T * 0.36;
    c.fillStyle = COLOURS[colour] || "#888";
    c.strokeStyle = "#fff";
    c.lineWidth = T * 0.03;
    c.beginPath();
    c.roundRect(x - w / 2, y - h / 2, w, h, h / 2);
    c.fill();
    c.stroke();
    c.fillStyle = colour === "yellow" || colour === "grey" ? "#111" : "#fff";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.fillText(text, x, y + T * 0.01);
  });
});

$("history-open").addEventListener("click", openHistory);
$("history-live").addEventListener("click", closeHistory);
$("history-back").addEventListener("click", () => go(past.turn - 1));
$("history-next").addEventListener("click", () => go(past.turn + 1));
$("history-slider").addEventListener("input", (e) => go(Number(e.target.value)));

})();
