// Tarock (Zwanzigerrufen) on the table shell (the game-module contract: docs/decisions-tables.md "Game modules";
// rules docs/rules/tarock.md): the auction of §5 as one question (the engine's legal calls as large buttons, every
// other offered call with the engine's refusal code as its reason behind "Why not?"), the called Tarock and the sides as §7 lets the viewer
// know them, the hand with greyed illegal cards and their reasons, one's own and the public partner's won tricks,
// and the score sheet of §6 item by item with its multiplier and who pays whom.
import { html } from "../view.js";
import { t, interpolate, ngettext } from "../i18n.js";
import { TarockCard, CardBack, romanNumeral } from "../cards/tarock.js";
import { legalValues, refusalOf, seatName, dealOfMatch } from "../table/frame.js";
import { Hand } from "../table/components/hand.js";
import { trickCardPlay } from "../table/trick-play.js";
import { Trick, MiniCards } from "../table/components/cards.js";
import { sheetRow as row, signed } from "../table/components/score-sheet.js";

export function createGame(shell) {
  return new Tarock(shell);
}

const CONTRACTS = ["rufer", "farbensolo", "solo"];
const ANNOUNCEMENTS = ["absolut", "pagat", "valat"];
const ITEMS = ["game", ...ANNOUNCEMENTS];
const KONTRA_MAX = 3;

export function contractLabel(contract) {
  return { rufer: t("Rufer"), farbensolo: t("Farbensolo"), solo: t("Solo") }[contract] || contract;
}

// An item of §5.5 / §6.2 by its code: the game, an announcement or a still premium.
export function itemLabel(item) {
  return {
    game: t("Game"), absolut: t("Absolut"), pagat: t("Pagat"), valat: t("Valat"), trull: t("Trull"),
    koenigstrull: t("Königstrull"), mondfang: t("Mondfang"),
  }[item] || item;
}

// Kontra level k (0..3) as the Austrian chain names it; the level a call raises an item to is `level + 1`.
export function kontraLabel(level) {
  return [null, t("Kontra"), t("Rekontra"), t("Subkontra")][level] || null;
}

export function sideLabel(side) {
  return side === "decl" ? t("declarer side") : side === "def" ? t("defenders") : null;
}

const plays = (cards) => (cards || []).map(([seat, card]) => ({ seat, card }));

// The Kontra level each item had just before every call of the auction log, replayed from the log itself
// (an overbid deletes every item of the previous contract, §5.4): [{call, level}] with level for Kontra calls.
function replayAuction(auction) {
  const levels = {};
  return auction.map((entry) => {
    const call = entry.call;
    if (call.contract) {
      for (const key of Object.keys(levels)) delete levels[key];
      levels.game = 0;
      for (const a of call.announce || []) levels[a] = 0;
      return { ...entry, level: null };
    }
    if (call.announce) {
      levels[call.announce] = 0;
      return { ...entry, level: null };
    }
    if (call.kontra) {
      levels[call.kontra] = (levels[call.kontra] || 0) + 1;
      return { ...entry, level: levels[call.kontra] };
    }
    return { ...entry, level: null };
  });
}

// One call of the auction as the table says it: "Rufer + Pagat", "Weiter", "Pagat", "Rekontra (Game)".
function callText(call, level) {
  if (call.contract) {
    const bundled = (call.announce || []).map(itemLabel);
    return [contractLabel(call.contract), ...bundled].join(" + ");
  }
  if (call.pass) return t("Weiter");
  if (call.announce) return itemLabel(call.announce);
  if (call.kontra) return `${kontraLabel(level) || t("Kontra")} (${itemLabel(call.kontra)})`;
  return "?";
}

class Tarock {
  constructor(shell) {
    this.shell = shell;
    this.Card = TarockCard;
    this.bundle = new Set();  // the announcements ticked to go with a contract bid (§5.4, K-T1)
    this.bundleAsked = null;  // the question's key they were ticked at
  }

