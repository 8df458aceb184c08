/**
 * Online play's transport: one friend's browser, reached through WebRTC, found through public
 * WebSocket relays (BitTorrent trackers, Trystero's torrent strategy, vendored in web/vendor/trystero
 * by tools/vendor.py). Imported only when the player chooses to play online
 * (web/browser/online_link.py), never precached: a boot that does not play online loads none of it.
 *
 *   const link = await join({roomId, password, relays: ["wss://..."]});
 *   link.onPeer = () => ...;  link.onText = (text) => ...;  link.onGone = () => ...;
 *   link.send("text");  await link.leave();
 *
 * The relays see the room's hash and the connection offers, sealed with `password` (the
 * invitation's key, web/model/invite.py); the texts go straight from browser to browser.
 *
 * One peer only: the first to join is THE peer; anyone else who joins the room (a third browser
 * with the same link) is ignored: nothing is sent to him and what he sends is dropped. When the
 * peer leaves, the latest of those still there takes his place (the friend's reloaded page can
 * arrive before his old one is known to be gone).
 *
 * Callbacks set after events happened still get them: texts are held until `onText` is set, and
 * `onPeer` is called when set while a peer is there.
 *
 * Test hook: `window.tavliOnlineTamper`, when a function, gets every outgoing text and returns what
 * is sent instead (null or undefined: nothing is sent).
 */

import { getRelaySockets, joinRoom, selfId } from "./vendor/trystero/torrent.mjs";

/** The application's name in Trystero's room namespace (a new protocol would take a new one). */
export const APP_ID = "tavli-online";

/** While no peer is there, the room is joined again this often (ms): see Link._rejoin. */
export const REFRESH_MS = 10_000;
/** A newcomer's offer that Trystero will ignore makes a rejoin (ms): not before this long in the
 * room, and after this wait, unless he reached us meanwhile (an offer of ours he answered). */
const OFFER_REJOIN_MS = 1_500;
const OFFER_WAIT_MS = 1_000;

class Link {
  constructor(open, refreshMs) {
    this._open = open;      // () => a new Trystero room, joined
    this._refreshMs = refreshMs;
    this._refresh = null;   // the timer of the next rejoin while no peer is there
    this._enteredAt = 0;
    this._offerTimer = null;  // the rejoin a newcomer's offer asked for
    this._watched = new WeakSet();  // the relay sockets whose messages we read
    this._room = null;
    this._action = null;
    this._peer = null;      // THE peer's id, or null while none
    this._others = [];      // the ignored peers still in the room, in the order they came
    this._held = [];        // texts that arrived before onText was set
    this._onText = null;
    this._onPeer = null;
    this.onGone = null;
    this.left = false;
    this._enter();
  }

  /** Whether the peer is there. */
  get connected() {
    return this._peer !== null;
  }

  get onText() {
    return this._onText;
  }

  set onText(handler) {
    this._onText = handler;
    if (handler) this._held.splice(0).forEach((text) => handler(text));
  }

  get onPeer() {
    return this._onPeer;
  }

  set onPeer(handler) {
    this._onPeer = handler;
    if (handler && this._peer !== null) handler();
  }

  /** Send `text` to the peer; false when there is none (or the link was left): nothing is sent. */
  send(text) {
    if (this.left || this._peer === null) return false;
    const tamper = globalThis.tavliOnlineTamper;
    const out = typeof tamper === "function" ? tamper(text) : text;
    if (out === null || out === undefined) return true;
    this._action.send(out, { target: this._peer }).catch((error) => console.warn("tavli online: send failed", error));
    return true;
  }

  /** Leave the room: the peer is told (his onGone), nothing more is sent or received. */
  async leave() {
    if (this.left) return;
    this.left = true;
    this._peer = null;
    this._others = [];
    await this._exit();
  }

