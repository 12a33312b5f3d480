// French Tarot on the table shell (the game-module contract: docs/decisions-tables.md "Game modules"): the hand,
// the trick, the bidding / slam / handful questions, the discard, greyed illegal cards with the reason on hover,
// click or drag to play, and the rows of the score sheet.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { TarotCard, CardBack } from "../cards/tarot.js";
import { legalValues, seatName, dealOfMatch } from "../table/frame.js";
import { Hand } from "../table/components/hand.js";
import { trickCardPlay } from "../table/trick-play.js";
import { Trick, MiniCards } from "../table/components/cards.js";
import { sheetRow as row, signed } from "../table/components/score-sheet.js";

const DISCARD_SIZE = 6;

export function createGame(shell) {
  return new FrenchTarot(shell);
}

export function bidLabel(bid) {
  return { pass: t("Pass"), petite: t("Petite"), garde: t("Garde"), garde_sans: t("Garde sans"), garde_contre: t("Garde contre") }[bid] || bid;
}

const isTrump = (card) => card[0] === "T" || card === "EX";

class FrenchTarot {
  constructor(shell) {
    this.shell = shell;
    this.Card = TarotCard;
    this.selected = new Set();  // the discard being chosen
    this.handful = null;  // the handful being chosen while its dialog is open: {cards: Set, count}
    this.handfulsOpened = 0;
    this.round = null;
  }

  errorText(code) {
    return {
      must_follow_suit: t("You must follow suit."), must_trump: t("You must play a trump."),
      must_overtrump: t("You must play a higher trump."), excuse_must_be_last: t("After announcing a slam the Excuse is played last."),
      not_in_hand: t("That card is not in your hand."), bid_too_low: t("Bid higher than the last bid."),
      discard_wrong_count: t("Discard exactly six cards."), illegal_discard_king: t("Kings may not be discarded."),
      illegal_discard_bout: t("Bouts may not be discarded."), illegal_discard_trump: t("Trumps only when you have no other choice."),
      handful_wrong_size: t("A handful has 10, 13 or 15 trumps."), handful_too_late: t("A handful is shown before your first card."),
      handful_excuse_hides_trump: t("The Excuse counts only when every trump is shown."), wrong_phase: t("Not now."),
    }[code];
  }

  // A new deal forgets what was being chosen in the last one.
  sync(frame) {
    const round = frame.table.round?.number;
    if (round === this.round) return;
    this.round = round;
    this.selected.clear();
    this.handful = null;
  }

  canPlay(frame) { return !!frame?.view && frame.view.phase === "play" && this.shell.myTurn(); }

  // The bar's match length (§8, the `match_end` option): "Deal 2 of 4", "Deal 2 · first to 500 points" or until
  // the table closes; annulled deals do not count (the round's `start`).
  matchLength(frame) {
    const number = (frame.table.round?.start?.deals_played ?? 0) + 1;
    const [kind, value] = String(frame.table.options?.match_end || "open").split(":");
    if (kind === "target") return interpolate(t("Deal %(number)s · first to %(points)s points"), { number, points: value });
    return dealOfMatch(number, kind === "deals" ? Number(value) : null);
  }

  seat(frame, seat) {
    const view = frame.view;
    const bid = [...view.bids].reverse().find((b) => b.seat === seat);
    return html`<span class="card-count" title=${t("cards in hand")}><${CardBack}/><b>${view.hand_sizes[seat]}</b></span>
      ${bid ? html`<span class="bid-label">${bidLabel(bid.bid)}</span>` : null}
      ${view.taker === seat ? html`<span class="taker-label">${t("taker")}</span>` : null}
      <span class="tricks-won" title=${t("tricks won")}>${view.tricks_won[seat]}</span>`;
  }

  hand(frame) {
    this.sync(frame);
    const view = frame.view;
    const cards = view.hand || [];
    const myTurn = this.shell.myTurn();
    if (view.phase === "play" && myTurn) {
      return html`<${Hand} cards=${cards} Card=${TarotCard} mode="play" playable=${legalValues(frame, "play")}
        reason=${(card) => this.refusalText(frame, card)} onCard=${(card) => this.play(this.shell.frame, card)}/>`;
    }
    if (view.phase === "discard" && myTurn) {
      return html`<${Hand} cards=${cards} Card=${TarotCard} mode="select" selected=${this.selected}
        onCard=${(card) => this.toggleDiscard(card)}/>`;
    }
    return html`<${Hand} cards=${cards} Card=${TarotCard} disabled=${!myTurn}/>`;
  }

