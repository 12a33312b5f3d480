// The fanned hand every card game shares: click or drag a playable card, or pick cards (a discard, a meld).
import { html } from "../../view.js";

export const DRAG_TYPE = "text/plain";  // what a dragged card carries: its code (the felt's middle reads it)

// On a phone the hand lies in overlapping rows of at most PHONE_ROW cards (tables.css): 8 cards 45 px apart fit a
// 390 px screen. The rows are as even as they can be (18 cards: 6, 6, 6), and a shorter row is shifted by half a
// step per missing card so it stays centred. Returns the card's CSS variables: --row, --col (1-based), --short.
export const PHONE_ROW = 8;
export function rowPlace(i, count) {
  const rows = Math.max(1, Math.ceil(count / PHONE_ROW));
  const perRow = Math.ceil(count / rows);
  const row = Math.floor(i / perRow);
  const inRow = Math.min(perRow, count - row * perRow);
  return { "--row": String(row + 1), "--col": String(i - row * perRow + 1), "--short": String(perRow - inRow) };
}

// cards: codes in hand order; Card: the deck's card component ({code}); mode: "play" (playable: Set of codes
// that may be played now, reason(code): why another may not), "select" (selected: Set, the chosen ones) or "idle"
// (disabled: true while it is not this seat's turn); onCard(code): a click on a playable or selectable card.
export function Hand({ cards, Card, mode = "idle", playable, reason, selected, disabled = false, onCard }) {
  const count = String(cards.length);
  const seen = {};
  return cards.map((code, i) => {
    seen[code] = (seen[code] || 0) + 1;  // two decks (Rummy) hold a code twice: keep each copy's own button
    const key = `${code}:${seen[code]}`;
    const style = { "--i": String(i), "--count": count, ...rowPlace(i, cards.length) };
    if (mode === "play") {
      const legal = playable.has(code);
      return html`<button type="button" key=${key} class=${legal ? "card legal" : "card illegal"} data-card=${code}
        style=${style} title=${legal ? undefined : reason(code)} draggable=${legal}
        onDragStart=${(e) => { e.dataTransfer.setData(DRAG_TYPE, code); e.dataTransfer.effectAllowed = "move"; }}
        onClick=${() => onCard(code)}><${Card} code=${code}/></button>`;
    }
    if (mode === "select") {
      const chosen = selected.has(code);
      return html`<button type="button" key=${key} class=${chosen ? "card selected" : "card"} data-card=${code}
        style=${style} aria-pressed=${String(chosen)} onClick=${() => onCard(code)}><${Card} code=${code}/></button>`;
    }
    return html`<button type="button" key=${key} class="card" data-card=${code} style=${style}
      disabled=${disabled}><${Card} code=${code}/></button>`;
  });
}
