// The table page's socket: connecting with the window id (and the version it already shows), and what the page does
// when the socket closes, by close code. Mixed into the Shell (static/js/table/shell.js), whose `this` it uses.
import { t, interpolate } from "../i18n.js";
import { windowId, restartDelay } from "../window-id.js";

// The table socket's close codes (games/consumers/registered.py).
const SERVICE_RESTART = 1012;  // the web process stops (a deploy): reconnect after 0-2 s
const SIGNED_OUT = 4401;  // not signed in, or the session logged out (another tab): the page itself sends to the log-in
const FORBIDDEN = 4403;  // the table refuses this person, or removed them
const NOT_FOUND = 4404;  // no such table (any more)
const REPLACED = 4409;  // a newer socket of this window took this one's place
const TOO_MANY_SOCKETS = 4429;  // one socket too many of this user at this table: knock again later
export const RETRY_AFTER_SECONDS = 30;  // games.realtime.sockets.RETRY_AFTER_SECONDS, unless the `refused` frame says

export class Connection {
  // watch: this window asks to keep watching (it was read-only, or was refused as one socket too many); the
  // server then leaves the seat to the user's other window, if one is open (games/consumers/table.py). Only a
  // person's action, a page load or "Play from this window", connects without it and takes the seat.
  connect(watch = false) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ w: windowId() });
    if (this.version) query.set("v", this.version);
    if (watch) query.set("watch", "1");
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}/?${query}`);
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      this.retry = 0;
      this.pending = null;  // an action lost with the old socket may be sent again
      this.root.classList.add("connected");
    });
    socket.addEventListener("message", (event) => this.onFrame(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => this.onClose(socket, event.code, opened));
  }

  // What the page does when its socket closes: reconnect (at once after a restart, with a growing backoff after a
  // lost connection, after the server's wait when refused as one socket too many) or stop and say why. A reconnect
  // keeps the window's role: a watching window, or one refused, asks to watch, so it never takes the seat from
  // the window the person plays in.
  onClose(socket, code, opened) {
    this.root.classList.remove("connected");
    if (this.socket !== socket || this.closing) return;
    if (code === FORBIDDEN || code === NOT_FOUND) {  // refused, removed or gone: do not knock again
      this.closing = true;
      this.root.classList.add("closed");
      if (!this.removed) this.leaveIfRefused();  // refused at the connect: the page, loaded again, says why
      setTimeout(() => location.assign("/"), 4000);  // removed: the notice says why, then the lobby
      return;
    }
    if (code === SIGNED_OUT) {  // the page, loaded again, asks for the log-in
      this.closing = true;
      location.assign(location.pathname);
      return;
    }
    if (code === REPLACED) {  // this window's page has another socket open: it is the one that plays
      this.closing = true;
      this.showNotice(t("This table was opened again from a copy of this tab; reload this page to play here."), "warning", true);
      return;
    }
    if (code === TOO_MANY_SOCKETS) {  // wait for another window to close (or a dead server's places to lapse)
      const seconds = this.retryAfter || RETRY_AFTER_SECONDS;
      this.lost = true;
      this.showNotice(interpolate(t("This table is already open in too many windows of yours; close one of them. Trying again in %(seconds)s s…"),
        { seconds }), "warning", true);
      setTimeout(() => this.connect(true), seconds * 1000);
      return;
    }
    if (code === SERVICE_RESTART) {  // the server restarts: another web process takes the socket, unnoticed
      setTimeout(() => this.connect(this.readOnly), restartDelay());
      return;
    }
    const lostText = t("Connection lost; reconnecting…");
    if (this.ui.notice?.text !== lostText) this.showNotice(lostText, "warning", true);
    this.lost = true;
    this.retry = Math.min(this.retry + 1, 6);
    if (!opened) this.leaveIfRefused();
    setTimeout(() => this.connect(this.readOnly), 300 * 2 ** this.retry);
  }

  // A socket refused at its connect (4403, 4404), or at the handshake without a code the page can read (a foreign
  // origin, the server down): ask the page itself, which redirects to the lobby (with the reason) when the table no
  // longer lets this person in, or answers 404 when it is gone.
  leaveIfRefused() {
    fetch(location.pathname, { redirect: "manual", credentials: "same-origin" })
      .then((response) => { if (response.type === "opaqueredirect" || response.status === 404) location.assign(location.pathname); })
      .catch(() => { /* the server is down: keep reconnecting */ });
  }
}
