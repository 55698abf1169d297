// The Discord client's side of the Embedded App SDK's postMessage protocol, as the
// tests need it (tests/it/activity_browser.rs; docs/activity.md): the Activity in an
// iframe with the query parameters Discord adds, the handshake checked and answered
// with READY, AUTHORIZE answered with the code the test minted at the fake Discord for
// this user (scope `identify` only), AUTHENTICATE with that user, SUBSCRIBE to the
// participants' event and GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS (the frames and
// answers of the SDK's `subscribe` and `commands`, its schemas' shapes); anything else
// is an INVALID_COMMAND error. Everything exchanged is kept in `window.harness.log`.
"use strict";

const q = new URLSearchParams(location.search);
const src = new URL(q.get("src"));
const user = { id: q.get("user"), username: q.get("name").toLowerCase(), discriminator: "0", avatar: null, global_name: q.get("name"), public_flags: 0 };
// Who has the Activity open (the instance's participants), as the client describes
// them (GetActivityInstanceConnectedParticipantsResponse in the SDK's schemas).
const participant = (id, name) => ({ id, username: name.toLowerCase(), global_name: name, discriminator: "0", avatar: null, flags: 0, bot: false });
window.harness = {
  log: [], errors: [], subscribed: false,
  participants: [participant(user.id, q.get("name"))],
  // Someone joins or leaves: the client dispatches ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE
  // to an Activity that subscribed to it. `people`: [[id, name], ...].
  update(people) {
    harness.participants = people.map(([id, name]) => participant(id, name));
    if (harness.subscribed) {
      send([1, { cmd: "DISPATCH", evt: "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", nonce: null, data: { participants: harness.participants } }]);
    }
    return harness.subscribed;
  },
};
const frame = document.createElement("iframe");
frame.src = src.href;
document.body.append(frame);

function send(message) {
  frame.contentWindow.postMessage(message, src.origin);
}

function reply(d, data) {
  send([1, { cmd: d.cmd, evt: null, nonce: d.nonce, data }]);
}

function refuse(d, code, message) {
  harness.errors.push(message);
  send([1, { cmd: d.cmd, evt: "ERROR", nonce: d.nonce, data: { code, message } }]);
}

window.addEventListener("message", (e) => {
  if (e.source !== frame.contentWindow || e.origin !== src.origin) {
    harness.errors.push(`a message from ${e.origin}`);
    return;
  }
  const [op, d] = e.data;
  harness.log.push([op, d]);
  if (op === 0) {
    if (d.v !== 1 || d.encoding !== "json" || d.client_id !== q.get("client_id") || d.frame_id !== src.searchParams.get("frame_id")) {
      harness.errors.push(`a bad handshake: ${JSON.stringify(d)}`);
      send([2, { code: 4000, message: "Invalid Client ID" }]);
      return;
    }
    send([1, { cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
      user: { id: user.id, username: user.username, discriminator: "0" },
    } }]);
  } else if (op === 1 && typeof d.nonce === "string" && d.nonce) {
    if (d.cmd === "AUTHORIZE") {
      const a = d.args;
      if (a.client_id !== q.get("client_id") || a.response_type !== "code" || JSON.stringify(a.scope) !== '["identify"]') {
        refuse(d, 4000, `a bad AUTHORIZE: ${JSON.stringify(a)}`);
      } else {
        reply(d, { code: q.get("code") });
      }
    } else if (d.cmd === "AUTHENTICATE") {
      reply(d, { access_token: d.args.access_token, user, scopes: ["identify"],
        expires: new Date(Date.now() + 604800000).toISOString(),
        application: { id: q.get("client_id"), name: "Carcassonne", description: "", icon: null, rpc_origins: [] } });
    } else if (d.cmd === "SUBSCRIBE" && d.evt === "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE") {
      harness.subscribed = true;
      reply(d, { evt: d.evt });
    } else if (d.cmd === "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS") {
      reply(d, { participants: harness.participants });
    } else {
      refuse(d, 4002, `Invalid command: ${d.cmd}`);
    }
  } else {
    harness.errors.push(`an unexpected message: ${JSON.stringify(e.data)}`);
  }
});
