// The generic table shell: the socket (versions, catch-up, reconnect), 2, 3 or 4 seats around the felt, the turn
// arrow and "!", the turn clocks from the server's deadlines, the one dialog, notices, the last trick, the score
// sheet, sound and leave. A game adds one module (static/js/games/<game>.js) that draws the middle, the hand, its
// seat extras, its questions and its score rows from the frame: the contract is in docs/decisions-tables.md
// "Game modules". Everything is drawn with the view library (static/js/view.js) from the state below.
import { html, render } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { positionOf, seatName } from "./frame.js";
import { DRAG_TYPE } from "./components/hand.js";
import { Trick } from "./components/cards.js";
import { SeatBox } from "./components/seat.js";
import { Dialog } from "./components/dialog.js";
import { ScoreSheet } from "./components/score-sheet.js";
import { MatchSheet, placesOf } from "./components/match-sheet.js";
import { SheetDialog } from "./components/sheet-dialog.js";
import { Popover } from "./components/popover.js";
import { openPlayerCard } from "./player-card.js";
import { stakeLine, worstCaseLine } from "../stakes.js";
import { TableKeys } from "./keyboard.js";
import { Announcer } from "./announcer.js";
import { Connection, RETRY_AFTER_SECONDS } from "./connection.js";
import { TrickHold } from "./trick-hold.js";
import { mixIn } from "./mix-in.js";
import { guardLeave } from "./leave.js";
import { Suggestion } from "./suggestion.js";

// Why the ledger stood this player up before a deal (the `stood_up` notice's reason, ledger.errors.NotEligible).
const STOOD_UP_TEXT = {
  insufficient_funds: () => t("Your wallet cannot cover the worst case of the next deal: you were stood up and a bot plays your seat."),
  loss_limit: () => t("The next deal would go past your loss limit: you were stood up and a bot plays your seat."),
  self_excluded: () => t("You are self-excluded from stakes tables: you were stood up and a bot plays your seat."),
  email_unverified: () => t("Verify your e-mail address to play for money: you were stood up and a bot plays your seat."),
};

const ERROR_TEXT = {
  stale_version: () => t("The table moved on; showing the latest state."),
  not_your_turn: () => t("It is not your turn."),
  read_only: () => t("This seat is played from another window."),
  rate_limited: () => t("Too many clicks; slow down."),
  bad_frame: () => t("The server could not read that message."),
  bad_action: () => t("That action is not understood."),
  not_seated: () => t("You are watching this table."),
  no_next_deal: () => t("There is no deal to start now."),
  suggestions_off: () => t("This table gives no suggested moves."),
  no_round: () => t("No deal is being played now."),
};

export class Shell {
  constructor(root) {
    this.root = root;
    this.tableId = Number(root.dataset.table);
    this.mySeat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
    this.pending = null;  // "version:action" of this seat's last action, until the table answers
    this.sent = null;  // {id, version, action} of this seat's last action
    this.resend = null;  // that action, refused as stale, to send again (resendIfLegal)
    this.sound = root.dataset.sound === "1";
    this.version = 0;
    this.frame = null;
    this.retry = 0;
    this.readOnly = false;
    this.t = t;
    this.interpolate = interpolate;
    // What the shell shows beyond the frame: the notice, the last trick instead of the middle, a card dragged over
    // the middle, and the key of the question answered last (hidden until the table moves or refuses the answer).
    // held: the trick just finished, kept on the felt with its winner until it is gathered ({plays, winner,
    // gathering}); lastKey names the last trick of the previous frame (undefined before the first), so a new one is seen once.
    this.ui = { notice: null, showLast: false, dropTarget: false, answered: null, round: null, held: null, lastKey: undefined,
      sheetClosed: null, matchOpen: false };  // the round whose score sheet was closed; the match sheet is open
    this.mount = root.querySelector("#table-view");
    this.el = { countdown: root.querySelector("#countdown"), hash: root.querySelector("#deck-hash"),
      lastTrick: root.querySelector("#last-trick-button"), matchLength: root.querySelector("#match-length") };
    this.keys = new TableKeys(this);  // keyboard play (static/js/table/keyboard.js)
    this.announcer = new Announcer(this);  // the aria-live line (static/js/table/announcer.js)
    this.suggestion = new Suggestion(this);  // "Suggest a move" (static/js/table/suggestion.js)
    this.el.lastTrick.addEventListener("click", () => { this.ui.showLast = !this.ui.showLast; this.render(); });
    this.el.sit = root.querySelector("#sit-button");
    this.el.sitRefusal = root.querySelector("#sit-refusal");
    this.rangeRefusal = null;  // why the table's rating range keeps this spectator from sitting (the server's text)
    this.el.sit?.addEventListener("click", () => this.send({ type: "sit" }));
    const soundButton = root.querySelector("#sound-button");
    soundButton.setAttribute("aria-pressed", String(this.sound));
    soundButton.addEventListener("click", () => {
      this.sound = !this.sound;
      soundButton.setAttribute("aria-pressed", String(this.sound));
      if (this.sound) this.playSound("card");  // one hears at once what "on" means
      const csrf = root.querySelector("input[name=csrfmiddlewaretoken]")?.value || "";
      fetch(root.dataset.soundUrl, { method: "POST", headers: { "X-CSRFToken": csrf },
        body: new URLSearchParams({ on: this.sound ? "1" : "0" }) });
    });
    setInterval(() => this.tick(), 250);
  }

