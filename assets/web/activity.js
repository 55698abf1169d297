// The game's page inside Discord, as an Activity (docs/activity.md). Discord's client
// loads `/?frame_id=..&instance_id=..&platform=..` in an iframe and speaks the Embedded
// App SDK's postMessage protocol with it; this script speaks the few parts of it the page
// needs (written from the SDK's documentation and source, not the SDK itself): the
// handshake, the READY event, AUTHORIZE (scope `identify` only), AUTHENTICATE, and the
// instance's participants (who has the Activity open, shown by name). In
// between, the server exchanges the code and says which game this is and whether the
// user plays in it; then the page's own scripts run as on any game page, with the
// player token in the fragment (`#as=`), as a personal link gives it.
"use strict";

(() => {
  const HANDSHAKE = 0, FRAME = 1, CLOSE = 2;
  const script = document.currentScript;
  const then = (script && script.dataset.then ? script.dataset.then : "").split(" ").filter(Boolean);
  const query = new URLSearchParams(location.search);
  const frameId = query.get("frame_id");
  const instanceId = query.get("instance_id");
  const platform = query.get("platform");
  // The window the client's RPC server runs in (a popped-out Activity: the opener).
  const rpc = window.parent.opener || window.parent;
  // Where to post: the origin of the page that framed this one, as the SDK does.
  const target = document.referrer ? new URL(document.referrer).origin : "*";

  function say(text) {
    const n = document.getElementById("notice");
    n.textContent = text;
    n.hidden = !text;
  }

  function step(name) {
    document.body.dataset.activity = name;
  }

  if (!frameId || !instanceId || (platform !== "desktop" && platform !== "mobile") || rpc === window) {
    step("outside");
    say("This page runs inside Discord: open the Activity from a channel.");
    return;
  }

  let origins = [];
  const pending = new Map();
  let ready = null;
  const readied = new Promise((resolve) => { ready = resolve; });
  let serial = 0;
  // The SDK's event for who is in this Activity instance (no scope needed).
  const PARTICIPANTS = "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE";
  let heard = 0; // participant events so far: a later one wins over the first fetch

  /// Shows who has this Activity open: their names only (no avatar: nothing is
  /// loaded from Discord's CDN), in the client's order.
  function watching(people) {
    if (!Array.isArray(people)) return;
    let line = document.getElementById("watching");
    if (!line) {
      line = document.createElement("p");
      line.id = "watching";
      document.getElementById("notice").before(line);
    }
    const names = people.map((u) => (u && (u.nickname || u.global_name || u.username)) || "someone");
    line.textContent = `Here: ${names.join(", ")}`;
    document.body.dataset.watching = String(names.length);
  }

  /// The participants now, then every change (GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS,
  /// SUBSCRIBE to ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE): a client without them just
  /// shows no list.
  async function follow() {
    await command("SUBSCRIBE", undefined, PARTICIPANTS);
    const before = heard;
    const now = await command("GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS");
    if (heard === before && now) watching(now.participants);
  }

  /// Whether a message's origin is one of Discord's clients (`https://*.host` entries
  /// match any subdomain; an opaque origin, as some clients have, is "null").
  function trusted(origin) {
    if (origin === "null") return true;
    return origins.some((o) => {
      const star = o.indexOf("*.");
      if (star < 0) return o === origin;
      return origin.startsWith(o.slice(0, star)) && origin.endsWith(o.slice(star + 1));
    });
  }

  function nonce() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    serial += 1;
    return `${Date.now()}-${serial}`;
  }

  function command(cmd, args, evt) {
    const n = nonce();
    const frame = evt ? { cmd, args, evt, nonce: n } : { cmd, args, nonce: n };
    rpc.postMessage([FRAME, frame], target);
    return new Promise((resolve, reject) => {
      pending.set(n, { resolve, reject });
      setTimeout(() => {
        if (pending.delete(n)) reject(new Error(`Discord did not answer ${cmd}`));
      }, 60000);
    });
  }

  window.addEventListener("message", (e) => {
    if (e.source !== rpc || !trusted(e.origin) || !Array.isArray(e.data)) return;
    const [op, data] = e.data;
    if (op === CLOSE) {
      step("closed");
      say(`Discord closed the Activity: ${(data && data.message) || "reopen it"}.`);
      return;
    }
    if (op !== FRAME || !data || typeof data.cmd !== "string") return;
    if (data.cmd === "DISPATCH") {
      if (data.evt === "READY") ready(data.data);
      if (data.evt === PARTICIPANTS && data.data) {
        heard += 1;
        watching(data.data.participants);
      }
      return;
    }
    const waiting = data.nonce != null && pending.get(data.nonce);
    if (!waiting) return;
    pending.delete(data.nonce);
    if (data.evt === "ERROR") {
      waiting.reject(new Error((data.data && data.data.message) || `error ${data.data && data.data.code}`));
    } else {
      waiting.resolve(data.data);
    }
  });

  /// The page's own scripts, in their order, once the game is known.
  function run(page, player) {
    history.replaceState(null, "", page + (player ? `#as=${player}` : ""));
    then.forEach((src, i) => {
      const s = document.createElement("script");
      s.src = src;
      s.async = false;
      // They run in order: after the last, every script has hooked in (app.js waits).
      if (i === then.length - 1) {
        s.addEventListener("load", () => document.dispatchEvent(new Event("page-scripts")));
      }
      document.body.append(s);
    });
  }

  async function start() {
    step("handshake");
    const r = await fetch("/activity/config", { cache: "no-store" });
    if (!r.ok) throw new Error("The Activity is not set up on this server.");
    const config = await r.json();
    origins = config.origins;
    rpc.postMessage([HANDSHAKE, { v: 1, encoding: "json", client_id: config.client_id, frame_id: frameId }], target);
    await readied;
    step("authorize");
    const { code } = await command("AUTHORIZE", {
      client_id: config.client_id,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    });
    step("token");
    const t = await fetch("/activity/token", {
      method: "POST",
      cache: "no-store",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code, instance_id: instanceId }),
    });
    const signed = await t.json().catch(() => ({ error: `The server answered ${t.status}.` }));
    if (!t.ok) {
      step("refused");
      say(signed.error || `The server answered ${t.status}.`);
      return;
    }
    step("authenticate");
    await command("AUTHENTICATE", { access_token: signed.access_token });
    step(signed.player ? "player" : "spectator");
    run(signed.page, signed.player);
    if (!signed.player) say("You are watching: only the game's players can play here.");
    follow().catch(() => {});
  }

  start().catch((e) => {
    step("failed");
    say(e.message);
  });
})();
