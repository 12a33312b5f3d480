// French Tarot on the table shell: the fanned hand, the trick, bidding / discard / slam / handful dialogs,
// greyed illegal cards with the reason on hover, click or drag to play, and the score sheet.
import { cardSVG, cardBackSVG } from "../cards/tarot.js";
import { escapeHtml } from "../table/shell.js";

const gettext = (s) => (window.gettext ? window.gettext(s) : s);

export function createGame(shell) {
  return new FrenchTarot(shell);
}

class FrenchTarot {
  constructor(shell) {
    this.shell = shell;
    this.selected = new Set();
    this.openDialogKey = null;
    this.showingLast = false;
    const center = shell.el.center;
    center.addEventListener("dragover", (e) => { if (this.canPlay()) { e.preventDefault(); center.classList.add("drop-target"); } });
    center.addEventListener("dragleave", () => center.classList.remove("drop-target"));
    center.addEventListener("drop", (e) => {
      e.preventDefault();
      center.classList.remove("drop-target");
      const card = e.dataTransfer.getData("text/plain");
      if (card) this.play(card);
    });
  }

  bidLabel(bid) {
    return { pass: gettext("Pass"), petite: gettext("Petite"), garde: gettext("Garde"), garde_sans: gettext("Garde sans"), garde_contre: gettext("Garde contre") }[bid] || bid;
  }

  errorText(code) {
    return {
      must_follow_suit: gettext("You must follow suit."), must_trump: gettext("You must play a trump."),
      must_overtrump: gettext("You must play a higher trump."), excuse_must_be_last: gettext("After announcing a slam the Excuse is played last."),
      not_in_hand: gettext("That card is not in your hand."), bid_too_low: gettext("Bid higher than the last bid."),
      discard_wrong_count: gettext("Discard exactly six cards."), illegal_discard_king: gettext("Kings may not be discarded."),
      illegal_discard_bout: gettext("Bouts may not be discarded."), illegal_discard_trump: gettext("Trumps only when you have no other choice."),
      handful_wrong_size: gettext("A handful has 10, 13 or 15 trumps."), handful_too_late: gettext("A handful is shown before your first card."),
      handful_excuse_hides_trump: gettext("The Excuse counts only when every trump is shown."), wrong_phase: gettext("Not now."),
    }[code];
  }

  frameData() { return this.shell.frame; }
  canPlay() { const f = this.frameData(); return f && f.view && f.view.phase === "play" && this.shell.myTurn(); }
  legalPlays() { return new Set((this.frameData().legal || []).filter((a) => "play" in a).map((a) => a.play)); }

  play(card) {
    if (!this.canPlay()) return;
    if (!this.legalPlays().has(card)) {
      this.shell.showNotice(this.errorText(this.frameData().refusals?.play?.[card]) || gettext("You may not play that card now."), "error");
      return;
    }
    this.shell.act({ play: card });
  }

  render(frame) {
    const view = frame.view;
    const el = this.shell.el;
    if (!view) { el.hand.innerHTML = ""; el.center.innerHTML = `<p class="waiting">${gettext("Waiting for players…")}</p>`; el.info.innerHTML = ""; el.actions.innerHTML = ""; return; }
    if (this.roundNo !== frame.table.round?.number) { this.roundNo = frame.table.round?.number; this.selected.clear(); this.showingLast = false; }
    this.renderSeats(view);
    this.renderHand(frame);
    this.renderCenter(view);
    this.renderInfo(view);
    this.renderActions(frame);
  }

  renderSeats(view) {
    view.hand_sizes.forEach((size, seat) => {
      const box = this.shell.seatBox(seat);
      if (!box) return;
      const bid = [...view.bids].reverse().find((b) => b.seat === seat);
      box.innerHTML = `<span class="card-count" title="${gettext("cards in hand")}">${cardBackSVG()}<b>${size}</b></span>` +
        (bid ? `<span class="bid-label">${escapeHtml(this.bidLabel(bid.bid))}</span>` : "") +
        (view.taker === seat ? `<span class="taker-label">${gettext("taker")}</span>` : "") +
        `<span class="tricks-won" title="${gettext("tricks won")}">${view.tricks_won[seat]}</span>`;
    });
  }

