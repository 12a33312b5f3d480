// A game module for tests/e2e/test_table_shell.py, written on the game-module contract alone
// (docs/decisions-tables.md "Game modules"): it draws the frame's trick and hand with the shared components, a
// word under each seat, and asks the question the frame's view names. It records the actions it sends.
import { html } from "/static/js/view.js";
import { TarotCard } from "/static/js/cards/tarot.js";
import { legalValues } from "/static/js/table/frame.js";
import { Hand } from "/static/js/table/components/hand.js";
import { Trick } from "/static/js/table/components/cards.js";

export function createGame(shell) {
  const play = (card) => shell.act({ play: card });
  return {
    Card: TarotCard,
    middle: (frame) => html`<${Trick} plays=${frame.view.trick} Card=${TarotCard} position=${(s) => shell.position(s)}/>`,
    hand: (frame) => (shell.myTurn() ? html`<${Hand} cards=${frame.view.hand} Card=${TarotCard} mode="play"
      playable=${legalValues(frame, "play")} reason=${() => "not now"} onCard=${play}/>`
      : html`<${Hand} cards=${frame.view.hand} Card=${TarotCard} disabled=${true}/>`),
    seat: (frame, n) => html`<span class="test-extra">${frame.view.notes?.[n] ?? ""}</span>`,
    question: (frame) => (frame.view.ask ? { key: `${frame.version}:ask`, kind: "ask", title: frame.view.ask,
      buttons: [{ label: "Yes", value: "yes", primary: true }, { label: "No", value: "no" }],
      answer: (value) => shell.act({ answer: value }) } : null),
    lastTrick: (frame) => frame.view.last_trick,
    trick: (frame) => frame.view.trick,
    trickWinner: (frame) => frame.view.last_winner ?? null,
    // the view's `won` lists what a seat's won cards the test's rules show: {seat: [{label, plays}]}
    wonCards: (frame, n) => (frame.view.won?.[n] || null)?.map((g) => ({ ...g, winner: n })) ?? null,
    scoreRows: (frame) => (frame.view.rows ? frame.view.rows.map((r) => html`<tr key=${r}><th>${r}</th></tr>`) : null),
    canDrop: () => true,
    drop: (frame, card) => play(card),
  };
}