  async start() {
    const module = await import(this.root.dataset.module);
    this.labels = module;  // the module's exported labels name its calls in sentences (static/js/replay/sentences.js)
    this.game = module.createGame(this);
    this.el.lastTrick.hidden = !this.game.lastTrick;
    this.render();
    this.connect();
  }

  onFrame(frame) {
    if (frame.type === "state") {
      if (this.lost) this.showNotice(t("Connected again."), "info");
      this.lost = false;
      if (frame.version < this.version) return;
      this.version = frame.version;
      this.frame = frame;
      this.readOnly = frame.read_only;
      this.takeSeat(frame.table.you ?? null);
      this.showSit(frame.table);
      const round = frame.table.round?.number ?? null;
      if (round !== this.ui.round) {
        if (this.ui.held) this.releaseTrick();  // a new deal clears the felt
        Object.assign(this.ui, { round, showLast: false, wonSeat: null });  // a new deal has won nothing yet
      }
      this.holdFinishedTrick(frame);
      if (this.game) this.announcer.frame(frame);
      this.render();
      this.resendIfLegal();
    } else if (frame.type === "suggestion") {
      this.suggestion.received(frame);
    } else if (frame.type === "error") {
      // a Play racing the user's other window: this one is that seat's read-only window already (or about to be)
      if (frame.code === "seated" && this.mySeat !== null) return;
      this.pending = null;
      this.suggestion.refused();
      if (frame.code === "stale_version" && this.game?.resendsWhenStale?.(this.sent?.action)) {
        // an answer to an action this seat has already replaced with a newer one says nothing about that one
        if (frame.id !== this.sent.id) return;
        this.resend = this.sent;  // another seat's simultaneous move came first: send it again, not ask again
        this.resendIfLegal();
        return;
      }
      this.ui.answered = null;  // the answer was refused: ask again
      if (frame.code === "out_of_range") {  // the range refused a Play: say why where Play was, not Play again
        this.rangeRefusal = frame.message;
        if (this.frame) this.showSit(this.frame.table);
      }
      // a game may say why its own action lost a race (Rummy's knock against the draw) before the shell's text
      const own = this.game?.refusedText?.(frame.code);
      this.showNotice(own || (ERROR_TEXT[frame.code] || (() => this.game?.errorText?.(frame.code) || frame.message))(), "error");
    } else if (frame.type === "range_refusal") {  // this spectator's own, before its first state
      this.rangeRefusal = frame.message;
      if (this.frame) this.showSit(this.frame.table);
    } else if (frame.type === "refused") {  // before a 4429 close: how long to wait before knocking again
      this.retryAfter = Number(frame.retry_after) || RETRY_AFTER_SECONDS;
    } else if (frame.type === "chat") {
      if (this.chatSeen) this.playSound("chat");  // the first chat frame is the backlog of the opened page
      this.chatSeen = true;
    } else if (frame.type === "notice" && frame.code === "stood_up") {
      this.takeSeat(null);  // this socket gets the public view from now on
      this.showNotice((STOOD_UP_TEXT[frame.reason] || STOOD_UP_TEXT.insufficient_funds)(), "error", true);
    } else if (frame.type === "notice" && frame.code === "kicked") {
      this.removed = true;  // the 4403 close that follows goes to the lobby once the notice (static/js/table/panel.js) is read
    } else if (frame.type === "notice" && frame.code === "seat_requested") {
      this.showNotice(t("Your request to play waits for the host."), "info", true);
    } else if (frame.type === "notice" && frame.code === "taken_over") {
      this.readOnly = true;
      this.showNotice(t("This seat is now played from another window; this one only watches."), "warning", true);
    }
    document.dispatchEvent(new CustomEvent("kibitz:frame", { detail: frame }));  // the social panel listens
  }