  renderHand(frame) {
    const view = frame.view;
    const hand = view.hand || [];
    const el = this.shell.el.hand;
    const myTurn = this.shell.myTurn();
    const discarding = view.phase === "discard" && myTurn;
    const plays = view.phase === "play" && myTurn ? this.legalPlays() : null;
    el.innerHTML = "";
    el.style.setProperty("--count", hand.length);
    el.classList.toggle("discarding", discarding);
    hand.forEach((card, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "card";
      b.dataset.card = card;
      b.style.setProperty("--i", i);
      b.innerHTML = cardSVG(card);
      if (plays) {
        const legal = plays.has(card);
        b.classList.toggle("illegal", !legal);
        b.classList.toggle("legal", legal);
        if (!legal) b.title = this.errorText(frame.refusals?.play?.[card]) || gettext("You may not play that card now.");
        b.draggable = legal;
        b.addEventListener("dragstart", (e) => { e.dataTransfer.setData("text/plain", card); e.dataTransfer.effectAllowed = "move"; });
        b.addEventListener("click", () => this.play(card));
      } else if (discarding) {
        b.classList.toggle("selected", this.selected.has(card));
        b.setAttribute("aria-pressed", String(this.selected.has(card)));
        b.addEventListener("click", () => {
          if (this.selected.has(card)) this.selected.delete(card);
          else if (this.selected.size < 6) this.selected.add(card);
          this.render(this.frameData());
        });
      } else {
        b.disabled = !myTurn;
      }
      el.appendChild(b);
    });
  }

  renderCenter(view) {
    const center = this.shell.el.center;
    const trick = this.showingLast && view.last_trick ? view.last_trick.cards : view.trick;
    center.classList.toggle("showing-last", this.showingLast && !!view.last_trick);
    center.innerHTML = (this.showingLast && view.last_trick ? `<p class="last-label">${gettext("Last trick")}</p>` : "") +
      trick.map((p) => `<div class="trick-card pos-${this.shell.position(p.seat)}" data-card="${p.card}" data-seat="${p.seat}">${cardSVG(p.card)}</div>`).join("");
  }

  showLastTrick(frame) {
    this.showingLast = !this.showingLast;
    if (frame?.view) this.renderCenter(frame.view);
  }

  renderInfo(view) {
    const parts = [];
    if (view.contract) parts.push(`<span class="contract">${escapeHtml(this.bidLabel(view.contract))}</span> · ${gettext("taker")}: ${escapeHtml(this.seatName(view.taker))}${view.slam_announced ? ` · <b>${gettext("slam announced")}</b>` : ""}`);
    if (view.dog) parts.push(`<span class="dog">${gettext("Dog")}: ${this.miniCards(view.dog)}</span>`);
    if (view.discard_trumps && view.discard_trumps.length) parts.push(`${gettext("Trumps in the discard")}: ${this.miniCards(view.discard_trumps)}`);
    for (const h of view.handfuls) parts.push(`${gettext("Handful")} (${escapeHtml(this.seatName(h.seat))}): ${this.miniCards(h.cards)}`);
    this.shell.el.info.innerHTML = parts.map((p) => `<div>${p}</div>`).join("");
  }

  miniCards(cards) { return `<span class="mini-cards">${cards.map((c) => `<span class="mini" data-card="${c}">${cardSVG(c)}</span>`).join("")}</span>`; }

  seatName(seat) {
    const s = this.frameData().table.seats[seat];
    return s ? s.name || "?" : "?";
  }

  renderActions(frame) {
    const view = frame.view;
    const el = this.shell.el.actions;
    const myTurn = this.shell.myTurn();
    const key = `${frame.table.round?.number}:${view.phase}:${myTurn}`;
    el.innerHTML = "";
    if (view.phase === "bidding" && myTurn) this.ask(key, gettext("Your bid"), "bidding",
      (frame.legal || []).map((a) => ({ label: this.bidLabel(a.bid), value: a.bid, primary: a.bid !== "pass" })), (v) => ({ bid: v }));
    else if (view.phase === "slam" && myTurn) this.ask(key, gettext("Announce a slam?"), "slam",
      [{ label: gettext("No slam"), value: "false" }, { label: gettext("Announce a slam"), value: "true", primary: true }], (v) => ({ slam: v === "true" }));
    else if (this.openDialogKey && this.openDialogKey !== key) { this.openDialogKey = null; this.shell.closeDialog(); }

    if (view.phase === "discard" && myTurn) {
      el.innerHTML = `<div class="discard-bar"><span>${gettext("Choose six cards for your discard")} (${this.selected.size}/6)</span> ` +
        `<button type="button" class="primary" id="discard-button" ${this.selected.size === 6 ? "" : "disabled"}>${gettext("Discard")}</button></div>`;
      el.querySelector("#discard-button").addEventListener("click", () => this.shell.act({ discard: [...this.selected] }));
    }
    if (view.phase === "play" && myTurn && this.mayShowHandful(view)) {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "handful-button";
      b.textContent = gettext("Show a handful");
      b.addEventListener("click", () => this.askHandful(view));
      el.appendChild(b);
    }
    if (view.phase === "done" && view.result) this.renderScoreSheet(frame);
  }

  ask(key, title, kind, buttons, toAction) {
    if (this.openDialogKey === key) return;
    this.openDialogKey = key;
    this.shell.dialog(title, "", buttons, kind).then((value) => {
      if (this.openDialogKey === key) this.openDialogKey = null;
      if (value) this.shell.act(toAction(value));
    });
  }

