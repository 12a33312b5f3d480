// Swiss Jass on the table shell, both variants (Schieber in teams, Differenzler alone; docs/rules/jass.md), on the
// game-module contract (docs/decisions-tables.md "Game modules"): the trump choice or the push (§5.1), the Weis
// offered before the first card from the frame's hints (§5.4), "Enough, thanks" in its window (§5.6), the
// Differenzler prediction (§5.2), the trump, multiplier and both teams' scores always in sight, and the score rows.
// The cards are the player's chosen design (static/js/cards/jass.js); suit names follow that design.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { jassDeck, readDesign, CardBack } from "../cards/jass.js";
import { legalValues, seatName } from "../table/frame.js";
import { Hand } from "../table/components/hand.js";
import { trickCardPlay } from "../table/trick-play.js";
import { Trick, MiniCards } from "../table/components/cards.js";

const MAX_PREDICTION = 157;  // the card points of a round (§2)

export function createGame(shell) {
  return new Jass(shell, jassDeck(readDesign()));
}

const team = (seat) => seat % 2;  // §3: seats 0 and 2 are team 0, 1 and 3 team 1

class Jass {
  constructor(shell, deck) {
    this.shell = shell;
    this.deck = deck;
    this.Card = deck.Card;
    this.round = null;
    this.weis = null;  // the Weis being chosen before the first card: {picked: Set of group indexes} or "skipped"
    this.prediction = "";  // the number typed into the prediction box
  }

  // A new deal forgets the Weis and the prediction being chosen in the last one.
  sync(frame) {
    const round = frame.table.round?.number;
    if (round === this.round) return;
    this.round = round;
    this.weis = null;
    this.prediction = "";
  }

  schieber(frame) { return frame.view.game === "jass-schieber"; }

  errorText(code) {
    return {
      must_follow_suit: t("You must follow suit."), undertrump_forbidden: t("You may not undertrump."),
      not_in_hand: t("That card is not in your hand."), already_pushed: t("Your partner pushed: you must choose."),
      prediction_out_of_range: t("Predict between 0 and 157 points."), weis_too_late: t("A Weis is declared before your first card."),
      weis_already_declared: t("You have declared your Weis."), weis_invalid: t("That is not a Weis."),
      weis_not_allowed: t("There is no Weis in this game."), thanks_not_now: t("“Enough, thanks” only right after your team took a trick."),
      thanks_not_allowed: t("This table ends the match by itself."), wrong_phase: t("Not now."),
    }[code];
  }

  // The name of a mode (§2): a suit in the chosen design, Obenabe or Unenufe.
  modeName(mode) {
    if (mode === "obenabe") return t("Obenabe");
    if (mode === "unenufe") return t("Unenufe");
    return mode ? this.deck.suitName(mode) : "";
  }

  // Schieber's match sheet has a column per team (partners share their score, §6.5); Differenzler's one per seat.
  matchColumns(frame) {
    return this.schieber(frame) ? [0, 1].map((team) => ({ label: this.teamName(frame, team), seat: team })) : null;
  }

  teamName(frame, number) {
    return `${seatName(frame, number)} & ${seatName(frame, number + 2)}`;
  }

  // --- playing cards ---------------------------------------------------------------------------------------------
  // While cards are played only the seat to play has a move due: the winner's partner in the "Enough, thanks"
  // window has an optional call, not a turn, so no turn mark, sound or focus (rules §5.6; the engine's `due`).
  dueSeats(frame) {
    const view = frame.view;
    if (view.phase !== "play") return view.to_act || [];
    return [(view.trick.leader + view.trick.cards.length) % 4];
  }

  // The seat to play has its cards listed; the winner's partner in the "Enough, thanks" window has only the call.
  canPlay(frame) { return !!frame?.view && frame.view.phase === "play" && this.shell.myTurn() && legalValues(frame, "play").size > 0; }

  hand(frame) {
    this.sync(frame);
    const cards = frame.view.hand || [];
    if (this.canPlay(frame)) {
      return html`<${Hand} cards=${cards} Card=${this.Card} mode="play" playable=${legalValues(frame, "play")}
        reason=${(card) => this.refusalText(frame, card)} onCard=${(card) => this.play(this.shell.frame, card)}/>`;
    }
    return html`<${Hand} cards=${cards} Card=${this.Card} disabled=${!this.shell.myTurn()}/>`;
  }