  // The seat this socket plays, from the frame (`table.you`): it changes when a person comes back to a seat a bot
  // held while they were away (the page was drawn without it), or is stood up. Leave or Lobby follows it.
  takeSeat(seat) {
    if (seat === this.mySeat) return;
    this.mySeat = seat;
    this.root.querySelector("#leave-form")?.toggleAttribute("hidden", seat === null);
    this.root.querySelector("#back-to-lobby")?.toggleAttribute("hidden", seat !== null);
  }

  // A spectator may take a free seat while the table waits for players: Play sends the "sit" frame, which the server
  // checks as the lobby's Play (the access, the host's approval, a rated table's rating range); a refusal comes back
  // as an error frame, shown as a notice, and the seat taken as the next state frame's `you`. A spectator the table's
  // rating range refuses (the server's "range_refusal" frame, or an "out_of_range" refusal) sees the reason instead.
  showSit(table) {
    const free = table.status === "open" && table.seats.some((s) => s.open);
    const refused = this.mySeat === null && free && !!this.rangeRefusal;
    this.el.sit?.toggleAttribute("hidden", !(this.mySeat === null && free) || refused);
    if (this.el.sitRefusal) {
      this.el.sitRefusal.textContent = refused ? this.rangeRefusal : "";
      this.el.sitRefusal.toggleAttribute("hidden", !refused);
    }
  }

  // A window whose seat another window took over plays it again: a new socket takes the seat back (the server
  // tells the other window it only watches now).
  playHere() {
    const old = this.socket;
    this.socket = null;  // its close is not a lost connection
    old?.close();
    this.ui.notice = null;
    this.connect();
  }

