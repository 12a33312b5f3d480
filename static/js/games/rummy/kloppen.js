// Kloppen at the Rummy table (docs/rules/rummy.md §5.8; docs/decisions-rummy.md "Table"): who knocked, shown to
// everybody; the "Klopfen" button for an eligible seat in the window, or the reason it is not available; and the
// words for a knock or a draw that lost the race. Mixed into the game module (`Object.assign`), which supplies
// `shell`, `send`, `round` and `knock`.
import { html } from "../../view.js";
import { t, interpolate } from "../../i18n.js";
import { legalValues, seatName } from "../../table/frame.js";
import { cardIndex } from "../../cards/rummy.js";

export const knocking = {
  // Everybody sees who knocked (rules §5.8): the knock event of the frame, or a seat that came on turn at the main
  // step with the pile card while another seat was on turn.
  noteKnock(frame) {
    const view = frame.view;
    const knocked = (frame.events || []).filter((e) => e.action_kind === "knock").pop();
    if (knocked && this.knock?.version !== knocked.version) {
      this.knock = { seat: knocked.seat, card: view.taken, version: knocked.version };
      const text = interpolate(t("%(name)s knocked and takes %(card)s."), { name: seatName(frame, knocked.seat), card: view.taken ? cardIndex(view.taken) : "" });
      setTimeout(() => this.shell.showNotice(text, "info"), 0);  // not inside the redraw that reads the frame
    }
    if (this.knock && (view.current !== this.knock.seat || view.phase === "done")) this.knock = null;
    this.lastCurrent = view.current;
  },

  // A knock or a draw sent in the kloppen window and refused because the table moved first (rules §5.8: the first
  // valid action wins): the words say who was first, once the frame that won is here; until then, that someone was.
  refusedText(code) {
    const sent = this.sent;
    if (code !== "stale_version" && code !== "cannot_knock" && code !== "already_drawn" && code !== "not_your_turn") return null;
    if (!sent || !("knock" in sent.action || "draw" in sent.action)) return null;
    const frame = this.shell.frame;
    if (!frame?.view || frame.version <= sent.version) {
      this.raceLost = sent;
      return "knock" in sent.action ? t("Too late: another player was first, the card is gone.")
        : t("Another player knocked first: this turn passes to them.");
    }
    return this.raceText(frame, sent);
  },

  raceText(frame, sent) {
    const view = frame.view;
    const name = seatName(frame, view.current);
    if ("knock" in sent.action) {
      return view.current === this.shell.mySeat ? null : interpolate(this.knock?.seat === view.current
        ? t("Too late: %(name)s knocked first and takes the card.") : t("Too late: %(name)s drew first, the window is closed."), { name });
    }
    return interpolate(t("%(name)s knocked first: you lose this turn."), { name });
  },

  // "Klopfen" (rules §5.8) for a seated player other than the one on turn, while the window is open: active when
  // the table lists the knock for this seat, else disabled with the reason.
  knockButton(frame) {
    const view = frame.view;
    const me = this.shell.mySeat;
    if (!view.options.kloppen || me === null || view.phase !== "play" || view.step !== "draw" || view.current === me
      || view.hand_sizes.filter((n) => n !== null).length < 3 || view.hand_sizes[me] === null) return null;
    const can = legalValues(frame, "knock").has(true);
    const reason = can ? "" : this.knockReason(frame);
    if (!can && !reason) return null;
    return html`<div class="rummy-bar knock-bar">
      <button type="button" class="primary knock-button" id="knock-button" disabled=${!can} aria-describedby=${can ? undefined : "knock-why"}
        onClick=${() => this.send({ knock: true })}>${t("Klopfen")}</button>
      ${can ? html`<span class="hint">${interpolate(t("Take %(card)s and two stock cards, and play now."), { card: cardIndex(view.discard.at(-1)) })}</span>`
        : html`<span class="hint" id="knock-why">${reason}</span>`}</div>`;
  },

  // Why this seat may not knock now (null in the deal's first turn, where there is no window).
  knockReason(frame) {
    const view = frame.view;
    const me = this.shell.mySeat;
    if (this.shell.readOnly) return t("This seat is played from another window.");
    if (!view.discard.length || (view.pile_takes.length === 0 && view.discard.length === 1 && this.firstTurn(frame))) return null;
    if (this.previousSeat(frame) === me) return t("You may not knock for your own discard.");
    if (!view.opened[me] && view.options.discard_before_opening !== "always") return t("Open first: only opened players may knock here.");
    return t("Knocking is not possible now: the stock is too small.");
  },

  // Whether this is the deal's first turn: nobody has discarded yet.
  firstTurn(frame) {
    const view = frame.view;
    const dealt = view.hand_sizes.filter((n) => n !== null).length;
    return view.stock_size === 110 - 13 * dealt - 1 && view.discard.length === 1;
  },

  previousSeat(frame) {
    const sizes = frame.view.hand_sizes;
    const n = sizes.length;
    for (let k = 1; k < n; k += 1) {
      const s = (frame.view.current - k + n) % n;
      if (sizes[s] !== null) return s;
    }
    return null;
  },
};