  errorText(code) {
    return {
      must_bid: t("The forehand opens the auction with a game."),
      rufer_unavailable: t("You hold XX to XVI: there is no Tarock to call."),
      farbensolo_needs_five_suit_cards: t("A Farbensolo needs at least five suit cards."),
      valat_lock: t("After a Valat only a Kontra on the Valat is possible."),
      already_agreed: t("You have already agreed: you may not bid a game any more."),
      cannot_raise_own_contract: t("You may not overbid your own game."),
      contract_too_low: t("Bid a higher game."),
      kontra_required: t("You hold the Trull as a defender: you must give Kontra."),
      already_announced: t("That has already been announced."),
      not_pagat_holder: t("Only the holder of the Pagat may announce it."),
      pagat_not_in_farbensolo: t("There is no Pagat in a Farbensolo."),
      absolut_not_allowed: t("There is no Absolut in this game at this table."),
      absolut_needs_kontra: t("A defender may announce Absolut only after a Kontra on the game."),
      no_such_item: t("That has not been announced."),
      kontra_maxed: t("Subkontra is the last raise."),
      not_your_kontra: t("That raise belongs to the other side."),
      not_in_hand: t("That card is not in your hand."),
      tarock_lead_forbidden: t("In a Farbensolo you may not lead a Tarock while you hold a suit card."),
      must_follow_suit: t("You must follow suit."),
      must_play_tarock: t("You must play a Tarock."),
      pagat_reserved: t("Your announced Pagat is kept for the last trick."),
      wrong_phase: t("Not now."),
    }[code];
  }

  canPlay(frame) { return !!frame?.view && frame.view.phase === "play" && this.shell.myTurn(); }

  // Under the seat's label: cards in hand, its side where the viewer may know it (§7), its last call, tricks won.
  seat(frame, seat) {
    const view = frame.view;
    const side = view.sides[seat];
    const calls = replayAuction(view.auction).filter((c) => c.seat === seat);
    const last = view.phase === "auction" ? calls[calls.length - 1] : null;
    const role = view.declarer === seat ? t("declarer") : view.partner === seat ? t("partner") : sideLabel(side);
    return html`<span class="card-count" title=${t("cards in hand")}><${CardBack}/><b>${view.hand_sizes[seat]}</b></span>
      ${role ? html`<span class=${`side-label side-${side || "unknown"}`}>${role}</span>` : null}
      ${last ? html`<span class="bid-label">${callText(last.call, last.level)}</span>` : null}
      ${view.phase !== "auction" ? html`<span class="tricks-won" title=${t("tricks won")}>${view.tricks_won[seat]}</span>` : null}`;
  }

  hand(frame) {
    const view = frame.view;
    const cards = view.hand || [];
    if (view.phase === "play" && this.shell.myTurn()) {
      return html`<${Hand} cards=${cards} Card=${TarockCard} mode="play" playable=${legalValues(frame, "play")}
        reason=${(card) => this.refusalText(frame, card)} onCard=${(card) => this.play(this.shell.frame, card)}/>`;
    }
    return html`<${Hand} cards=${cards} Card=${TarockCard} disabled=${!this.shell.myTurn()}/>`;
  }

  // The centre: during the auction its log (each call with its caller's side, §7), then the trick.
  middle(frame) {
    const view = frame.view;
    if (view.phase === "auction") {
      return html`<ol class="tarock-auction" aria-label=${t("Auction")}>${replayAuction(view.auction).map((c, i) => html`<li key=${i}
        data-seat=${c.seat}><b>${seatName(frame, c.seat)}</b> ${callText(c.call, c.level)}${
        c.side ? html` <small class=${`side-${c.side}`}>${sideLabel(c.side)}</small>` : null}</li>`)}</ol>`;
    }
    return html`<${Trick} plays=${plays(view.trick?.cards)} Card=${TarockCard} position=${(seat) => this.shell.position(seat)}/>`;
  }

  lastTrick(frame) { return frame.view.last_trick ? plays(frame.view.last_trick.cards) : null; }