  // Enter in the discard (the keyboard contract, docs/decisions-tables.md "Game modules"): send the six chosen.
  confirm(frame) {
    if (frame?.view?.phase !== "discard" || !this.shell.myTurn() || this.selected.size !== DISCARD_SIZE) return;
    this.shell.act({ discard: [...this.selected] });
  }

  toggleDiscard(card) {
    if (this.selected.has(card)) this.selected.delete(card);
    else if (this.selected.size < DISCARD_SIZE) this.selected.add(card);
    this.shell.render();
  }

  middle(frame) {
    return html`<${Trick} plays=${frame.view.trick} Card=${TarotCard} position=${(seat) => this.shell.position(seat)}/>`;
  }

  lastTrick(frame) { return frame.view.last_trick?.cards || null; }

  trick(frame) { return frame.view.trick; }

  // §7: the last completed trick is public while the deal runs, every trick once it is scored (`tricks`).
  wonCards(frame, seat) {
    const view = frame.view;
    if (view.tricks) {
      return view.tricks.map((trick, i) => ({ trick, number: i + 1 })).filter(({ trick }) => trick.winner === seat)
        .map(({ trick, number }) => ({ label: interpolate(t("Trick %(number)s"), { number }), plays: trick.cards, winner: seat }));
    }
    const last = view.last_trick;
    return last && last.winner === seat ? [{ label: t("Last trick"), plays: last.cards, winner: seat }] : null;
  }

  trickWinner(frame) { return frame.view.last_trick?.winner ?? null; }

  info(frame) {
    const view = frame.view;
    const cards = (list) => html`<${MiniCards} cards=${list} Card=${TarotCard}/>`;
    return html`
      ${view.contract ? html`<div><span class="contract">${bidLabel(view.contract)}</span> · ${t("taker")}: ${seatName(frame, view.taker)}${
        view.slam_announced ? html` · <b>${t("slam announced")}</b>` : null}</div>` : null}
      ${view.dog ? html`<div><span class="dog">${t("Dog")}: ${cards(view.dog)}</span></div>` : null}
      ${view.discard_trumps?.length ? html`<div>${t("Trumps in the discard")}: ${cards(view.discard_trumps)}</div>` : null}
      ${view.handfuls.map((h) => html`<div key=${h.seat}>${t("Handful")} (${seatName(frame, h.seat)}): ${cards(h.cards)}</div>`)}`;
  }

  actions(frame) {
    const view = frame.view;
    if (!this.shell.myTurn()) return null;
    if (view.phase === "discard") {
      return html`<div class="discard-bar"><span>${t("Choose six cards for your discard")} (${this.selected.size}/6)</span>
        <button type="button" class="primary" id="discard-button" disabled=${this.selected.size !== DISCARD_SIZE}
          onClick=${() => this.shell.act({ discard: [...this.selected] })}>${t("Discard")}</button></div>`;
    }
    if (view.phase === "play" && this.handfulChoices(frame)) {
      return html`<button type="button" id="handful-button" onClick=${() => this.openHandful(frame)}>${t("Show a handful")}</button>`;
    }
    return null;
  }

  // The handfuls this seat may show now, {size: [a legal choice of that size]}, or null: the engine's hints (§5.4).
  handfulChoices(frame) {
    return frame.hints?.handful?.sizes || null;
  }

  openHandful(frame) {
    const choices = this.handfulChoices(frame);
    const largest = Math.max(...Object.keys(choices).map(Number));
    this.handful = { cards: new Set(choices[largest]), count: ++this.handfulsOpened };
    this.shell.render();
  }

