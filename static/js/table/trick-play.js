// Playing a card of the hand in a trick game (French Tarot, Tarock, Jass): a legal card is sent; any other is
// refused on the page with the frame's reason, and nothing is sent; a card dropped on the felt is played the same
// way. A game module mixes these in (`Object.assign(Game.prototype, trickCardPlay)`) and supplies
// `canPlay(frame)` and `errorText(code)` (docs/decisions-tables.md "Game modules").
import { t } from "../i18n.js";
import { legalValues, refusalOf } from "./frame.js";

export const trickCardPlay = {
  refusalText(frame, card) {
    return this.errorText(refusalOf(frame, "play", card)) || t("You may not play that card now.");
  },

  play(frame, card) {
    if (!this.canPlay(frame)) return;
    if (!legalValues(frame, "play").has(card)) {
      this.shell.showNotice(this.refusalText(frame, card), "error");
      return;
    }
    this.shell.act({ play: card });
  },

  canDrop(frame) { return this.canPlay(frame); },

  drop(frame, card) { this.play(frame, card); },
};
