// The How to play page's card rows: every [data-cards] element gets its cards drawn with the game's own deck, the
// module named by the page (data-deck, static/js/cards/<deck>.js), in the design of the player's preferences (the
// json_script #game-preferences). Every deck module exports deckCard(preferences), the view component of one card.
import { html, render } from "./view.js";

const root = document.getElementById("how-to-play");

function preferences() {
  const node = document.getElementById("game-preferences");
  try {
    return node ? JSON.parse(node.textContent) : {};
  } catch {
    return {};
  }
}

async function drawCards() {
  const deck = await import(root.dataset.deck);
  const Card = deck.deckCard(preferences());
  for (const row of root.querySelectorAll("[data-cards]")) {
    const codes = row.dataset.cards.split(" ").filter(Boolean);
    render(html`${codes.map((code) => html`<span class="guide-card" data-card=${code}><${Card} code=${code}/></span>`)}`, row);
  }
  root.dataset.drawn = "1";
}

if (root && root.dataset.deck) drawCards();
