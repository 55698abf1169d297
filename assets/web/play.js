// Playing from the page, with a personal link (`#as=<token>`, docs/web.md). The token
// stays in this tab (sessionStorage), goes only in the Authorization header, and never
// in a URL. Every choice shown comes from the server's `offer` (the same options the
// Discord menus show); the page sends one back as a click would, with the revision it
// was shown for, and the server refuses it if the game moved on.
"use strict";

(() => {
  const P = window.Page;
  if (!P) return;
  const KEY = `as:${P.page}`;
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("as");
  if (fromHash) {
    sessionStorage.setItem(KEY, fromHash);
    // Out of the address bar: a link copied from it is the spectator's.
    history.replaceState(null, "", location.pathname + location.search);
  }
  const token = sessionStorage.getItem(KEY);
  if (!token) return;

  const $ = (id) => document.getElementById(id);
  const bar = $("play");
  const auth = { Authorization: `Bearer ${token}` };
  let pick = null; // { placement, turn } while a spot is chosen, { id, value, label } for a choice
  let busy = false;
  let shown = null; // the revision the choices on screen are for

  P.hooks.headers = () => auth;
  P.hooks.refresh = refresh;

  /// The game for this player: the spectator's event says something changed, the
  /// player's own state (with their choices and hand) is asked for.
  async function refresh(spectator) {
    const r = await fetch(`${P.page}/state`, { cache: "no-store", headers: auth });
    if (!r.ok) {
      const said = await r.json().catch(() => ({}));
      P.notice(said.error || `Your moves cannot be read (${r.status}).`);
      if (spectator) P.apply(spectator);
      return;
    }
    P.apply(await r.json());
  }

  P.hooks.apply.push((s) => {
    if (s.revision !== shown) {
      shown = s.revision;
      pick = null;
      if (figureStep(s)) enlarge(s);
    }
    render(s);
  });

  P.hooks.tap = (bx, by) => {
    const s = P.state;
    const offer = s && s.offer;
    if (!offer || busy) return false;
    const at = offer.placements.find((p) => p.x === Math.floor(bx) && p.y === Math.floor(by));
    if (!at) return false;
    pick = { placement: at, turn: 0 };
    render(s);
    P.schedule();
    return true;
  };

  // The chosen spot shows the tile as it would lie, turned as chosen.
  P.hooks.draw.push((c, T) => {
    const s = P.state;
    if (!pick || !pick.placement || !s || !s.board || !s.board.next) return;
    const p = pick.placement, deg = p.rotations[pick.turn];
    c.globalAlpha = 0.92;
    P.drawTile(c, s.board.next.kind, deg, p.x * T, p.y * T, T);
    c.globalAlpha = 1;
    c.strokeStyle = "#ff8000";
    c.lineWidth = Math.max(4, 3 / P.view.scale);
    c.strokeRect(p.x * T + 2, p.y * T + 2, T - 4, T - 4);
  });

  function figureStep(s) {
    return s.offer && s.offer.rows.some((row) => row.some((c) => c.id === "figure" || c.id === "pass"));
  }

  /// The tile just placed, enlarged, so that its numbered figure places can be told apart.
  function enlarge(s) {
    const at = s.board && s.board.last_placed;
    if (!at) return;
    P.zoomOn(at[0] + 0.5, at[1] + 0.5, 2.4);
  }

  function button(label, cls, onClick, data) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (cls) b.className = cls;
    for (const [k, v] of Object.entries(data || {})) b.dataset[k] = v;
    b.addEventListener("click", onClick);
    return b;
  }

  function line(text) {
    const p = document.createElement("p");
    p.className = "say";
    p.textContent = text;
    return p;
  }

  function render(s) {
    const offer = s.offer;
    bar.replaceChildren();
    const hand = s.hand && s.hand.cards;
    if (hand) bar.append(line(`Your hand: ${hand.length ? hand.map(cardName).join(", ") : "empty"}`));
    if (!offer || (offer.placements.length === 0 && offer.rows.length === 0)) {
      bar.hidden = !hand;
      bar.dataset.step = "wait";
      return;
    }
    bar.hidden = false;
    if (offer.placements.length > 0) {
      bar.dataset.step = "place";
      if (!pick || !pick.placement) {
        bar.append(line("Your turn: tap a marked spot for the tile."));
        return;
      }
      const p = pick.placement, deg = p.rotations[pick.turn];
      bar.append(line(`Spot ${p.spot}, turned ${deg}°`));
      if (p.rotations.length > 1) {
        bar.append(button("Turn ⟳", "", () => {
          pick.turn = (pick.turn + 1) % p.rotations.length;
          render(P.state);
          P.schedule();
        }, { act: "turn" }));
      }
      bar.append(button("Place here", "go", () => send("place", [`${p.spot}:${deg}`]), { act: "confirm" }));
      bar.append(button("Cancel", "", () => { pick = null; render(P.state); P.schedule(); }, { act: "cancel" }));
      return;
    }
    // Any other decision: the offered buttons and menu options, then a confirmation.
    bar.dataset.step = figureStep(s) ? "figure" : "choose";
    const choices = document.createElement("div");
    choices.className = "choices";
    for (const row of offer.rows) {
      for (const c of row) {
        const options = c.kind === "select"
          ? c.options.map((o) => ({ id: c.id, value: o.value, label: o.label }))
          : [{ id: c.id, value: null, label: c.label }];
        for (const o of options) {
          const chosen = pick && pick.id === o.id && pick.value === o.value;
          choices.append(button(o.label, chosen ? "chosen" : "", () => {
            pick = o;
            render(P.state);
          }, { id: o.id, value: o.value ?? "" }));
        }
      }
    }
    bar.append(line(pick && !pick.placement ? `Chosen: ${pick.label}` : "Your choice:"), choices);
    if (pick && !pick.placement) {
      bar.append(button("Confirm", "go", () => send(pick.id, pick.value === null ? [] : [pick.value]),
        { act: "confirm" }));
    }
  }

  function cardName(c) {
    return typeof c === "string" ? c : JSON.stringify(c);
  }

  async function send(id, values) {
    if (busy) return;
    busy = true;
    bar.classList.add("busy");
    try {
      const r = await fetch(`${P.page}/act`, {
        method: "POST",
        cache: "no-store",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ revision: P.state.revision, id, values }),
      });
      const said = await r.json().catch(() => ({}));
      if (!r.ok) P.notice(said.error || `The move was not taken (${r.status}).`);
      else P.notice("");
      pick = null;
      await refresh(null);
    } catch (e) {
      P.notice("The move could not be sent: check the connection and try again.");
    } finally {
      busy = false;
      bar.classList.remove("busy");
    }
  }
})();