  middle(frame) {
    const view = frame.view;
    const trick = html`<${Trick} plays=${this.trick(frame)} Card=${this.Card} position=${(seat) => this.shell.position(seat)}/>`;
    if (this.schieber(frame) || !view.trump_card) return trick;
    // Differenzler: the dealer's last card lies face up beside the trick until the first trick is over (§4)
    return html`${trick}${view.tricks_played === 0 && view.phase !== "done" ? html`<div class="jass-trump-card" id="trump-card"
      title=${interpolate(t("Trump card: %(card)s"), { card: this.deck.cardName(view.trump_card) })}>
      <${this.Card} code=${view.trump_card}/><small>${t("Trump")}</small></div>` : null}`;
  }

  // The view's trick is {leader, cards}: the plays in order from the leader (§7).
  trick(frame) {
    const trick = frame.view.trick;
    return trick.cards.map((card, i) => ({ seat: (trick.leader + i) % 4, card }));
  }

  lastTrick(frame) {
    const last = frame.view.last_trick;
    return last ? last.cards.map((card, i) => ({ seat: (last.leader + i) % 4, card })) : null;
  }

  trickWinner(frame) { return frame.view.last_trick?.winner ?? null; }

  // §7: only the last completed trick is in the view while the round runs; it is its winner's won cards.
  wonCards(frame, seat) {
    const last = frame.view.last_trick;
    return last && last.winner === seat ? [{ label: t("Last trick"), plays: this.lastTrick(frame), winner: seat }] : null;
  }

  // --- the seats and the line under the felt ---------------------------------------------------------------------
  seat(frame, seat) {
    const view = frame.view;
    const marks = [];
    if (this.schieber(frame)) {
      if (view.chooser === seat && view.mode) marks.push(html`<span class="jass-mark chooser">${t("chose trump")}</span>`);
      if (view.pushed && seat === view.forehand) marks.push(html`<span class="jass-mark pushed">${t("pushed")}</span>`);
      const announced = view.weis?.announced?.[seat];
      if (announced) marks.push(html`<span class="jass-mark weis" data-seat=${seat}>${t("Weis")} ${announced.best}</span>`);
      if (view.stoeck?.seat === seat) marks.push(html`<span class="jass-mark stoeck">${t("Stöck")}</span>`);
    } else {
      const value = view.predictions?.[seat];
      if (value !== null && value !== undefined) {
        marks.push(html`<span class="jass-mark prediction" data-seat=${seat}>${t("predicted")} ${value}</span>`);
      } else if (view.predicted?.[seat]) {
        marks.push(html`<span class="jass-mark prediction secret" data-seat=${seat}>${t("predicted")} ?</span>`);
      }
      if (view.phase !== "predict") marks.push(html`<span class="jass-mark points" title=${t("card points taken")}>${
        interpolate(t("%(points)s points"), { points: view.points[seat] })}</span>`);
    }
    return html`<span class="card-count" title=${t("cards in hand")}><${CardBack}/><b>${view.hand_sizes[seat]}</b></span>
      ${marks}<span class="tricks-won" title=${t("tricks won")}>${view.tricks_won[seat]}</span>`;
  }

  info(frame) {
    return this.schieber(frame) ? this.schieberInfo(frame) : this.differenzlerInfo(frame);
  }

  // Schieber's seats show their team's total with this round's points so far, the figure of the team line.
  seatScores(frame) {
    const totals = frame.view.totals;
    return this.schieber(frame) && totals ? [0, 1, 2, 3].map((s) => totals[team(s)]) : null;
  }

