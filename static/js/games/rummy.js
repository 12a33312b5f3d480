// Rummy (Rommé, docs/rules/rummy.md) on the table shell (the game-module contract: docs/decisions-tables.md "Game
// modules"; the table as the StarGames page describes it, docs/decisions-rummy.md "Table"): the stock and the open
// pile top left of the middle, the melds with who laid them, the hand that the player arranges by drag at any time
// (kept per table and deal in localStorage), the cards the hints can lay outlined blue, "Lay down" (never a joker),
// lay-offs and joker swaps by drag onto a meld (a blue arrow where the card would go), new melds by drag onto the
// table, discards by the pile, jokers by drag only (mouse, finger or pen) or the keyboard's pick and Enter,
// "Klopfen" in the window of §5.8, and the counting of §6 with the red X and "Leave game" of §8.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { RummyCard, CardBack, JOKER, cardIndex } from "../cards/rummy.js";
import { refusalOf } from "../table/frame.js";
import { rowPlace } from "../table/components/hand.js";
import { MiniCards } from "../table/components/cards.js";
import { arrange, keyed, storedOrder, storeOrder } from "../table/hand-order.js";
import { handArranging } from "./rummy/arranging.js";
import { cardDragging } from "./rummy/dragging.js";
import { meldLaying } from "./rummy/laying.js";
import { meldPlay, handCode, meldDensity, JOKER_BY_DRAG } from "./rummy/melds.js";
import { knocking } from "./rummy/kloppen.js";
import { counting } from "./rummy/counting.js";

export function createGame(shell) {
  return new Rummy(shell);
}

class Rummy {
  constructor(shell) {
    this.shell = shell;
    this.Card = RummyCard;
    this.order = [];  // the hand as the player arranged it: codes, a code twice when both copies are held
    this.selected = new Set();  // keys ("code:n") of the picked hand cards
    this.round = null;
    this.handKey = "";  // the hand's multiset at the last redraw: a change clears the picks
    this.dragging = null;  // {key, code, keys} of the hand card being dragged (with the picked ones it carries)
    this.target = null;  // what a drop would do where the drag is now (dragging.js `dropAt`): the blue arrow, outlines
    this.knock = null;  // {seat, card, round} of the last knock, shown on that seat while its turn runs
    this.lastCurrent = null;
  }

  errorText(code) {
    return {
      already_drawn: t("You have drawn already."), must_draw_first: t("Draw a card first."),
      not_opened: t("Open with at least the opening minimum first."), not_in_hand: t("That card is not in your hand."),
      invalid_meld: t("These cards do not form a set or a run."), joker_majority: t("A meld may not hold more jokers than natural cards."),
      too_many_jokers: t("A meld may hold one joker only."), joker_ambiguous: t("Say which card the joker stands for."),
      opening_below_minimum: t("Your first melds must be worth at least the opening minimum."), no_such_meld: t("There is no such meld."),
      swap_card_mismatch: t("The joker does not stand for that card."),
      cannot_discard_taken_card: t("You may not discard the card you took from the pile."),
      must_open_with_taken_card: t("Open with the card taken from the pile."), kloppen_off: t("This table plays without knocking."),
      cannot_knock: t("You cannot knock now."), wrong_phase: t("Not now."),
    }[code];
  }

  // A new deal starts from the order kept for it (a reload during the deal keeps the arrangement); a changed hand
  // forgets the picks.
  sync(frame) {
    const round = frame.table.round?.number ?? null;
    if (round !== this.round) {
      this.round = round;
      this.order = storedOrder(frame.table.id, round);
      this.selected.clear();
      this.knock = null;
    }
    const hand = frame.view.hand || [];
    const key = [...hand].sort().join(",");
    if (key !== this.handKey) {
      this.handKey = key;
      this.selected.clear();
    }
    const arranged = arrange(this.order, hand);
    if (arranged.join(",") !== this.order.join(",")) {
      this.order = arranged;
      storeOrder(frame.table.id, round, arranged);
    }
    this.noteKnock(frame);
    if (this.raceLost && frame.version > this.raceLost.version) {
      const text = this.raceText(frame, this.raceLost);
      this.raceLost = null;
      if (text) setTimeout(() => this.shell.showNotice(text, "error"), 0);
    }
  }