  send(frame) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  // The same action twice at one version (a double click) is sent once: the server would refuse the repeat as
  // stale and the player would read "The table moved on" for their own click.
  act(action) {
    const sent = `${this.version}:${JSON.stringify(action)}`;
    if (this.pending === sent) return;
    this.pending = sent;
    const id = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).slice(0, 64);
    this.sent = { id, version: this.version, action };
    this.resend = null;  // a newer action replaces one waiting to be sent again
    this.send({ type: "act", id, version: this.version, action });
  }

  // An action refused as stale that the game lets through again (`resendsWhenStale`: a move made while other seats
  // move at once, e.g. a secret prediction): sent again once a newer frame is here, if that frame still lists it.
  resendIfLegal() {
    const refused = this.resend;
    if (!refused || !this.frame || this.version <= refused.version) return;
    this.resend = null;
    const wanted = JSON.stringify(refused.action);
    if ((this.frame.legal || []).some((a) => JSON.stringify(a) === wanted)) this.act(refused.action);
    else {
      this.ui.answered = null;
      this.showNotice(ERROR_TEXT.stale_version(), "error");
    }
  }

  nextDeal() { this.send({ type: "next", version: this.version }); }

  // Where a seat sits: me at the bottom, the next seat to play on my right (counter-clockwise, FFT).
  position(seat) { return positionOf(seat, this.mySeat, this.frame?.table.seats.length || 4); }

  seatName(seat) { return seatName(this.frame, seat); }

  myTurn() {
    const view = this.frame?.view;
    return this.mySeat !== null && !!view && this.dueSeats(this.frame).includes(this.mySeat) && !this.readOnly;
  }

  // The seats whose move is due: the view's `to_act`, unless the game names fewer (`dueSeats`: Rummy leaves out
  // the seats that may only knock, which get no turn mark, sound or focus).
  dueSeats(frame) {
    const view = frame?.view;
    if (!view) return [];
    return this.game?.dueSeats?.(frame) || view.to_act || [];
  }

  // Draw the page again from the frame and the shell's and the game's state; a game calls it after a change of
  // its own (a card picked, a dialog opened).
  render() {
    if (!this.game) return;
    const frame = this.frame;
    if (frame) {
      const round = frame.table.round;
      // the game's match length in the bar ("Deal 2 of 4", shown on a phone too), else "Deal n" before the hash
      // (the bar's "#n" is the table's number)
      const length = (round && frame.view && this.game.matchLength?.(frame)) || "";
      if (this.el.matchLength) this.el.matchLength.textContent = length;
      const deal = length && this.el.matchLength ? "" : `${interpolate(t("Deal %(number)s"), { number: round?.number })} · `;
      if (this.el.hash) {  // the replay viewer (static/js/replay.js) has no bar of its own
        this.el.hash.textContent = round ? `${deal}${round.deck_hash.slice(0, 12)}…` : "";
        this.el.hash.dataset.full = round?.deck_hash || "";
      }
      const turnNow = this.myTurn();
      if (turnNow && !this.wasMyTurn) this.playSound("turn");
      this.wasMyTurn = turnNow;
      this.root.classList.toggle("my-turn", turnNow);
    }
    render(this.view(frame), this.mount);
    this.suggestion.mark(this.mount);
    this.keys.afterRender();
    this.tick();
  }

  view(frame) {
    const notice = this.ui.notice;
    const game = this.game;
    const playing = !!frame?.view;
    const question = playing ? game.question?.(frame) : null;
    return html`
      <div class=${`notice ${notice?.kind || ""}`} id="notice" hidden=${!notice}>${notice?.text}</div>
      ${this.stakes(frame)}
      ${this.suggestion.badge(frame)}
      <div class="felt" id="felt" data-seats=${frame?.table.seats.length || 4}>
        ${frame ? frame.table.seats.map((seat) => this.seatBox(frame, seat)) : null}
        <div class=${this.ui.dropTarget ? "center drop-target" : "center"} id="center"
          onDragOver=${(e) => this.dragOver(e)} onDragLeave=${() => this.setDropTarget(false)} onDrop=${(e) => this.drop(e)}>
          ${playing ? this.middle(frame) : frame ? html`<p class="waiting">${t("Waiting for players…")}</p>` : null}
        </div>
      </div>
      <div class="game-info" id="game-info">${playing ? game.info?.(frame) : null}</div>
      ${playing ? this.suggestion.line(frame) : null}
      <div class="hand" id="hand" role="group" aria-label=${this.mount.dataset.handLabel}>${playing ? game.hand(frame) : null}</div>
      <div class="actions" id="actions">${this.readOnly && this.mySeat !== null ? html`<p class="hint" id="read-only-note">
        ${t("This seat is now played from another window; this one only watches.")}</p><button type="button" class="primary"
        id="play-here-button" onClick=${() => this.playHere()}>${t("Play from this window")}</button>` : null}${playing ? game.actions?.(frame) : null}${playing ? this.suggestion.bar(frame) : null}${frame ? this.sheetButtons(frame) : null}</div>
      ${playing && !this.ui.matchOpen ? this.scoreSheet(frame) : null}
      ${frame && this.ui.matchOpen ? this.matchSheet(frame) : null}
      ${playing ? this.wonCardsDialog(frame) : null}
      <${Dialog} question=${question && question.key !== this.ui.answered ? question : null}
        onAnswer=${(q, value) => this.answer(q, value)}/>`;
  }

  // A stakes table's money before anyone sits and during play: stake, limit and the worst case per settlement unit
  // (the frame's `table.money_terms`, computed by the server).
  stakes(frame) {
    const terms = frame?.table.money_terms;
    if (!terms) return null;
    return html`<p class="table-stakes" id="table-stakes">${worstCaseLine(terms)} · ${stakeLine(terms)}</p>`;
  }

  seatBox(frame, seat) {
    const { view, table } = frame;
    const toAct = this.dueSeats(frame).includes(seat.number);
    const mine = seat.number === this.mySeat;
    const scores = (view && this.game?.seatScores?.(frame)) || view?.scores || table.standings?.scores || [];
    const clocks = table.round?.status === "playing" && view?.phase !== "done" ? table.round.deadlines || {} : {};
    return html`<${SeatBox} key=${seat.number} seat=${seat} pos=${this.position(seat.number)} name=${seat.name || ""}
      score=${scores[seat.number] ?? 0} toAct=${toAct} mine=${mine} yourTurn=${mine && toAct && !this.readOnly}
      dealer=${(view?.dealer ?? table.round?.dealer) === seat.number} forehand=${view?.forehand === seat.number}
      deadline=${clocks[String(seat.number)] || null} extra=${view ? this.game.seat?.(frame, seat.number) : null}
      mark=${view ? this.game.seatMark?.(frame, seat.number) : null}
      onName=${() => this.openCard(seat.number)} won=${this.wonCardsOf(frame, seat.number) ? { open: this.ui.wonSeat === seat.number } : null}
      onWon=${() => this.toggleWonCards(seat.number)}/>`;
  }

  // The player card of the person (or bot) in `seat` (static/js/table/player-card.js); Escape gives the focus
  // back to the seat's name.
  openCard(seat) {
    openPlayerCard(this.tableId, { seat }, `.seat-box[data-seat="${seat}"] .seat-name-button`);
  }

  // The won cards the game's rules let this viewer see of `seat` now (the game's `wonCards`, docs/decisions-tables.md
  // "Game modules"): [{label, plays, winner}] with at least one group, or null.
  wonCardsOf(frame, seat) {
    if (!frame?.view || !this.game.wonCards) return null;
    const groups = this.game.wonCards(frame, seat);
    return groups?.length ? groups : null;
  }

  toggleWonCards(seat) {
    const open = this.ui.wonSeat === seat;
    this.setUi({ wonSeat: open ? null : seat });
    if (!open) this.mount.querySelector("#won-cards-dialog .popover-close")?.focus();
  }

  closeWonCards() {
    const seat = this.ui.wonSeat;
    if (seat === null || seat === undefined) return;
    this.setUi({ wonSeat: null });
    (this.mount.querySelector(`.won-cards-button[data-seat="${seat}"]`)  // gone when the seat has no won cards now
      || this.mount.querySelector(`.seat-box[data-seat="${seat}"] .seat-name-button`))?.focus();
  }

  // The dialog of one seat's won cards, opened from the seat's "Won cards": each group (a trick) with who played
  // which card and the trick's winner marked; it stays open while the table moves and shows what is allowed now.
  wonCardsDialog(frame) {
    const seat = this.ui.wonSeat;
    if (seat === null || seat === undefined) return null;
    const groups = this.wonCardsOf(frame, seat) || [];
    const Card = this.game.Card;
    return html`<${Popover} id="won-cards-dialog" title=${interpolate(t("Won cards of %(name)s"), { name: this.seatName(seat) })}
      onClose=${() => this.closeWonCards()}>
      ${groups.length ? groups.map((group, i) => html`<section class="won-group" key=${`${i}:${group.label}`}>
        <h3>${group.label}</h3>
        <ul class="won-plays">${group.plays.map((p) => html`<li key=${p.seat} data-seat=${p.seat} data-card=${p.card}
          class=${p.seat === group.winner ? "won-play winner" : "won-play"}><span class="won-card"><${Card} code=${p.card}/></span>
          <small>${this.seatName(p.seat)}</small></li>`)}</ul></section>`)
        : html`<p class="hint">${t("None of this seat's won cards may be shown now.")}</p>`}
    <//>`;
  }

  // The middle of the felt: the game's (trick, piles, melds), the trick just finished while it is held, or the
  // last trick while "Last trick" is pressed.
  middle(frame) {
    const held = this.ui.held;
    if (held && !this.ui.showLast) {
      const winner = held.winner;
      return html`<div class=${held.gathering ? `finished-trick gathering to-${this.position(winner)}` : "finished-trick"}
        id="finished-trick" data-winner=${winner ?? ""}>
        ${winner !== null ? this.winnerMark(winner) : null}
        <${Trick} plays=${held.plays} Card=${this.game.Card} position=${(seat) => this.position(seat)} winner=${winner}/></div>`;
    }
    const last = this.ui.showLast ? this.game.lastTrick?.(frame) : null;
    if (!last) return this.game.middle(frame);
    return html`<p class="last-label">${t("Last trick")}</p>
      <${Trick} plays=${last} Card=${this.game.Card} position=${(seat) => this.position(seat)}/>`;
  }

  // "<name> wins the trick" over the finished trick, on one line: the name is cut short (…) before the words are,
  // whatever their order in the page's language; the whole line is the mark's title.
  winnerMark(winner) {
    const name = this.seatName(winner);
    const line = t("%(name)s wins the trick");
    const [before, after = ""] = line.includes("%(name)s") ? line.split("%(name)s", 2) : [`${line} `];
    return html`<p class="trick-winner" title=${interpolate(line, { name })}>${before}<span class="trick-winner-name">${name}</span>${after}</p>`;
  }

  // The finished deal's score sheet, as a dialog over the table until it is closed (reopened by its button).
  scoreSheet(frame) {
    const rows = this.game.scoreRows?.(frame);
    const table = frame.table;
    if (!rows || this.ui.sheetClosed === table.round.number) return null;
    const next = table.match_over ? "over" : table.status === "open" ? "waiting" : this.mySeat === null ? "watching" : "deal";
    return html`<${SheetDialog} id="score-dialog" label=${t("Score sheet")} onClose=${() => this.setUi({ sheetClosed: table.round.number })}>
      <${ScoreSheet} rows=${rows} money=${table.round.money} name=${(seat) => this.seatName(seat)}
        historyUrl=${this.historyUrl(table.round.number)} next=${next} nextAt=${table.next_deal_at || null}
        onNext=${() => this.nextDeal()} onNewGame=${this.canStartNewGame() ? () => this.newGame() : null}/>
    <//>`;
  }

  // One sheet at a time: the match sheet hides the deal's score sheet while it is open (it comes back on closing).
  // A game whose seats score as teams names the columns (`matchColumns`), else one per seat.
  matchSheet(frame) {
    const seats = frame.table.seats;
    const columns = this.game?.matchColumns?.(frame) || seats.map((s) => ({ label: this.seatName(s.number), seat: s.number }));
    return html`<${SheetDialog} id="match-dialog" label=${t("Match sheet")} onClose=${() => this.setUi({ matchOpen: false })}>
      <${MatchSheet} rounds=${frame.table.match_rounds || []} columns=${columns}
        places=${placesOf(frame.table.standings?.ranking, seats.length)}/>
    <//>`;
  }

  // "Match sheet" at any time, "Score sheet" again once the finished deal's sheet was closed, and then "New game"
  // too when the match is over (the sheet's own button is out of sight).
  sheetButtons(frame) {
    const closed = frame.view && this.ui.sheetClosed === frame.table.round?.number && this.game.scoreRows?.(frame);
    return html`<div class="sheet-buttons">
      ${closed && this.canStartNewGame() ? html`<button type="button" class="primary" id="new-game-bar-button"
        aria-keyshortcuts="N" onClick=${() => this.newGame()}>${t("New game")}</button>` : null}
      ${closed ? html`<button type="button" id="score-sheet-button" onClick=${() => this.setUi({ sheetClosed: null })}>${t("Score sheet")}</button>` : null}
      <button type="button" id="match-sheet-button" aria-expanded=${String(this.ui.matchOpen)}
        onClick=${() => this.setUi({ matchOpen: !this.ui.matchOpen })}>${t("Match sheet")}</button>
    </div>`;
  }

  // Key N (the French Tarot seed page): the next deal while the finished deal's sheet offers it, a new game once
  // the match is over; returns whether it did either.
  nextOrNewGame() {
    const frame = this.frame;
    if (this.mySeat === null || this.readOnly || !frame?.view || !this.game.scoreRows?.(frame)) return false;
    if (this.canStartNewGame()) { this.newGame(); return true; }
    if (frame.table.match_over || frame.table.status === "open") return false;
    this.nextDeal();
    return true;
  }

  canStartNewGame() { return this.mySeat !== null && !!this.frame?.table.match_over && !!this.root.dataset.rematchUrl; }

  // "New game" after the match: the server opens a table with the same terms and seats this player there
  // (games.services.rematch); a plain form post, so the page follows its redirect.
  newGame() {
    if (this.leavingForNewGame) return;
    this.leavingForNewGame = true;
    const form = document.createElement("form");
    form.method = "post";
    form.action = this.root.dataset.rematchUrl;
    form.hidden = true;
    const csrf = document.createElement("input");
    csrf.type = "hidden";
    csrf.name = "csrfmiddlewaretoken";
    csrf.value = this.root.querySelector("input[name=csrfmiddlewaretoken]")?.value || "";
    form.append(csrf);
    document.body.append(form);
    form.submit();
  }

  setUi(changes) {
    Object.assign(this.ui, changes);
    this.render();
  }

  // A card dragged from the hand onto the middle: the game says whether it takes one now, and what a drop does.
  dragOver(event) {
    if (!this.game.canDrop?.(this.frame)) return;
    event.preventDefault();
    this.setDropTarget(true);
  }

  drop(event) {
    event.preventDefault();
    this.setDropTarget(false);
    const card = event.dataTransfer.getData(DRAG_TYPE);
    if (card && this.game.canDrop?.(this.frame)) this.game.drop(this.frame, card);
  }

  setDropTarget(on) {
    if (this.ui.dropTarget === on) return;
    this.ui.dropTarget = on;
    this.render();
  }

  answer(question, value) {
    this.ui.answered = question.key;
    this.render();
    question.answer(value);
  }

  // The bar's countdown (the next deadline of the round) and each seat's own turn clock, every 250 ms.
  tick() {
    const deadline = this.frame?.table.round?.deadline;
    if (!deadline || this.frame.view?.phase === "done") {
      this.el.countdown.textContent = "";
    } else {
      const left = secondsLeft(deadline);
      this.el.countdown.textContent = `${left}s`;
      this.el.countdown.classList.toggle("urgent", left <= 5);
    }
    for (const clock of this.mount.querySelectorAll("[data-deadline]")) {  // seats' turn clocks, the next deal's
      const left = secondsLeft(clock.dataset.deadline);
      clock.textContent = `${left}s`;
      clock.classList.toggle("urgent", left <= 5);
    }
  }

  showNotice(text, kind = "info", sticky = false) {
    this.ui.notice = { text, kind };
    clearTimeout(this.noticeTimer);
    if (!sticky) this.noticeTimer = setTimeout(() => { this.ui.notice = null; this.render(); }, 3500);
    this.render();
  }

  historyUrl(round) { return this.root.dataset.historyUrl.replace(/\/0\/$/, `/${round}/`); }

  // The site's sounds (static/sounds/, made by make_sounds.py there): "turn", "card", "trick", "chat".
  playSound(name) {
    if (!this.sound) return;
    // each file's URL comes from the page ({% static %}, so hashed names work); a bare page uses the folder
    const url = this.root.dataset[`sound${name[0].toUpperCase()}${name.slice(1)}`] || `/static/sounds/${name}.wav`;
    const audio = (this.sounds ||= {})[name] || (this.sounds[name] = new Audio(url));
    audio.currentTime = 0;
    audio.play()?.catch(() => { /* no sound before the page was touched, or none at all: sound is optional */ });
  }
}

function secondsLeft(iso) {
  return Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000));
}

mixIn(Shell, Connection, TrickHold);

const root = document.getElementById("table-root");
if (root) {
  window.kibitzShell = new Shell(root);
  window.kibitzShell.start();
  guardLeave(window.kibitzShell);
}