  // The bar's match length (§8, §10 `deals`): "Deal 2 of 4", redeals not counted; or until the table closes.
  matchLength(frame) { return dealOfMatch(frame.view.match.deals_played + 1, frame.view.options.deals); }

  trick(frame) { return plays(frame.view.trick?.cards); }

  trickWinner(frame) { return frame.view.last_trick?.winner ?? null; }

  // §7: one's own won tricks always, the Rufer partner's once the partnership is public, every trick after the
  // deal; the view holds exactly those (`won_tricks`, null where the viewer may not see them).
  wonCards(frame, seat) {
    const tricks = frame.view.won_tricks?.[seat];
    if (!tricks?.length) return null;
    return tricks.map((trick, i) => ({
      label: interpolate(t("Won trick %(number)s"), { number: i + 1 }), plays: plays(trick.cards), winner: trick.winner,
    }));
  }

  // The line under the felt: the game and its declarer, the called Tarock and the partner once known, the
  // announcements with their owner side and Kontra level, and the game's Kontra level once it has one.
  info(frame) {
    const view = frame.view;
    if (view.redeal) return html`<div>${t("Redeal")}: ${view.redeal.map((r) => this.redealText(r)).join(", ")}</div>`;
    if (!view.contract) return null;
    const partner = view.contract !== "rufer" ? null
      : view.partner !== null ? seatName(frame, view.partner) : t("unknown");
    return html`<div class="tarock-contract"><span class="contract">${contractLabel(view.contract)}</span> · ${t("declarer")}: ${seatName(frame, view.declarer)}${
      view.called ? html` · <span class="called-card">${t("called")}: <${MiniCards} cards=${[view.called]} Card=${TarockCard}/></span>
        · ${t("partner")}: <b class="partner-name">${partner}</b>` : null}</div>
      <div class="tarock-items">${view.items.filter((i) => i.item !== "game" || i.kontra).map((i) => html`<span key=${i.item} class=${`tarock-item item-${i.item}`}>${itemLabel(i.item)}${
        i.item !== "game" ? html` <small>(${sideLabel(i.owner)})</small>` : null}${i.kontra ? html` · <b>${kontraLabel(i.kontra)}</b>` : null}</span>`)}</div>`;
  }

  redealText(code) {
    return { few_tarocks: t("a hand with fewer than two Tarocks"), four_glatzen: t("a hand with all four Glatzen") }[code] || code;
  }

  // The calls the page offers now, each {value, label, action, legal, reason}: every contract (with the ticked
  // announcements its hints allow), Weiter, every announcement and a Kontra on every item.
  calls(frame) {
    const view = frame.view;
    const legal = frame.legal || [];
    const has = (kind, value) => legal.some((a) => a[kind] === value && Object.keys(a).length === 1);
    const out = [];
    const offer = (kind, key, value, label, action) => {
      const ok = has(kind, value);
      const code = ok ? null : refusalOf(frame, kind, key);
      if (ok || code) out.push({ value: `${kind}:${key}`, label, action, legal: ok, reason: code ? this.errorText(code) || code : null });
    };
    for (const c of CONTRACTS) {
      const bundled = ANNOUNCEMENTS.filter((a) => this.bundle.has(a) && (frame.hints?.bundles?.[c] || []).includes(a));
      const label = [contractLabel(c), ...bundled.map(itemLabel)].join(" + ");
      offer("contract", c, c, label, bundled.length ? { contract: c, announce: bundled } : { contract: c });
    }
    offer("pass", "true", true, t("Weiter"), { pass: true });
    // an announcement that may also go with a bid (a tick) is named apart from that: "Absolut on its own"
    const ticked = new Set(this.bundleOffers(frame));
    for (const a of ANNOUNCEMENTS) {
      const label = ticked.has(a) ? interpolate(t("%(item)s on its own"), { item: itemLabel(a) }) : itemLabel(a);
      offer("announce", a, a, label, { announce: a });
    }
    for (const item of ITEMS) {
      const level = view.items.find((i) => i.item === item)?.kontra ?? null;
      if (level === null) continue;
      const label = level >= KONTRA_MAX ? `${t("Kontra")} (${itemLabel(item)})` : `${kontraLabel(level + 1)} (${itemLabel(item)})`;
      offer("kontra", item, item, label, { kontra: item });
    }
    return out;
  }