  // Every action goes through here: the last one sent is remembered, so a refusal can say why it lost a race.
  send(action) {
    this.sent = { action, version: this.shell.version, round: this.round };
    this.shell.act(action);
  }

  // Only the current seat's move is due; a seat that may knock has an optional call, not a turn (rules §5.8).
  dueSeats(frame) { return frame.view.phase === "play" ? [frame.view.current] : []; }

  mine(frame) { return this.shell.mySeat !== null && frame.view.current === this.shell.mySeat && !this.shell.readOnly; }

  step(frame) { return this.mine(frame) && frame.view.phase === "play" ? frame.view.step : null; }

  // The hand with each card's key, in the player's order.
  cards(frame) { return keyed(arrange(this.order, frame.view.hand || [])); }

  pickedCodes(frame) { return this.cards(frame).filter((c) => this.selected.has(c.key)).map((c) => c.code); }

  // The hint's melds that may be laid now ({groups, values, total, opens}), or null.
  melds(frame) { return frame.hints?.melds || null; }

  // Codes of the hand the hints can lay (outlined blue), as a count per code.
  meldable(frame) {
    const counts = {};
    for (const group of this.melds(frame)?.groups || []) for (const e of group) counts[handCode(e)] = (counts[handCode(e)] || 0) + 1;
    return counts;
  }

  hand(frame) {
    this.sync(frame);
    const view = frame.view;
    const cards = this.cards(frame);
    const main = this.step(frame) === "main";
    const blue = { ...this.meldable(frame) };
    const count = String(cards.length);
    const done = view.phase === "done";
    const me = this.shell.mySeat;
    const penalty = done && me !== null ? view.result?.penalties?.[me] : null;
    const won = done && view.result?.winner === me;
    return html`${done && penalty !== null && penalty !== undefined ? html`<p class=${won ? "hand-penalty went-out" : "hand-penalty"}
      id="my-penalty">${interpolate(t("%(points)s penalty points"), { points: penalty })}</p>` : null}
      ${cards.map(({ code, key }, i) => {
        const outlined = blue[code] > 0;
        if (outlined) blue[code] -= 1;
        const picked = this.selected.has(key);
        const classes = ["card", main ? "legal" : "", outlined && main ? "meldable" : "", picked ? "selected" : "",
          this.dragging?.key === key ? "dragging" : ""].filter(Boolean).join(" ");
        return html`<button type="button" key=${key} class=${classes} data-card=${code} data-key=${key}
          style=${{ "--i": String(i), "--count": count, ...rowPlace(i, cards.length) }}
          aria-pressed=${main ? String(picked) : undefined}
          onClick=${(e) => this.clickCard(code, key, e)}
          onPointerDown=${(e) => this.pressCard(e, code, key)}><${RummyCard} code=${code}/></button>`;
      })}`;
  }

  clickCard(code, key, event) {
    const frame = this.shell.frame;
    if (this.step(frame) !== "main") {
      if (this.step(frame) === "draw") this.shell.showNotice(t("Draw from the stock or the pile first."), "info");
      return;
    }
    if (this.selected.has(key)) this.selected.delete(key);
    else this.selected.add(key);
    if (code === JOKER && event.detail > 0 && this.selected.has(key)) this.shell.showNotice(JOKER_BY_DRAG(), "info");
    this.shell.render();
  }

  canDrop() { return false; }  // the middle takes drops on its pile and melds only