  // Trump, multiplier and both teams' scores, always in sight; the Weis scored after trick 1 (§7).
  schieberInfo(frame) {
    const view = frame.view;
    const target = view.options.target;
    const scored = view.weis?.scored;
    const mine = this.shell.mySeat === null ? null : team(this.shell.mySeat);
    const teamLine = (n) => html`<span class=${`jass-team team-${n}${mine === n ? " mine" : ""}`} data-team=${n}>
      <span class="jass-team-name">${this.teamName(frame, n)}</span>
      <b class="jass-team-total">${view.totals[n]}</b><small> / ${target}</small>
      ${view.mode ? html` <small class="jass-team-round">(${t("this round")} ${view.credited[n].total})</small>` : null}</span>`;
    return html`<div class="jass-status" id="jass-status">
        <span class="jass-trump" id="jass-trump">${view.mode
          ? html`${t("Trump")}: <b>${this.modeName(view.mode)}</b> ×${view.multiplier}${view.pushed ? html` · <small>${t("pushed")}</small>` : null}`
          : html`${t("Trump")}: <i>${interpolate(t("%(name)s chooses"), { name: seatName(frame, view.pushed ? (view.forehand + 2) % 4 : view.forehand) })}</i>`}</span>
        ${teamLine(0)}${teamLine(1)}
      </div>
      ${scored ? html`<div class="jass-weis-scored" id="weis-scored">${t("Weis")} (${this.teamName(frame, scored.team)}):
        ${scored.declarations.map((d) => html`<span key=${d.seat} class="weis-declaration" data-seat=${d.seat}>${seatName(frame, d.seat)}
          ${d.weis.map((group, i) => html`<span key=${i} class="weis-group"><${MiniCards} cards=${group} Card=${this.Card}/> ${d.values[i]}</span>`)}</span>`)}
      </div>` : null}
      ${view.stoeck ? html`<div class="jass-stoeck">${t("Stöck")}: ${seatName(frame, view.stoeck.seat)} (${view.stoeck.points})</div>` : null}`;
  }

  differenzlerInfo(frame) {
    const view = frame.view;
    const secret = view.options.predictions === "secret";
    return html`<div class="jass-status" id="jass-status">
      <span class="jass-trump" id="jass-trump">${t("Trump")}: <b>${this.modeName(view.trump)}</b>
        <span class="mini-trump"><${MiniCards} cards=${[view.trump_card]} Card=${this.Card}/></span></span>
      <span class="jass-calls">${secret ? t("Secret calls") : t("Open calls")}</span>
      <span class="jass-totals-label">${t("Differences so far")}:</span>
      ${view.totals.map((total, seat) => html`<span key=${seat} class="jass-total" data-seat=${seat}>${seatName(frame, seat)}: <b>${total}</b></span>`)}
    </div>`;
  }

  // "Enough, thanks" for either member of the team that took the last trick, only while the engine lists it (§5.6).
  // Called before the team has reached the target it hands the match to the other team (§6.3): then the button is
  // not the primary one, says so beside it, and asks a second press.
  actions(frame) {
    const me = this.shell.mySeat;
    if (me === null || this.shell.readOnly || !(frame.view.to_act || []).includes(me)
      || !legalValues(frame, "thanks").has(true)) return null;
    const view = frame.view;
    const points = view.totals[team(me)];
    if (points >= view.options.target) {
      return html`<button type="button" class="primary" id="thanks-button" onClick=${() => this.shell.act({ thanks: true })}>${t("Enough, thanks")}</button>`;
    }
    const armed = this.thanksArmed === frame.version;
    const press = () => {
      if (armed) this.shell.act({ thanks: true });
      else { this.thanksArmed = frame.version; this.shell.render(); }
    };
    return html`<button type="button" class=${armed ? "danger" : ""} id="thanks-button" data-armed=${armed ? "true" : "false"}
      onClick=${press}>${armed ? t("End the match: the other team wins") : t("Enough, thanks")}</button>
      <small class="thanks-warning" id="thanks-warning">${interpolate(t("Your team has %(points)s of %(target)s: calling now loses the match."),
        { points, target: view.options.target })}</small>`;
  }

  // --- questions -------------------------------------------------------------------------------------------------
  question(frame) {
    this.sync(frame);
    const view = frame.view;
    if (!this.shell.myTurn()) return null;
    const key = `${frame.version}:${view.phase}`;
    if (view.phase === "trump") {
      const legal = frame.legal || [];
      const modes = legal.filter((a) => "trump" in a).map((a) => ({ label: this.modeName(a.trump), value: a.trump, primary: true }));
      const push = legal.some((a) => a.push) ? [{ label: t("Schieben (push to partner)"), value: "push" }] : [];
      return { key, kind: "trump", title: view.pushed ? t("Your partner pushed: choose trump") : t("Choose trump"),
        body: html`<p>${t("Obenabe: no trump, high wins. Unenufe: no trump, low wins.")}</p>`, buttons: [...push, ...modes],
        answer: (value) => this.shell.act(value === "push" ? { push: true } : { trump: value }) };
    }
    if (view.phase === "predict") return this.predictionQuestion(frame, key);
    if (view.phase === "play" && this.canPlay(frame) && frame.hints?.weis && this.weis !== "skipped") return this.weisQuestion(frame);
    return null;
  }