  // The auction's question for the seat to act (§5): large buttons for the calls that are legal now (the games
  // first, Weiter last), and the offered calls that are not, with the reason, behind a "Why not?" disclosure.
  question(frame) {
    const view = frame.view;
    if (view.phase !== "auction" || !this.shell.myTurn()) return null;
    const key = `${frame.version}:auction`;
    if (this.bundleAsked !== key) {
      this.bundleAsked = key;
      this.bundle.clear();
    }
    const calls = this.calls(frame);
    const obliged = refusalOf(frame, "pass", "true") === "kontra_required";
    const title = !view.contract ? t("Open the auction") : obliged ? t("You must give Kontra") : t("Your call");
    const body = html`${view.contract ? html`<p class="tarock-now">${contractLabel(view.contract)} · ${t("declarer")}: ${seatName(frame, view.declarer)}${
        view.called ? html` · ${t("called")}: <${MiniCards} cards=${[view.called]} Card=${TarockCard}/>` : null}</p>` : null}
      ${obliged ? html`<p class="tarock-obliged">${this.errorText("kontra_required")}</p>` : this.bundleChoice(frame)}`;
    // under the mandatory Kontra (§5.6) the Kontra comes first: the dialog's focus starts on it; Weiter goes last
    const rank = (c) => (obliged && c.value === "kontra:game" ? 0 : c.value.startsWith("pass") ? 2 : 1);
    const legal = calls.filter((c) => c.legal).sort((a, b) => rank(a) - rank(b));
    const buttons = legal.map((c) => ({ label: c.label, value: c.value, primary: !c.value.startsWith("pass") }));
    const byValue = Object.fromEntries(calls.map((c) => [c.value, c.action]));
    return { key, kind: "auction", title, body, buttons, after: this.whyNot(calls.filter((c) => !c.legal), key),
      answer: (value) => { if (byValue[value]) this.shell.act(byValue[value]); } };
  }

  // The offered calls that are not possible now, grouped by their reason, closed under "Why not?" (opened by the
  // player; a new question starts closed). Null when every offered call is possible.
  whyNot(refused, key) {
    if (!refused.length) return null;
    return html`<details class="tarock-why-not" key=${key}><summary>${t("Why not?")} <small>${interpolate(
      ngettext("%(count)s call is not possible now", "%(count)s calls are not possible now", refused.length),
      { count: refused.length })}</small></summary>
      <ul class="tarock-refused" aria-label=${t("Not possible now")}>${this.byReason(refused).map(([reason, group]) => html`<li
        key=${reason} data-value=${group.map((c) => c.value).join(" ")}><b>${group.map((c) => c.label).join(", ")}</b>: ${reason}</li>`)}</ul>
    </details>`;
  }

  // The announcements a contract bid may carry now (the hints' bundles, §5.4): ticked here, sent with the bid.
  bundleChoice(frame) {
    const offered = this.bundleOffers(frame);
    if (!offered.length) return null;
    const toggle = (a) => {
      if (this.bundle.has(a)) this.bundle.delete(a);
      else this.bundle.add(a);
      this.shell.render();
    };
    return html`<fieldset class="tarock-bundle"><legend>${t("Announce with your game")}</legend>${offered.map((a) => html`<label
      key=${a}><input type="checkbox" name="bundle" value=${a} checked=${this.bundle.has(a)} onChange=${() => toggle(a)}/> ${itemLabel(a)}</label>`)}</fieldset>`;
  }