  _enter() {
    const room = this._open();
    const action = room.makeAction("text");
    this._room = room;
    this._action = action;
    action.onMessage = (payload, context) => room === this._room && this._received(payload, context?.peerId);
    room.onPeerJoin = (id) => room === this._room && this._joined(id);
    room.onPeerLeave = (id) => room === this._room && this._gone(id);
    this._refresh = setTimeout(() => this._peer === null && this._rejoin(), this._refreshMs);
    this._enteredAt = performance.now();
    for (const socket of Object.values(getRelaySockets())) {
      if (!socket || this._watched.has(socket)) continue;
      this._watched.add(socket);
      socket.addEventListener("message", (event) => this._relayMessage(event.data));
    }
  }

  /** A relay's message: an offer from a newcomer that Trystero ignores (see _rejoin) makes us
   * join again, so that our own offers reach him: after OFFER_WAIT_MS, unless he answered an offer
   * of ours meanwhile (leaving then would break the connection being made). */
  _relayMessage(data) {
    if (this.left || this._peer !== null || this._room === null) return;
    if (performance.now() - this._enteredAt < OFFER_REJOIN_MS) return;
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    const from = message?.peer_id;
    if (!message?.offer || typeof from !== "string" || from === selfId || selfId > from || this._offerTimer) return;
    this._offerTimer = setTimeout(() => {
      this._offerTimer = null;
      if (this._peer === null && !this.left) this._rejoin();
    }, OFFER_WAIT_MS);
  }

  async _exit() {
    clearTimeout(this._refresh);
    this._offerTimer = clearTimeout(this._offerTimer) ?? null;
    const room = this._room;
    this._room = null;
    await room?.leave().catch((error) => console.warn("tavli online: leave failed", error));
  }

  /**
   * The room left and joined again when the peer went (and no one else waits), then every
   * `refreshMs` while no peer is there. Trystero announces to the relays quickly only after a
   * join (then every 2 minutes, as the trackers ask), and of two browsers holding offers, the one
   * with the lower id ignores the other's offers and waits for him to answer its own, which he
   * gets at its next announce: the friend who opens the link, or reloads, could wait 2 minutes.
   * Such an offer, seen on the relay's socket, makes a rejoin a second later (_relayMessage).
   */
  async _rejoin() {
    await this._exit();
    if (!this.left && this._peer === null) this._enter();
  }

  _joined(id) {
    if (this.left) return;
    if (this._peer === null) {
      this._peer = id;
      clearTimeout(this._refresh);
      this._offerTimer = clearTimeout(this._offerTimer) ?? null;
      this._onPeer?.();
    } else if (id !== this._peer && !this._others.includes(id)) {
      this._others.push(id);
    }
  }

  _gone(id) {
    if (this.left) return;
    this._others = this._others.filter((other) => other !== id);
    if (id !== this._peer) return;
    this._peer = null;
    this.onGone?.();
    const next = this._others.pop();
    if (next !== undefined) this._joined(next);
    else if (!this.left) this._rejoin();
  }

  _received(payload, peerId) {
    if (this.left || peerId !== this._peer) return;
    // Only texts are ours; anything else reaches the protocol as an empty (malformed) message.
    const text = typeof payload === "string" ? payload : "";
    if (this._onText) this._onText(text);
    else this._held.push(text);
  }
}

/**
 * Join the room `roomId` through `relays` (ws:// or wss:// URLs), sealed with `password`; resolves
 * at once to the Link (the peer comes later: onPeer). `onText`, `onPeer`, `onGone` may be given
 * here or set on the Link; `refreshMs`: see REFRESH_MS.
 */
export async function join({ appId = APP_ID, roomId, password, relays, onText = null, onPeer = null, onGone = null,
                             refreshMs = REFRESH_MS }) {
  if (!roomId || !password) throw new Error("tavli online: a room and a key are needed");
  const urls = Array.from(relays ?? []);
  if (!urls.length) throw new Error("tavli online: no relay given");
  const link = new Link(() => joinRoom({ appId, password, relayConfig: { urls } }, roomId), refreshMs);
  link.onGone = onGone;
  link.onText = onText;
  link.onPeer = onPeer;
  return link;
}
