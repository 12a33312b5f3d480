// Rummy (Rommé, docs/rules/rummy.md) on the table shell (the game-module contract: docs/decisions-tables.md "Game
// modules"; the table as the StarGames page describes it, docs/decisions-rummy.md "Table"): the stock and the open
// pile top left of the middle, the melds with who laid them, the hand that the player arranges by drag at any time
// (kept per table and deal in localStorage), the cards the hints can lay outlined blue, "Lay down", lay-offs and
// joker swaps by drag onto a meld (a blue arrow where the card would go), discards by the pile, "Klopfen" in the
// window of §5.8, and the counting of §6 with the red X and "Leave game" of §8.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { RummyCard, CardBack, JOKER } from "../cards/rummy.js";
import { legalValues, refusalOf, seatName } from "../table/frame.js";
import { rowPlace, DRAG_TYPE } from "../table/components/hand.js";
import { MiniCards } from "../table/components/cards.js";
import { arrange, keyed, storedOrder, storeOrder } from "../table/hand-order.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export function createGame(shell) {
  return new Rummy(shell);
}

// "JK=9H" (a joker standing for 9H) -> "JK"; a natural code stays as it is: the card the entry takes from a hand.
const handCode = (entry) => (entry.startsWith(JOKER) ? JOKER : entry);
// The card a meld entry shows: the joker for "JK=9H", the code itself otherwise.
const standIn = (entry) => (entry.startsWith(`${JOKER}=`) ? entry.slice(3) : null);
const rankOf = (code) => code.slice(0, -1);
// Many melds on the table are drawn smaller, so that the felt keeps its height and the piles stay in sight.
const meldDensity = (count) => (count > 8 ? "dense" : count > 4 ? "compact" : "");

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

  // Everybody sees who knocked (rules §5.8): the knock event of the frame, or a seat that came on turn at the main
  // step with the pile card while another seat was on turn.
  noteKnock(frame) {
    const view = frame.view;
    const knocked = (frame.events || []).filter((e) => e.action_kind === "knock").pop();
    if (knocked && this.knock?.version !== knocked.version) {
      this.knock = { seat: knocked.seat, card: view.taken, version: knocked.version };
      const text = interpolate(t("%(name)s knocked and takes %(card)s."), { name: seatName(frame, knocked.seat), card: view.taken || "" });
      setTimeout(() => this.shell.showNotice(text, "info"), 0);  // not inside the redraw that reads the frame
    }
    if (this.knock && (view.current !== this.knock.seat || view.phase === "done")) this.knock = null;
    this.lastCurrent = view.current;
  }

  // Every action goes through here: the last one sent is remembered, so a refusal can say why it lost a race.
  send(action) {
    this.sent = { action, version: this.shell.version, round: this.round };
    this.shell.act(action);
  }

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
  }

  raceText(frame, sent) {
    const view = frame.view;
    const name = seatName(frame, view.current);
    if ("knock" in sent.action) {
      return view.current === this.shell.mySeat ? null : interpolate(this.knock?.seat === view.current
        ? t("Too late: %(name)s knocked first and takes the card.") : t("Too late: %(name)s drew first, the window is closed."), { name });
    }
    return interpolate(t("%(name)s knocked first: you lose this turn."), { name });
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

  // A drag from the hand carries its card, and the picked cards with it when it is one of them.
  dragStart(event, code, key) {
    const picked = this.selected.has(key) ? this.cards(this.shell.frame).filter((c) => this.selected.has(c.key)) : [];
    this.dragging = { key, code, cards: picked.length > 1 ? picked.map((c) => c.code) : [code] };
    event.dataTransfer.setData(DRAG_TYPE, code);
    event.dataTransfer.effectAllowed = "move";
    setTimeout(() => this.shell.render(), 0);  // dim the card being carried (not while the browser takes its picture)
  }

  dragEnd() {
    this.dragging = null;
    this.target = null;
    this.shell.render();
  }

  handDragOver(event) {
    if (!this.dragging) return;
    event.preventDefault();
  }

  // Rearranging (rules: display only, any time, also off turn): the dragged card takes the place of the one it is
  // dropped on, the others close up.
  handDrop(event, key) {
    event.preventDefault();
    event.stopPropagation();
    const dragged = this.dragging?.key;
    if (!dragged || dragged === key) return this.dragEnd();
    this.moveCard(dragged, key);
    this.dragEnd();
  }

  // Move the card `from` (a key) to where the card `to` is.
  moveCard(from, to) {
    const frame = this.shell.frame;
    const cards = this.cards(frame);
    const a = cards.findIndex((c) => c.key === from);
    const b = cards.findIndex((c) => c.key === to);
    if (a < 0 || b < 0) return;
    const [moved] = cards.splice(a, 1);
    cards.splice(b, 0, moved);
    this.setOrder(frame, cards.map((c) => c.code), moved.code, b);
  }

  // Keep the new order and the key of the moved card (its copy number may change with its place).
  setOrder(frame, codes, code, at) {
    this.order = codes;
    storeOrder(frame.table.id, this.round, codes);
    const copy = codes.slice(0, at + 1).filter((c) => c === code).length;
    this.selected.clear();
    this.movedKey = `${code}:${copy}`;
    this.shell.render();
    this.shell.mount.querySelector(`#hand .card[data-key="${this.movedKey}"]`)?.focus();
  }

  // Shift + Left / Right on a hand card moves it (the keyboard's rearranging; docs/decisions-rummy.md "Keys").
  key(event, target) {
    const card = target?.closest?.("#hand .card");
    if (!card || !event.shiftKey || !["ArrowLeft", "ArrowRight"].includes(event.key)) return false;
    const frame = this.shell.frame;
    const cards = this.cards(frame);
    const at = cards.findIndex((c) => c.key === card.dataset.key);
    const to = at + (event.key === "ArrowLeft" ? -1 : 1);
    if (at < 0 || to < 0 || to >= cards.length) return true;
    const [moved] = cards.splice(at, 1);
    cards.splice(to, 0, moved);
    this.setOrder(frame, cards.map((c) => c.code), moved.code, to);
    return true;
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

  // Where a lay-off of `cards` onto meld `i` would go: "start" or "end" of the meld (a run grows at either end).
  layOffEnd(meld, cards) {
    if (meld.type !== "run") return "end";
    const first = meld.cards.map((e) => standIn(e) || e)[0];
    const firstRank = RANKS.indexOf(rankOf(first));
    const natural = cards.find((c) => c !== JOKER);
    if (!natural) return "end";
    const rank = RANKS.indexOf(rankOf(natural));
    if (rank === 0) return firstRank === 1 ? "start" : "end";  // an ace goes low before a 2, else high after the K
    return rank < firstRank ? "start" : "end";
  }

  meldDragOver(event, i, joker = null) {
    const frame = this.shell.frame;
    if (!this.dragging || this.step(frame) !== "main") return;
    event.preventDefault();
    event.stopPropagation();
    const meld = frame.view.melds[i];
    const swap = joker !== null && this.dragging.cards.length === 1 && this.dragging.code !== JOKER;
    const end = swap ? null : this.layOffEnd(meld, this.dragging.cards);
    if (this.target && this.target.meld === i && this.target.end === end && this.target.joker === joker) return;
    this.target = { meld: i, end, joker: swap ? joker : null };
    this.shell.render();
  }

  meldDragLeave(event, i) {
    if (this.target?.meld !== i || event.currentTarget.contains(event.relatedTarget)) return;
    this.target = null;
    this.shell.render();
  }

  meldDrop(event, i, joker = null) {
    event.preventDefault();
    event.stopPropagation();
    const dragging = this.dragging;
    this.dragEnd();
    if (!dragging) return;
    const frame = this.shell.frame;
    if (joker !== null && dragging.cards.length === 1 && dragging.code !== JOKER) this.swapJoker(frame, i, dragging.code);
    else this.layOff(frame, i, dragging.cards);
  }

  // Lay `cards` off onto meld i; a joker whose place is open either way goes where the listed lay-off puts it.
  layOff(frame, i, cards) {
    if (this.step(frame) !== "main") return;
    if (cards.length === 1 && cards[0] === JOKER) {
      const listed = (frame.legal || []).filter((a) => a.lay_off?.meld === i).map((a) => a.lay_off.cards[0])
        .filter((e) => handCode(e) === JOKER);
      this.send({ lay_off: { meld: i, cards: [listed[0] || JOKER] } });
      return;
    }
    this.send({ lay_off: { meld: i, cards } });
  }

  swapJoker(frame, i, card) {
    if (this.step(frame) !== "main") return;
    this.send({ swap_joker: { meld: i, card } });
  }

  // A picked card and a meld button (the keyboard's target): lay the picked cards off onto it.
  clickMeld(i) {
    const frame = this.shell.frame;
    if (this.step(frame) !== "main") return;
    const picked = this.pickedCodes(frame);
    if (!picked.length) { this.shell.showNotice(t("Pick the cards to lay off, then the meld."), "info"); return; }
    this.layOff(frame, i, picked);
  }

  // The swaps the picked card makes (legal `swap_joker`), as [{meld, card}].
  swaps(frame) {
    const picked = this.pickedCodes(frame);
    if (picked.length !== 1) return [];
    return (frame.legal || []).filter((a) => a.swap_joker && a.swap_joker.card === picked[0]).map((a) => a.swap_joker);
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
          <span class="visually-hidden">${top ? interpolate(t("Discard pile, top card %(card)s"), { card: top }) : t("Discard pile")}: </span>
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

  meld(frame, meld, i) {
    const target = this.target?.meld === i ? this.target : null;
    const arrow = (end) => (target && target.end === end ? html`<span class="meld-arrow" data-end=${end} aria-hidden="true">${end === "start" ? "➜" : "⬅"}</span>` : null);
    const label = interpolate(t("Meld %(number)s by %(name)s"), { number: i + 1, name: seatName(frame, meld.by) });
    return html`<div class=${target ? "meld drop-over" : "meld"} key=${i} data-meld=${i} data-by=${meld.by}
      onDragOver=${(e) => this.meldDragOver(e, i)} onDragLeave=${(e) => this.meldDragLeave(e, i)} onDrop=${(e) => this.meldDrop(e, i)}>
      <button type="button" class="meld-button" data-meld=${i} onClick=${() => this.clickMeld(i)}>
        <span class="visually-hidden">${`${label}: ${meld.cards.join(" ")}`}</span>
        ${arrow("start")}
        ${meld.cards.map((entry, j) => {
          const joker = entry.startsWith(JOKER);
          const swapHere = target?.joker === j;
          return html`<span class=${["meld-card", joker ? "meld-joker" : "", swapHere ? "swap-here" : ""].filter(Boolean).join(" ")}
            key=${j} aria-hidden="true" data-card=${entry} data-at=${j}
            onDragOver=${joker ? (e) => this.meldDragOver(e, i, j) : undefined}
            onDrop=${joker ? (e) => this.meldDrop(e, i, j) : undefined}><${RummyCard} code=${handCode(entry)}/>${
              joker && standIn(entry) ? html`<small class="stands-for">${standIn(entry)}</small>` : null}</span>`;
        })}
        ${arrow("end")}
      </button>
      <span class="meld-by">${seatName(frame, meld.by)}</span>
    </div>`;
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
      ${can ? html`<span class="hint">${interpolate(t("Take %(card)s and two stock cards, and play now."), { card: view.discard.at(-1) })}</span>`
        : html`<span class="hint" id="knock-why">${reason}</span>`}</div>`;
  }

  // Why this seat may not knock now (null in the deal's first turn, where there is no window).
  knockReason(frame) {
    const view = frame.view;
    const me = this.shell.mySeat;
    if (this.shell.readOnly) return t("This seat is played from another window.");
    if (!view.discard.length || (view.pile_takes.length === 0 && view.discard.length === 1 && this.firstTurn(frame))) return null;
    if (this.previousSeat(frame) === me) return t("You may not knock for your own discard.");
    if (!view.opened[me] && view.options.discard_before_opening !== "always") return t("Open first: only opened players may knock here.");
    return t("Knocking is not possible now: the stock is too small.");
  }

  // Whether this is the deal's first turn: nobody has discarded yet.
  firstTurn(frame) {
    const view = frame.view;
    const dealt = view.hand_sizes.filter((n) => n !== null).length;
    return view.stock_size === 110 - 13 * dealt - 1 && view.discard.length === 1;
  }

  previousSeat(frame) {
    const sizes = frame.view.hand_sizes;
    const n = sizes.length;
    for (let k = 1; k < n; k += 1) {
      const s = (frame.view.current - k + n) % n;
      if (sizes[s] !== null) return s;
    }
    return null;
  }

  // At the deal's end (rules §8): a player above the limit gets "Leave game" (back to the lobby), the others
  // "Continue" while the match goes on.
  endButtons(frame) {
    const me = this.shell.mySeat;
    if (me === null || this.shell.readOnly) return null;
    if (frame.view.eliminated?.[me]) {
      return html`<div class="rummy-bar end-bar"><span class="out-mark big" aria-hidden="true">✗</span>
        <span>${t("You are above the limit and out of the match.")}</span>
        <button type="button" class="primary" id="leave-game-button" onClick=${() => this.leaveGame()}>${t("Leave game")}</button></div>`;
    }
    if (frame.table.match_over || frame.table.status === "open") return null;
    return html`<div class="rummy-bar end-bar"><button type="button" class="primary" id="continue-button"
      onClick=${() => this.shell.nextDeal()}>${t("Continue")}</button></div>`;
  }

  // Leave the table (the page's leave form, which returns to the lobby).
  leaveGame() {
    const form = this.shell.root.querySelector("#leave-form");
    if (form) form.requestSubmit();
    else location.assign("/");
  }

  resultLine(frame) {
    const r = frame.view.result;
    if (!r) return null;
    if (r.void) return t("The stock ran out twice: the deal is void, nobody pays.");
    const paid = r.penalties.reduce((sum, p) => sum + (p || 0), 0);
    return interpolate(r.hand_jolly ? t("%(name)s went out by Hand-Jolly; the others pay %(points)s penalty points.")
      : t("%(name)s went out; the others pay %(points)s penalty points."), { name: seatName(frame, r.winner), points: paid });
  }

  scoreRows(frame) {
    const view = frame.view;
    if (view.phase !== "done" || !view.result) return null;
    const r = view.result;
    const row = (label, value, cls) => html`<tr class=${cls}><th>${label}</th><td>${value}</td></tr>`;
    if (r.void) return [row(t("Void deal"), t("The stock ran out twice: nobody pays."), "void")];
    const rows = [row(t("Went out"), seatName(frame, r.winner), "winner")];
    if (r.hand_jolly) rows.push(row(t("Hand-Jolly"), view.options.hand_jolly ? t("penalties doubled") : t("not doubled at this table"), "hand-jolly"));
    r.penalties.forEach((p, seat) => {
      if (p === null) return;
      const total = view.totals?.[seat];
      rows.push(html`<tr class="penalty-row" data-seat=${seat} key=${seat}><th>${seatName(frame, seat)}${view.eliminated?.[seat]
        ? html` <span class="out-mark" title=${t("out of the match")}>✗</span>` : null}</th>
        <td><span class="penalty">${p}</span><small class="total"> · ${interpolate(t("total %(points)s"), { points: total ?? "" })}</small></td></tr>`);
    });
    return rows;
  }
}