  // The Weis the hand holds (the engine's hints: every group, ready to send), each ticked by default; the player
  // declares those ticked or none (§5.4). The answer is the whole declaration: the engine allows one.
  weisQuestion(frame) {
    const { groups, points } = frame.hints.weis;
    if (!this.weis) this.weis = { picked: new Set(groups.map((_, i) => i)) };
    const picked = this.weis.picked;
    const toggle = (i) => { if (picked.has(i)) picked.delete(i); else picked.add(i); this.shell.render(); };
    const body = html`<p>${t("Your hand holds a Weis. Declare it before your first card?")}</p><div class="weis-choice">
      ${groups.map((group, i) => html`<label key=${i} class="weis-option"><input type="checkbox" name="weis" value=${i}
        checked=${picked.has(i)} onChange=${() => toggle(i)}/><${MiniCards} cards=${group} Card=${this.Card}/>
        <span class="weis-points">${interpolate(t("%(points)s points"), { points: points[i] })}</span></label>`)}</div>`;
    return { key: `weis:${frame.table.round?.number}`, kind: "weis", title: t("Declare a Weis"), body,
      buttons: [{ label: t("No Weis"), value: "" }, { label: t("Declare"), value: "declare", primary: true }],
      answer: (value) => {
        const chosen = groups.filter((_, i) => picked.has(i));
        this.weis = "skipped";
        if (value === "declare" && chosen.length) this.shell.act({ weis: chosen });
        else this.shell.render();
      } };
  }

  // Secret predictions are made at once by every seat (§5.2): one that lost the race to another seat's is sent again.
  resendsWhenStale(action) { return !!action && "predict" in action; }

  predictionQuestion(frame, key) {
    const secret = frame.view.options.predictions === "secret";
    const send = () => {
      const n = Number(this.prediction);
      if (this.prediction === "" || !Number.isInteger(n) || n < 0 || n > MAX_PREDICTION) {
        this.shell.ui.answered = null;  // ask again at once: the notice's redraw brings the dialog back
        this.shell.showNotice(this.errorText("prediction_out_of_range"), "error");
        return;
      }
      this.shell.act({ predict: n });
    };
    const question = { key, kind: "predict", title: t("Your prediction"),
      buttons: [{ label: t("Predict"), value: "predict", primary: true }], answer: send };
    // §5.2: secret values are revealed once the round is scored, not when the fourth is in
    question.body = html`<p>${secret ? t("How many card points will you take? The others see it once the round is scored.")
      : t("How many card points will you take? The others see it at once.")}</p>
      <label class="prediction-field">${t("Points (0–157)")} <input type="number" id="prediction-input" min="0" max=${MAX_PREDICTION}
        step="1" inputmode="numeric" value=${this.prediction} onInput=${(e) => { this.prediction = e.target.value; }}
        onKeyDown=${(e) => { if (e.key === "Enter") { e.preventDefault(); this.shell.answer(question, "predict"); } }}/></label>`;
    return question;
  }

  // --- the finished round ----------------------------------------------------------------------------------------
  resultLine(frame) {
    const r = frame.view.result;
    if (!r) return null;
    if (this.schieber(frame)) {
      return interpolate(t("This round: %(team0)s %(points0)s points, %(team1)s %(points1)s points."),
        { team0: this.teamName(frame, 0), points0: r.teams[0].total, team1: this.teamName(frame, 1), points1: r.teams[1].total });
    }
    return r.penalties.map((p, seat) => interpolate(t("%(name)s: %(points)s points, difference %(penalty)s."),
      { name: seatName(frame, seat), points: r.points[seat], penalty: p })).join(" ");
  }

