// Each recorded action of a deal as a sentence for people, in the page's language ("Blaise bids Garde", "Dmitri
// plays King of Hearts"), for the replay viewer (static/js/replay.js). A card is named by its own drawing's
// accessible name in the viewer's deck (static/js/cards/names.js and each deck's faces), so the sentence and the
// card on the felt always say the same.
import { html, render } from "../view.js";
import { t, interpolate } from "../i18n.js";

// The accessible name of `code` as the deck component `Card` draws it (cached per component and code).
const names = new Map();
export function cardName(Card, code) {
  const key = `${Card.name}:${code}`;
  if (!names.has(key)) {
    const box = document.createElement("div");
    render(html`<${Card} code=${code}/>`, box);
    names.set(key, box.querySelector("[aria-label]")?.getAttribute("aria-label") || code);
  }
  return names.get(key);
}

// "A, B and C": the page's words between the items of a list.
function list(items) {
  if (items.length < 2) return items.join("");
  return interpolate(t("%(items)s and %(last)s"), { items: items.slice(0, -1).join(", "), last: items.at(-1) });
}

// The sentence of step {seat, action} of a deal of `game` (the table module's game, for its deck and labels);
// labels: the table module itself, whose exported labels name its calls (French Tarot's `bidLabel`, Tarock's
// `contractLabel` and `itemLabel`: no other game's module is loaded); name: the acting seat's name.
export function sentence(game, labels, name, action) {
  const bidLabel = labels.bidLabel || String;
  const contractLabel = labels.contractLabel || String;
  const itemLabel = labels.itemLabel || String;
  const Card = game.Card;
  const card = (code) => cardName(Card, String(code).split("=")[0]);  // a meld's joker "JK=QH" is a joker
  const cards = (codes) => list(codes.map(card));
  const say = (text, values = {}) => interpolate(text, { name, ...values });
  const [kind] = Object.keys(action);
  const value = action[kind];
  switch (kind) {
    case "bid":
      return value === "pass" ? say(t("%(name)s passes")) : say(t("%(name)s bids %(bid)s"), { bid: bidLabel(value) });
    case "contract": {
      const text = say(t("%(name)s bids %(bid)s"), { bid: contractLabel(value) });
      return action.announce?.length ? `${text} · ${say(t("%(name)s announces %(items)s"), { items: list(action.announce.map(itemLabel)) })}` : text;
    }
    case "pass":
      return say(t("%(name)s passes"));
    case "announce":
      return say(t("%(name)s announces %(items)s"), { items: list([].concat(value).map(itemLabel)) });
    case "kontra":
      return say(t("%(name)s doubles the %(item)s"), { item: itemLabel(value) });
    case "slam":
      return value ? say(t("%(name)s announces a slam")) : say(t("%(name)s announces no slam"));
    case "call":
      return say(t("%(name)s calls %(card)s"), { card: card(value) });
    case "discard":
      return Array.isArray(value) ? say(t("%(name)s lays %(count)s cards aside: %(cards)s"), { count: value.length, cards: cards(value) })
        : say(t("%(name)s discards %(card)s"), { card: card(value) });
    case "handful":
      return say(t("%(name)s shows a handful: %(cards)s"), { cards: cards(value) });
    case "play":
      return say(t("%(name)s plays %(card)s"), { card: card(value) });
    case "trump":
      return say(t("%(name)s chooses %(trump)s"), { trump: game.modeName ? game.modeName(value) : value });
    case "push":
      return say(t("%(name)s pushes to the partner"));
    case "predict":
      return say(t("%(name)s predicts %(points)s points"), { points: value });
    case "weis":
      return say(t("%(name)s shows Weis: %(cards)s"), { cards: value.map(cards).join(" · ") });
    case "thanks":
      return say(t("%(name)s says “Enough, thanks”"));
    case "draw":
      return value === "stock" ? say(t("%(name)s draws from the stock")) : say(t("%(name)s takes the top of the discard pile"));
    case "meld":
      return say(t("%(name)s lays down %(melds)s"), { melds: value.map(cards).join(" · ") });
    case "lay_off":
      return say(t("%(name)s lays off %(cards)s"), { cards: cards(value.cards) });
    case "swap_joker":
      return say(t("%(name)s puts %(card)s in place of a joker and takes the joker"), { card: card(value.card) });
    case "knock":
      return say(t("%(name)s knocks"));
    default:
      return `${name}: ${JSON.stringify(action)}`;
  }
}
