// Rummy (Rommé, docs/rules/rummy.md) on the table shell (the game-module contract: docs/decisions-tables.md "Game
// modules"; the table as the StarGames page describes it, docs/decisions-rummy.md "Table"): the stock and the open
// pile top left of the middle, the melds with who laid them, the hand that the player arranges by drag at any time
// (kept per table and deal in localStorage), the cards the hints can lay outlined blue, "Lay down", lay-offs and
// joker swaps by drag onto a meld (a blue arrow where the card would go), discards by the pile, "Klopfen" in the
// window of §5.8, and the counting of §6 with the red X and "Leave game" of §8.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { RummyCard, CardBack, JOKER, cardIndex } from "../cards/rummy.js";
import { refusalOf } from "../table/frame.js";
import { rowPlace } from "../table/components/hand.js";
import { MiniCards } from "../table/components/cards.js";
import { arrange, keyed, storedOrder, storeOrder } from "../table/hand-order.js";
import { handArranging } from "./rummy/arranging.js";
import { meldPlay, handCode, meldDensity } from "./rummy/melds.js";
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
    this.target = null;  // {meld, end, joker} of the meld the drag is over, for the blue arrow
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
    return html`${done && penalty !== null && penalty !== undefined ? html`<p class="hand-penalty" id="my-penalty">${interpolate(
      t("%(points)s penalty points"), { points: penalty })}${view.eliminated?.[me] ? html` <span class="out-mark" title=${t("out of the match")}>✗</span>` : null}</p>` : null}
      ${cards.map(({ code, key }, i) => {
        const outlined = blue[code] > 0;
        if (outlined) blue[code] -= 1;
        const picked = this.selected.has(key);
        const classes = ["card", main ? "legal" : "", outlined && main ? "meldable" : "", picked ? "selected" : "",
          this.dragging?.key === key ? "dragging" : ""].filter(Boolean).join(" ");
        return html`<button type="button" key=${key} class=${classes} data-card=${code} data-key=${key}
          style=${{ "--i": String(i), "--count": count, ...rowPlace(i, cards.length) }} draggable="true"
          aria-pressed=${main ? String(picked) : undefined}
          onClick=${(e) => this.clickCard(code, key, e)} onDragStart=${(e) => this.dragStart(e, code, key)}
          onDragEnd=${() => this.dragEnd()} onDragOver=${(e) => this.handDragOver(e)}
          onDrop=${(e) => this.handDrop(e, key)}><${RummyCard} code=${code}/></button>`;
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
    if (code === JOKER && event.detail > 0 && this.selected.has(key)) {
      this.shell.showNotice(t("Jokers move by drag: drag it onto the pile or a meld."), "info");
    }
    this.shell.render();
  }

  canDrop() { return false; }  // the middle takes drops on its pile and melds only

  // Enter in the hand at the main step: one picked card is discarded, several are laid down; nothing picked lays
  // the hinted melds.
  confirm(frame) {
    if (this.step(frame) !== "main") return;
    const picked = this.pickedCodes(frame);
    if (picked.length === 1) this.discard(frame, picked[0]);
    else this.layDown(frame);
  }

  // "Lay down": the picked cards as the hinted melds they make up, else as one meld; nothing picked: every hinted
  // meld (the opening the hints found).
  layDown(frame) {
    const picked = this.pickedCodes(frame);
    const groups = this.melds(frame)?.groups || [];
    if (!picked.length) {
      if (groups.length) this.send({ meld: groups });
      return;
    }
    const left = {};
    for (const c of picked) left[c] = (left[c] || 0) + 1;
    const chosen = [];
    for (const group of groups) {
      const need = {};
      for (const e of group) need[handCode(e)] = (need[handCode(e)] || 0) + 1;
      if (Object.entries(need).every(([c, n]) => (left[c] || 0) >= n)) {
        for (const [c, n] of Object.entries(need)) left[c] -= n;
        chosen.push(group);
      }
    }
    const covered = Object.values(left).every((n) => n === 0);
    this.send({ meld: covered && chosen.length ? chosen : [picked] });
  }

  discard(frame, code) {
    if (this.step(frame) !== "main") return;
    const reason = refusalOf(frame, "discard", code);
    if (reason) { this.shell.showNotice(this.errorText(reason) || t("You may not discard that card now."), "error"); return; }
    this.send({ discard: code });
  }

  draw(frame, source) {
    if (this.step(frame) !== "draw") return;
    const ready = source === "discard" ? frame.hints?.open_with_pile : null;  // rules §5.7: open with it at once
    if (ready?.length) { this.send({ draw: source, meld: ready }); return; }
    const reason = refusalOf(frame, "draw", source);
    if (reason) { this.shell.showNotice(this.errorText(reason) || t("Not now."), "error"); return; }
    this.send({ draw: source });
  }

  clickPile(event) {
    const frame = this.shell.frame;
    const step = this.step(frame);
    if (step === "draw") return this.draw(frame, "discard");
    if (step !== "main") return;
    const picked = this.pickedCodes(frame);
    if (picked.length !== 1) { this.shell.showNotice(t("Pick the one card to discard, then the pile."), "info"); return; }
    if (picked[0] === JOKER && event.detail > 0) {
      this.shell.showNotice(t("Jokers move by drag: drag it onto the pile or a meld."), "info");
      return;
    }
    this.discard(frame, picked[0]);
  }

  pileDragOver(event) {
    if (!this.dragging || this.step(this.shell.frame) !== "main" || this.dragging.cards.length !== 1) return;
    event.preventDefault();
    event.stopPropagation();
    if (this.target?.pile) return;
    this.target = { pile: true };
    this.shell.render();
  }

  pileDrop(event) {
    event.preventDefault();
    event.stopPropagation();
    const code = this.dragging?.code;
    this.dragEnd();
    if (code) this.discard(this.shell.frame, code);
  }

  middle(frame) {
    this.sync(frame);
    const view = frame.view;
    const step = this.step(frame);
    const pile = view.discard || [];
    const top = pile[pile.length - 1];
    const onPile = this.target?.pile;
    return html`<div class="rummy-middle">
      <div class="rummy-piles">
        <button type="button" class=${step === "draw" ? "rummy-stock drawable" : "rummy-stock"} id="rummy-stock"
          disabled=${view.phase === "done"} onClick=${() => this.draw(this.shell.frame, "stock")}>
          <span class="visually-hidden">${t("Stock")}: </span>
          <span class="pile-card" aria-hidden="true"><${CardBack}/></span><span class="pile-count">${view.stock_size}</span></button>
        <button type="button" class=${["rummy-pile", step === "draw" ? "drawable" : "", onPile ? "drop-here" : ""].filter(Boolean).join(" ")}
          id="rummy-pile" data-card=${top || ""} disabled=${view.phase === "done"}
          onClick=${(e) => this.clickPile(e)} onDragOver=${(e) => this.pileDragOver(e)} onDrop=${(e) => this.pileDrop(e)}
          onDragLeave=${() => { if (this.target?.pile) { this.target = null; this.shell.render(); } }}>
          <span class="visually-hidden">${top ? interpolate(t("Discard pile, top card %(card)s"), { card: cardIndex(top) }) : t("Discard pile")}: </span>
          ${pile.slice(-3).map((c, i, shown) => html`<span class=${i === shown.length - 1 ? "pile-card top" : "pile-card"}
            key=${pile.length - shown.length + i} aria-hidden="true"
            style=${{ "--at": String(i) }}><${RummyCard} code=${c}/></span>`)}
          ${pile.length ? null : html`<span class="pile-empty">${t("empty")}</span>`}
          <span class="pile-count">${pile.length}</span></button>
      </div>
      <div class=${`rummy-melds ${meldDensity(view.melds.length)}`} id="rummy-melds">
        ${view.melds.length ? view.melds.map((meld, i) => this.meld(frame, meld, i))
          : html`<p class="melds-empty">${t("No melds on the table yet.")}</p>`}
      </div></div>`;
  }

  seat(frame, seat) {
    const view = frame.view;
    const size = view.hand_sizes[seat];
    const out = view.eliminated?.[seat];
    const done = view.phase === "done";
    const penalty = done ? view.result?.penalties?.[seat] : null;
    const mine = seat === this.shell.mySeat;  // one's own hand and its penalty are under the felt
    const hand = done && !mine ? view.hands?.[seat] : null;
    return html`${out ? html`<span class="out-mark" data-seat=${seat} title=${t("out of the match")}>✗</span>` : null}
      ${size !== null && size !== undefined && !done && !mine ? html`<span class="card-count" title=${t("cards in hand")}><${CardBack}/><b>${size}</b></span>` : null}
      ${view.opened?.[seat] && !done ? html`<span class="opened-label">${t("opened")}</span>` : null}
      ${this.knock?.seat === seat ? html`<span class="knock-label">${t("knocked")}</span>` : null}
      ${penalty !== null && penalty !== undefined && !mine ? html`<span class="seat-penalty" data-seat=${seat}>${interpolate(t("%(points)s penalty points"), { points: penalty })}</span>` : null}
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
    const melds = this.melds(frame);
    const picked = this.pickedCodes(frame);
    const canLay = picked.length >= 3 || !!melds?.opens;
    const why = !melds ? t("Your hand holds no set or run yet.")
      : melds.opens ? "" : interpolate(t("Your melds are worth %(value)s; the first ones need %(minimum)s."),
        { value: melds.total, minimum: view.options.opening_min });
    const swaps = this.swaps(frame);
    return html`<div class="rummy-bar">
      <button type="button" class="primary" id="lay-down-button" disabled=${!canLay} title=${canLay ? undefined : why}
        onClick=${() => this.layDown(this.shell.frame)}>${t("Lay down")}</button>
      ${picked.length === 1 ? html`<button type="button" id="discard-button" onClick=${(e) => {
        if (picked[0] === JOKER && e.detail > 0) this.shell.showNotice(t("Jokers move by drag: drag it onto the pile or a meld."), "info");
        else this.discard(this.shell.frame, picked[0]);
      }}>${t("Discard")}</button>` : null}
      ${swaps.map((s) => html`<button type="button" class="swap-button" data-meld=${s.meld} key=${s.meld}
        onClick=${() => this.swapJoker(this.shell.frame, s.meld, s.card)}>${interpolate(t("Swap the joker of meld %(number)s"), { number: s.meld + 1 })}</button>`)}
      ${canLay || !why ? null : html`<span class="hint" id="lay-down-why">${why}</span>`}
      <span class="hint">${t("Pick cards, then Lay down; drag a card onto a meld to lay it off, onto the pile to discard.")}</span>
    </div>`;
  }

}

// the hand arranged by drag or keys, the melds and their lay-offs, the knock, the end of the deal
Object.assign(Rummy.prototype, handArranging, meldPlay, knocking, counting);
