// The generic table shell: the socket (versions, catch-up, reconnect), seats around the felt, the turn arrow
// and "!", the countdown from the server's deadline, dialogs, notices, sound and leave. A game adds one module
// (static/js/games/<game>.js) exporting createGame(shell) -> {render(frame), showLastTrick(frame)}.

const gettext = (s) => (window.gettext ? window.gettext(s) : s);
const interpolate = (fmt, obj) => (window.interpolate ? window.interpolate(fmt, obj, true) : fmt.replace(/%\((\w+)\)s/g, (_, k) => obj[k]));

const ERROR_TEXT = {
  stale_version: () => gettext("The table moved on; showing the latest state."),
  not_your_turn: () => gettext("It is not your turn."),
  read_only: () => gettext("This seat is played from another window."),
  rate_limited: () => gettext("Too many clicks; slow down."),
  bad_frame: () => gettext("The server could not read that message."),
  bad_action: () => gettext("That action is not understood."),
  not_seated: () => gettext("You are watching this table."),
  no_next_deal: () => gettext("There is no deal to start now."),
};

export class Shell {
  constructor(root) {
    this.root = root;
    this.tableId = Number(root.dataset.table);
    this.mySeat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
    this.sound = root.dataset.sound === "1";
    this.version = 0;
    this.frame = null;
    this.pending = new Map();
    this.retry = 0;
    this.readOnly = false;
    this.t = gettext;
    this.interpolate = interpolate;
    this.el = {
      felt: root.querySelector("#felt"), center: root.querySelector("#center"), hand: root.querySelector("#hand"),
      actions: root.querySelector("#actions"), info: root.querySelector("#game-info"),
      countdown: root.querySelector("#countdown"), hash: root.querySelector("#deck-hash"),
      notice: root.querySelector("#notice"), dialog: root.querySelector("#dialog"),
      dialogForm: root.querySelector("#dialog-form"),
    };
    root.querySelector("#last-trick-button").addEventListener("click", () => this.game?.showLastTrick?.(this.frame));
    const soundButton = root.querySelector("#sound-button");
    soundButton.addEventListener("click", () => {
      this.sound = !this.sound;
      soundButton.setAttribute("aria-pressed", String(this.sound));
      const csrf = root.querySelector("input[name=csrfmiddlewaretoken]")?.value || "";
      fetch(root.dataset.soundUrl, { method: "POST", headers: { "X-CSRFToken": csrf },
        body: new URLSearchParams({ on: this.sound ? "1" : "0" }) });
    });
    setInterval(() => this.tick(), 250);
  }