  // Enter in the hand at the main step (the keyboard's drag): one picked card is discarded, several are laid down
  // with their jokers; nothing picked is "Lay down".
  confirm(frame) {
    if (this.step(frame) !== "main") return;
    const picked = this.pickedCodes(frame);
    if (picked.length === 1) this.discard(frame, picked[0]);
    else if (picked.length) this.layDownCards(frame, picked);
    else this.layDown(frame);
  }

  discard(frame, code) {
    if (this.step(frame) !== "main") return;
    const reason = refusalOf(frame, "discard", code);
    if (reason) { this.shell.showNotice(this.errorText(reason) || t("You may not discard that card now."), "error"); return; }
    this.send({ discard: code });
  }

  // `pointer`: pressed by a click or a tap, which never lays a joker (an opening with the pile card that needs one
  // is dragged onto the table, dragging.js).
  draw(frame, source, pointer = false) {
    if (this.step(frame) !== "draw") return;
    const ready = source === "discard" ? frame.hints?.open_with_pile : null;  // rules §5.7: open with it at once
    if (ready?.length && pointer && ready.some((group) => group.some((e) => handCode(e) === JOKER))) {
      this.shell.showNotice(t("This opening needs a joker: drag the joker onto the table to take the pile card with it."), "info");
      return;
    }
    if (ready?.length) { this.send({ draw: source, meld: ready }); return; }
    const reason = refusalOf(frame, "draw", source);
    if (reason) { this.shell.showNotice(this.errorText(reason) || t("Not now."), "error"); return; }
    this.send({ draw: source });
  }

  clickPile(event) {
    const frame = this.shell.frame;
    const step = this.step(frame);
    if (step === "draw") return this.draw(frame, "discard", event.detail > 0);
    if (step !== "main") return;
    const picked = this.pickedCodes(frame);
    if (picked.length !== 1) { this.shell.showNotice(t("Pick the one card to discard, then the pile."), "info"); return; }
    if (picked[0] === JOKER && event.detail > 0) { this.shell.showNotice(JOKER_BY_DRAG(), "info"); return; }
    this.discard(frame, picked[0]);
  }

  middle(frame) {
    this.sync(frame);
    const view = frame.view;
    const step = this.step(frame);
    const pile = view.discard || [];
    const top = pile[pile.length - 1];
    const onPile = this.target?.pile;
    const onTable = this.target?.field;
    return html`<div class="rummy-middle">
      <div class="rummy-piles">
        <button type="button" class=${step === "draw" ? "rummy-stock drawable" : "rummy-stock"} id="rummy-stock"
          disabled=${view.phase === "done"} onClick=${() => this.draw(this.shell.frame, "stock")}>
          <span class="visually-hidden">${t("Stock")}: </span>
          <span class="pile-card" aria-hidden="true"><${CardBack}/></span><span class="pile-count">${view.stock_size}</span></button>
        <button type="button" class=${["rummy-pile", step === "draw" ? "drawable" : "", onPile ? "drop-here" : ""].filter(Boolean).join(" ")}
          id="rummy-pile" data-card=${top || ""} disabled=${view.phase === "done"}
          onClick=${(e) => this.clickPile(e)}>
          <span class="visually-hidden">${top ? interpolate(t("Discard pile, top card %(card)s"), { card: cardIndex(top) }) : t("Discard pile")}: </span>
          ${pile.slice(-3).map((c, i, shown) => html`<span class=${i === shown.length - 1 ? "pile-card top" : "pile-card"}
            key=${pile.length - shown.length + i} aria-hidden="true"
            style=${{ "--at": String(i) }}><${RummyCard} code=${c}/></span>`)}
          ${pile.length ? null : html`<span class="pile-empty">${t("empty")}</span>`}
          <span class="pile-count">${pile.length}</span></button>
      </div>
      <div class=${["rummy-melds", meldDensity(view.melds.length), onTable ? "drop-here" : ""].filter(Boolean).join(" ")} id="rummy-melds">
        ${view.melds.length ? view.melds.map((meld, i) => this.meld(frame, meld, i))
          : html`<p class="melds-empty">${t("No melds on the table yet.")}</p>`}
      </div></div>`;
  }