  mayShowHandful(view) {
    const trumps = (view.hand || []).filter((c) => c[0] === "T" || c === "EX");
    const mine = this.shell.mySeat;
    const started = view.tricks_won.some((n) => n > 0) || view.trick.some((p) => p.seat === mine);
    return trumps.length >= 10 && !started && !view.handfuls.some((h) => h.seat === mine) && (this.frameData().table.options.profile || "fft") === "fft";
  }

  askHandful(view) {
    const trumps = (view.hand || []).filter((c) => c[0] === "T" || c === "EX");
    const real = trumps.filter((c) => c !== "EX");
    const size = [15, 13, 10].find((n) => n <= trumps.length);
    const preset = new Set(real.slice(0, size));
    if (preset.size < size) preset.add("EX");
    const body = `<p>${gettext("Show 10, 13 or 15 trumps.")}</p><div class="handful-choice">` +
      trumps.map((c) => `<label class="mini"><input type="checkbox" name="handful" value="${c}" ${preset.has(c) ? "checked" : ""}>${cardSVG(c)}</label>`).join("") + "</div>";
    this.shell.dialog(gettext("Show a handful"), body, [{ label: gettext("Cancel"), value: "" }, { label: gettext("Show"), value: "show", primary: true }], "handful")
      .then((value) => {
        if (value !== "show") return;
        const cards = [...this.shell.el.dialogForm.querySelectorAll('input[name="handful"]:checked')].map((i) => i.value);
        this.shell.act({ handful: cards });
      });
  }

  renderScoreSheet(frame) {
    const r = frame.view.result;
    const dealt = frame.table.round.players || [];  // a person who left mid-deal is still named on its sheet
    const names = frame.table.seats.map((s, i) => escapeHtml(dealt[i] || s.name || "?"));
    const rows = [];
    if (r.status === "annulled") {
      rows.push(`<tr><th>${gettext("Deal annulled")}</th><td>${escapeHtml(r.reason === "petit_sec" ? gettext("petit sec") : gettext("everybody passed"))}</td></tr>`);
    } else {
      rows.push(`<tr><th>${gettext("Taker")}</th><td>${names[r.taker]}</td></tr>`);
      rows.push(`<tr><th>${gettext("Contract")}</th><td>${escapeHtml(this.bidLabel(r.contract))} (×${r.multiplier})</td></tr>`);
      rows.push(`<tr><th>${gettext("Points")}</th><td>${r.points} (${gettext("counted")} ${r.counted})</td></tr>`);
      rows.push(`<tr><th>${gettext("Bouts")}</th><td>${r.bouts} → ${gettext("target")} ${r.target}</td></tr>`);
      rows.push(`<tr><th>${gettext("Difference")}</th><td>${r.diff > 0 ? "+" : ""}${r.diff} · ${r.made ? gettext("made") : gettext("lost")}</td></tr>`);
      for (const item of r.items) {
        const label = { contract: gettext("Contract"), petit_au_bout: gettext("Petit au bout"), handful: gettext("Handful"), slam: gettext("Slam"), defence_slam: gettext("Defence slam") }[item.item] || item.item;
        const extra = item.seat !== undefined ? ` (${names[item.seat]})` : item.camp ? ` (${escapeHtml(item.camp === "taker" ? gettext("taker") : gettext("defence"))})` : "";
        rows.push(`<tr class="item item-${item.item}"><th>${escapeHtml(label)}${extra}</th><td>${item.value}</td></tr>`);
      }
      rows.push(`<tr class="value"><th>${gettext("Value per defender")}</th><td>${r.value}</td></tr>`);
    }
    rows.push(`<tr class="scores"><th>${gettext("This deal")}</th><td>${r.scores.map((s, i) => `${names[i]}: ${s > 0 ? "+" : ""}${s}`).join(" · ")}</td></tr>`);
    const over = frame.table.match_over;
    this.shell.el.actions.innerHTML = `<section id="score-sheet" class="score-sheet"><h2>${gettext("Score sheet")}</h2><table>${rows.join("")}</table>` +
      `<p><a id="history-link" href="${this.shell.historyUrl(frame.table.round.number)}">${gettext("Hand history")}</a></p>` +
      (over ? `<p class="match-over">${gettext("The match is over.")}</p>`
        : frame.table.status === "open" ? `<p class="waiting-for-players">${gettext("A seat is free: the next deal starts when a player takes it.")}</p>`
        : `<button type="button" class="primary" id="next-deal">${gettext("Next deal")}</button>`) + "</section>";
    this.shell.el.actions.querySelector("#next-deal")?.addEventListener("click", () => this.shell.nextDeal());
  }
}