  // The question due now: a bid, a slam, or the handful being chosen.
  // Its key names the version asked at: an answer the table refuses (or overtakes) asks again.
  question(frame) {
    this.sync(frame);
    const view = frame.view;
    const myTurn = this.shell.myTurn();
    const key = `${frame.version}:${view.phase}`;
    if (view.phase === "bidding" && myTurn) {
      return { key, kind: "bidding", title: t("Your bid"),
        buttons: (frame.legal || []).map((a) => ({ label: bidLabel(a.bid), value: a.bid, primary: a.bid !== "pass" })),
        answer: (value) => this.shell.act({ bid: value }) };
    }
    if (view.phase === "slam" && myTurn) {
      return { key, kind: "slam", title: t("Announce a slam?"),
        buttons: [{ label: t("No slam"), value: "false", primary: true }, { label: t("Announce a slam"), value: "true" }],
        answer: (value) => this.shell.act({ slam: value === "true" }) };
    }
    if (this.handful && view.phase === "play" && myTurn) return this.handfulQuestion(frame);
    return null;
  }

  handfulQuestion(frame) {
    const picked = this.handful.cards;
    const trumps = (frame.view.hand || []).filter(isTrump);
    const toggle = (card) => { if (picked.has(card)) picked.delete(card); else picked.add(card); this.shell.render(); };
    const body = html`<p>${t("Show 10, 13 or 15 trumps.")}</p><div class="handful-choice">
      ${trumps.map((c) => html`<label key=${c} class="mini"><input type="checkbox" name="handful" value=${c}
        checked=${picked.has(c)} onChange=${() => toggle(c)}/><${TarotCard} code=${c}/></label>`)}</div>`;
    return { key: `handful:${this.handful.count}`, kind: "handful", title: t("Show a handful"), body,
      buttons: [{ label: t("Cancel"), value: "" }, { label: t("Show"), value: "show", primary: true }],
      answer: (value) => {
        const cards = trumps.filter((c) => picked.has(c));
        this.handful = null;
        if (value === "show") this.shell.act({ handful: cards });
        else this.shell.render();
      } };
  }

  // The deal's result in one sentence for the screen reader's line: the contract made or lost, or why it was annulled.
  resultLine(frame) {
    const r = frame.view.result;
    if (!r) return null;
    if (r.status === "annulled") return `${t("Deal annulled")}: ${r.reason === "petit_sec" ? t("petit sec") : t("everybody passed")}.`;
    const values = { taker: seatName(frame, r.taker), contract: bidLabel(r.contract), difference: Math.abs(r.diff) };
    return interpolate(r.made ? t("%(taker)s made the %(contract)s by %(difference)s points.")
      : t("%(taker)s lost the %(contract)s by %(difference)s points."), values);
  }

  scoreRows(frame) {
    const view = frame.view;
    if (view.phase !== "done" || !view.result) return null;
    const r = view.result;
    const name = (seat) => seatName(frame, seat);
    const rows = [];
    if (r.status === "annulled") {
      rows.push(row(t("Deal annulled"), r.reason === "petit_sec" ? t("petit sec") : t("everybody passed")));
    } else {
      const itemLabel = { contract: t("Contract score"), petit_au_bout: t("Petit au bout"), handful: t("Handful"), slam: t("Slam"), defence_slam: t("Defence slam") };
      rows.push(row(t("Taker"), name(r.taker)));
      rows.push(row(t("Contract"), `${bidLabel(r.contract)} (×${r.multiplier})`));
      rows.push(row(t("Points"), `${r.points} (${t("counted")} ${r.counted})`));
      rows.push(row(t("Bouts"), `${r.bouts} → ${t("target")} ${r.target}`));
      rows.push(row(t("Difference"), `${signed(r.diff)} · ${r.made ? t("made") : t("lost")}`));
      for (const item of r.items) {
        const who = item.seat !== undefined ? ` (${name(item.seat)})`
          : item.camp ? ` (${item.camp === "taker" ? t("taker") : t("defence")})` : "";
        rows.push(row(`${itemLabel[item.item] || item.item}${who}`, item.value, `item item-${item.item}`));
      }
      rows.push(row(t("Value per defender"), r.value, "value"));
    }
    const change = (s, i) => html`<span key=${i} class=${`seat-change ${s > 0 ? "plus" : s < 0 ? "minus" : ""}`}>${name(i)}: ${signed(s)}</span>`;
    rows.push(row(t("This deal"), r.scores.map(change), "scores"));
    return rows;
  }
}

Object.assign(FrenchTarot.prototype, trickCardPlay);  // play, drop and refusalText of a hand card