  // The announcements some contract bid may carry now (the hints' bundles).
  bundleOffers(frame) {
    const bundles = frame.hints?.bundles || {};
    return ANNOUNCEMENTS.filter((a) => Object.values(bundles).some((list) => list.includes(a)));
  }

  // Refused calls grouped by their reason, in the order the calls are offered: [[reason, [call, ...]], ...].
  byReason(refused) {
    const groups = new Map();
    for (const c of refused) groups.set(c.reason, [...(groups.get(c.reason) || []), c]);
    return [...groups.entries()];
  }

  // The deal's result in one sentence for the screen reader's line.
  resultLine(frame) {
    const r = frame.view.result;
    if (!r) return null;
    if (r.redeal) return `${t("Redeal")}: ${r.redeal.map((c) => this.redealText(c)).join(", ")}.`;
    const values = { declarer: seatName(frame, r.declarer), contract: contractLabel(r.contract), points: r.points[0], value: Math.abs(r.value) };
    return interpolate(r.value > 0 ? t("%(declarer)s's %(contract)s wins %(value)s with %(points)s points.")
      : r.value < 0 ? t("%(declarer)s's %(contract)s loses %(value)s with %(points)s points.")
        : t("%(declarer)s's %(contract)s is even with %(points)s points."), values);
  }

  // §6: the game and every premium with its tariff, its Kontra factor and its units for the declarer side, the game
  // value N, then who pays whom and each seat's change.
  scoreRows(frame) {
    const view = frame.view;
    if (view.phase !== "done" || !view.result) return null;
    const r = view.result;
    const name = (seat) => seatName(frame, seat);
    if (r.redeal) return [row(t("Redeal"), r.redeal.map((c) => this.redealText(c)).join(", "), "redeal")];
    const declarers = [r.declarer, r.partner].filter((s) => s !== null && s !== undefined);
    const rows = [
      row(contractLabel(r.contract), `${t("declarer")}: ${name(r.declarer)}`, "contract"),
      row(t("Points"), `${t("declarer side")} ${r.points[0]} : ${r.points[1]} ${t("defenders")}`, "points"),
      row(t("Tricks"), `${r.tricks[0]} : ${r.tricks[1]}`, "tricks"),
    ];
    if (r.called) {
      rows.splice(1, 0, row(t("Called"), `${romanNumeral(Number(r.called.slice(1)))} · ${t("partner")}: ${name(r.partner)}`, "called"));
    }
    for (const item of r.items) {
      const factor = 2 ** item.kontra;
      const tariff = Math.abs(item.units) / factor;
      const how = item.item === "game" ? "" : item.announced ? ` (${t("announced")})` : ` (${t("still")})`;
      const won = item.winner === "decl" ? t("the declarer side wins it") : t("the defenders win it");
      const kontra = item.kontra ? ` × ${factor} ${kontraLabel(item.kontra)}` : "";
      rows.push(row(`${itemLabel(item.item)}${how}`, html`<b>${signed(item.units)}</b> <small>(${t("tariff")} ${tariff}${kontra})</small> · ${won}`, `item item-${item.item}`));
    }
    rows.push(row(t("Game value"), signed(r.value), "value"));
    if (r.payments.length) {
      rows.push(row(t("Payments"), r.payments.map(([payer, payee, units], i) => html`<span key=${i} class="payment">${interpolate(
        t("%(payer)s pays %(payee)s %(units)s"), { payer: name(payer), payee: name(payee), units })}</span>`), "payments"));
    } else {
      rows.push(row(t("Payments"), t("none"), "payments"));
    }
    const change = (s, i) => html`<span key=${i} class=${`seat-change ${s > 0 ? "plus" : s < 0 ? "minus" : ""}${
      declarers.includes(i) ? " declarer" : ""}`}>${name(i)}: ${signed(s)}</span>`;
    rows.push(row(t("This deal"), r.deltas.map(change), "scores"));
    return rows;
  }
}

Object.assign(Tarock.prototype, trickCardPlay);  // play, drop and refusalText of a hand card