  seat(frame, seat) {
    const view = frame.view;
    const size = view.hand_sizes[seat];
    const done = view.phase === "done";
    const penalty = done ? view.result?.penalties?.[seat] : null;
    const mine = seat === this.shell.mySeat;  // one's own hand and its penalty are under the felt
    const hand = done && !mine ? view.hands?.[seat] : null;
    const won = done && view.result?.winner === seat;  // went out: 0 penalty points, in the colours of a win
    return html`${size !== null && size !== undefined && !done && !mine ? html`<span class="card-count" title=${t("cards in hand")}><${CardBack}/><b>${size}</b></span>` : null}
      ${view.opened?.[seat] && !done ? html`<span class="opened-label">${t("opened")}</span>` : null}
      ${this.knock?.seat === seat ? html`<span class="knock-label">${t("knocked")}</span>` : null}
      ${penalty !== null && penalty !== undefined && !mine ? html`<span class=${won ? "seat-penalty went-out" : "seat-penalty"} data-seat=${seat}>${interpolate(t("%(points)s penalty points"), { points: penalty })}</span>` : null}
      ${hand?.length ? html`<${MiniCards} cards=${hand} Card=${RummyCard}/>` : null}`;
  }

  info(frame) {
    const view = frame.view;
    const options = view.options;
    const bits = [interpolate(t("Opening: %(points)s points"), { points: options.opening_min }),
      interpolate(t("Play to %(points)s"), { points: frame.table.options?.limit ?? options.limit })];
    if (options.kloppen) bits.push(t("with knocking"));
    if (options.hand_jolly) bits.push(t("Hand-Jolly doubles"));
    return html`<div class="rummy-terms">${bits.join(" · ")}</div>`;
  }

  // The turn's buttons: Lay down (active when the hints find what may be laid), Discard for one picked card, the
  // joker swap the picked card makes, Klopfen in the window; at the deal's end Leave game or Continue.
  actions(frame) {
    this.sync(frame);
    const view = frame.view;
    if (view.phase === "done") return this.endButtons(frame);
    const knock = this.knockButton(frame);
    const step = this.step(frame);
    if (step !== "main") return knock;
    const picked = this.pickedCodes(frame);
    const plan = this.layDownPlan(frame);
    const canLay = !!plan.groups;
    const why = plan.why || "";
    const swaps = this.swaps(frame);
    // a picked joker has no Discard button: it goes by drag, or by Enter in the hand
    return html`<div class="rummy-bar">
      <button type="button" class="primary" id="lay-down-button" disabled=${!canLay} title=${canLay ? undefined : why}
        onClick=${() => this.layDown(this.shell.frame)}>${t("Lay down")}</button>
      ${picked.length === 1 && picked[0] !== JOKER ? html`<button type="button" id="discard-button"
        onClick=${() => this.discard(this.shell.frame, picked[0])}>${t("Discard")}</button>` : null}
      ${swaps.map((s) => html`<button type="button" class="swap-button" data-meld=${s.meld} key=${s.meld}
        onClick=${() => this.swapJoker(this.shell.frame, s.meld, s.card)}>${interpolate(t("Swap the joker of meld %(number)s"), { number: s.meld + 1 })}</button>`)}
      ${canLay || !why ? null : html`<span class="hint" id="lay-down-why">${why}</span>`}
      <span class="hint">${t("Pick cards, then Lay down; drag cards onto a meld to lay them off, onto the table to lay them down, onto the pile to discard. Jokers move by drag only.")}</span>
    </div>`;
  }

}

// the hand arranged by drag or keys, the melds and their lay-offs, the knock, the end of the deal
Object.assign(Rummy.prototype, handArranging, cardDragging, meldLaying, meldPlay, knocking, counting);