  async start() {
    const module = await import(this.root.dataset.module);
    this.game = module.createGame(this);
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws/tables/${this.tableId}/` + (this.version ? `?v=${this.version}` : "");
    const socket = new WebSocket(url);
    this.socket = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      if (this.lost) this.showNotice(gettext("Connected again."), "info");
      this.lost = false;
      this.retry = 0;
      this.root.classList.add("connected");
    });
    socket.addEventListener("message", (event) => this.onFrame(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      this.root.classList.remove("connected");
      if (this.socket !== socket || this.closing) return;
      if (event.code === 4403) {  // refused or removed: do not knock again; the notice says why, then the lobby
        this.closing = true;
        this.root.classList.add("closed");
        setTimeout(() => location.assign("/"), 4000);
        return;
      }
      if (!this.lost) this.showNotice(gettext("Connection lost; reconnecting…"), "warning", true);
      this.lost = true;
      this.retry = Math.min(this.retry + 1, 6);
      if (!opened) this.leaveIfRefused();
      setTimeout(() => this.connect(), 300 * 2 ** this.retry);
    });
  }

  // A socket refused at the handshake closes without a code the page can read: ask the page itself, which
  // redirects to the lobby (with the reason) when the table no longer lets this person in.
  leaveIfRefused() {
    fetch(location.pathname, { redirect: "manual", credentials: "same-origin" })
      .then((response) => { if (response.type === "opaqueredirect" || response.status === 404) location.assign(location.pathname); })
      .catch(() => { /* the server is down: keep reconnecting */ });
  }

  onFrame(frame) {
    if (frame.type === "state") {
      if (frame.version < this.version) return;
      this.version = frame.version;
      this.frame = frame;
      this.readOnly = frame.read_only;
      this.render();
    } else if (frame.type === "error") {
      this.showNotice((ERROR_TEXT[frame.code] || (() => this.game?.errorText?.(frame.code) || frame.message))(), "error");
    } else if (frame.type === "notice" && frame.code === "taken_over") {
      this.readOnly = true;
      this.showNotice(gettext("This seat is now played from another window; this one only watches."), "warning", true);
    }
    document.dispatchEvent(new CustomEvent("kibitz:frame", { detail: frame }));  // the social panel listens
  }

  send(frame) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  act(action) {
    const id = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).slice(0, 64);
    this.send({ type: "act", id, version: this.version, action });
  }

  nextDeal() { this.send({ type: "next", version: this.version }); }

  // Seat positions: me at the bottom, the next seat to play on my right (counter-clockwise, FFT).
  position(seat) {
    const me = this.mySeat ?? 0;
    const n = this.frame?.table.seats.length || 4;
    return ["bottom", "right", "top", "left"][((seat - me) % n + n) % n] || "top";
  }

  myTurn() {
    const view = this.frame?.view;
    return this.mySeat !== null && !!view && (view.to_act || []).includes(this.mySeat) && !this.readOnly;
  }

  render() {
    const { table, view } = this.frame;
    this.el.hash.textContent = table.round ? `#${table.round.number} · ${table.round.deck_hash.slice(0, 12)}…` : "";
    this.el.hash.dataset.full = table.round?.deck_hash || "";
    const scores = view?.scores || table.standings?.scores || [];
    for (const box of this.el.felt.querySelectorAll(".seat-box")) box.innerHTML = "";
    for (const seat of table.seats) {
      const box = this.el.felt.querySelector(`.seat-box[data-pos="${this.position(seat.number)}"]`);
      if (!box) continue;
      const toAct = (view?.to_act || []).includes(seat.number);
      box.dataset.seat = seat.number;
      box.classList.toggle("to-act", toAct);
      const name = seat.open ? gettext("free seat") : seat.name;
      const mine = seat.number === this.mySeat;
      box.innerHTML = `<span class="seat-head">` +
        `<span class="turn-arrow" ${toAct ? "" : "hidden"}>➜</span>` +
        `<span class="seat-name">${escapeHtml(name || "")}${seat.bot ? ` <small class="bot-badge">${gettext("bot")}</small>` : ""}</span>` +
        `<span class="seat-score" title="${gettext("score")}">${scores[seat.number] ?? 0}</span>` +
        (view && view.forehand === seat.number ? `<span class="forehand-flag" title="${gettext("forehand")}">⚑</span>` : "") +
        (view && view.dealer === seat.number ? `<span class="dealer-chip" title="${gettext("dealer")}">D</span>` : "") +
        (mine && toAct && !this.readOnly ? `<span class="your-turn" title="${gettext("your turn")}">!</span>` : "") +
        `</span><span class="seat-extra"></span>`;
    }
    const turnNow = this.myTurn();
    if (turnNow && !this.wasMyTurn) this.beep();
    this.wasMyTurn = turnNow;
    this.root.classList.toggle("my-turn", turnNow);
    this.game.render(this.frame);
  }

  seatBox(seat) { return this.el.felt.querySelector(`.seat-box[data-seat="${seat}"] .seat-extra`); }

  tick() {
    const deadline = this.frame?.table.round?.deadline;
    if (!deadline || this.frame.view?.phase === "done") { this.el.countdown.textContent = ""; return; }
    const left = Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
    this.el.countdown.textContent = `${left}s`;
    this.el.countdown.classList.toggle("urgent", left <= 5);
  }

  showNotice(text, kind = "info", sticky = false) {
    const n = this.el.notice;
    n.textContent = text;
    n.className = `notice ${kind}`;
    n.hidden = false;
    clearTimeout(this.noticeTimer);
    if (!sticky) this.noticeTimer = setTimeout(() => { n.hidden = true; }, 3500);
  }

  // A modal dialog: title, optional body HTML, buttons [{label, value, primary}]; resolves with the value.
  dialog(title, bodyHtml, buttons, id = "") {
    return new Promise((resolve) => {
      const d = this.el.dialog;
      d.dataset.kind = id;
      this.el.dialogForm.innerHTML = `<h2>${escapeHtml(title)}</h2><div class="dialog-body">${bodyHtml || ""}</div>` +
        `<div class="buttons">${buttons.map((b) => `<button value="${escapeHtml(b.value)}" class="${b.primary ? "primary" : ""}" data-value="${escapeHtml(b.value)}">${escapeHtml(b.label)}</button>`).join("")}</div>`;
      const done = () => { d.removeEventListener("close", done); resolve(d.returnValue); };
      d.addEventListener("close", done);
      d.returnValue = "";
      if (!d.open) d.show();  // not modal: the chat and the table stay usable while a person decides
    });
  }

  closeDialog() { if (this.el.dialog.open) this.el.dialog.close(""); }

  historyUrl(round) { return this.root.dataset.historyUrl.replace(/\/0\/$/, `/${round}/`); }

  beep() {
    if (!this.sound) return;
    try {
      const ctx = this.audio || (this.audio = new AudioContext());
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.05;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.12);
    } catch { /* audio is optional */ }
  }
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

const root = document.getElementById("table-root");
if (root) {
  window.kibitzShell = new Shell(root);
  window.kibitzShell.start();
}
