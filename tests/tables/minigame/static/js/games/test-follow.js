// The tests' own game "Follow" on the table shell, written on the game-module contract alone
// (docs/decisions-tables.md "Game modules") with the shared components: its cards drawn as their codes, the trick,
// the hand with the legal cards, each seat's tricks and a score row per seat. Only the tests' settings serve it
// (tests/settings.py); README.md "Adding a game" says how a game's module is added.
import { html } from "/static/js/view.js";
import { t } from "/static/js/i18n.js";
import { legalValues, seatName } from "/static/js/table/frame.js";
import { Hand } from "/static/js/table/components/hand.js";
import { Trick } from "/static/js/table/components/cards.js";

const Card = ({ code }) => html`<span class="follow-card">${code}</span>`;

export function createGame(shell) {
  const play = (card) => shell.act({ play: card });
  return {
    Card,
    middle: (frame) => html`<${Trick} plays=${frame.view.trick} Card=${Card} position=${(s) => shell.position(s)}/>`,
    hand: (frame) => (shell.myTurn()
      ? html`<${Hand} cards=${frame.view.hand || []} Card=${Card} mode="play" playable=${legalValues(frame, "play")}
          reason=${() => t("Follow suit.")} onCard=${play}/>`
      : html`<${Hand} cards=${frame.view.hand || []} Card=${Card} disabled=${true}/>`),
    seat: (frame, n) => html`<span class="tricks-won">${frame.view.tricks_won[n]}</span>`,
    scoreRows: (frame) => frame.view.result && frame.view.result.scores.map((score, n) =>
      html`<tr><th>${seatName(frame, n)}</th><td>${score}</td></tr>`),
    lastTrick: (frame) => (frame.view.last_trick.length ? frame.view.last_trick : null),
  };
}