  scoreRows(frame) {
    const view = frame.view;
    if (view.phase !== "done" || !view.result) return null;
    return this.schieber(frame) ? this.schieberRows(frame, view.result) : this.differenzlerRows(frame, view.result);
  }

  // §6.5: per team card points, Match, Weis, Stöck (raw), the multiplier and the round's total; then the match.
  schieberRows(frame, r) {
    const cells = (values, cls) => values.map((v, i) => html`<td key=${i} class=${cls}>${v}</td>`);
    const row = (label, values, cls) => html`<tr class=${cls}><th scope="row">${label}</th>${cells(values)}</tr>`;
    const rows = [
      html`<tr class="teams"><th scope="col"></th>${[0, 1].map((n) => html`<th scope="col" key=${n}>${this.teamName(frame, n)}</th>`)}</tr>`,
      html`<tr class="mode"><th scope="row">${t("Trump")}</th><td colspan="2">${this.modeName(r.mode)} ×${r.multiplier} · ${
        interpolate(t("chosen by %(name)s"), { name: seatName(frame, r.chooser) })}${r.pushed ? ` (${t("pushed")})` : ""}</td></tr>`,
      row(t("Card points"), r.teams.map((x) => x.cards), "item item-cards"),
      row(t("Match bonus"), r.teams.map((x) => x.match), "item item-match"),
      row(t("Weis"), r.teams.map((x) => x.weis), "item item-weis"),
      row(t("Stöck"), r.teams.map((x) => x.stoeck), "item item-stoeck"),
      row(interpolate(t("This round (×%(multiplier)s)"), { multiplier: r.multiplier }), r.teams.map((x) => x.total), "round-total"),
      row(t("Match total"), r.totals, "match-total"),
    ];
    for (const d of r.weis?.declarations || []) {
      rows.push(html`<tr class="weis-row" data-seat=${d.seat}><th scope="row">${t("Weis")} · ${seatName(frame, d.seat)}</th><td colspan="2">
        ${d.weis.map((group, i) => html`<span key=${i} class="weis-group"><${MiniCards} cards=${group} Card=${this.Card}/> ${d.values[i]}</span>`)}</td></tr>`);
    }
    if (r.ended) {
      const how = r.ended.by === "thanks" ? interpolate(t("“Enough, thanks” by %(name)s"), { name: seatName(frame, r.ended.caller) })
        : r.ended.by === "auto" ? t("target reached") : t("end of the round");
      rows.push(html`<tr class="match-end"><th scope="row">${t("Match won by")}</th><td colspan="2">${this.teamName(frame, r.ended.winner_team)} · ${how}</td></tr>`);
    }
    return rows;
  }

  // §6.4: per seat the prediction, the card points and the difference; the running totals; the ranking at the end.
  differenzlerRows(frame, r) {
    const seats = [0, 1, 2, 3];
    const row = (label, values, cls) => html`<tr class=${cls}><th scope="row">${label}</th>${values.map((v, i) => html`<td key=${i}>${v}</td>`)}</tr>`;
    const rows = [
      html`<tr class="seats"><th scope="col"></th>${seats.map((s) => html`<th scope="col" key=${s}>${seatName(frame, s)}</th>`)}</tr>`,
      html`<tr class="mode"><th scope="row">${t("Trump")}</th><td colspan="4">${this.modeName(r.trump)}</td></tr>`,
      row(t("Prediction"), r.predictions, "item item-prediction"),
      row(t("Card points"), r.points, "item item-points"),
      row(t("Difference"), r.penalties, "item item-penalty"),
      row(t("Total of differences"), r.totals, "match-total"),
    ];
    if (r.ended) {
      const ranking = rankOf(r.totals);
      rows.push(row(t("Place"), ranking, "ranking"));
      rows.push(html`<tr class="match-end"><th scope="row">${t("Winner")}</th><td colspan="4">${seatName(frame, r.ended.winner)}</td></tr>`);
    }
    return rows;
  }
}

// Places by ascending totals, ties sharing a place (§8): [30, 45, 30, 90] -> [1, 3, 1, 4].
function rankOf(totals) {
  return totals.map((total) => 1 + totals.filter((other) => other < total).length);
}

Object.assign(Jass.prototype, trickCardPlay);  // play, drop and refusalText of a hand card
