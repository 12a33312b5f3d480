// The money of a stakes table in words, before anyone sits: the lobby box, the New game dialog and the table bar
// draw these lines from the server's terms (games.services.table_terms.MoneyTerms.to_json(): integer minor units).
// The worst case is the server's figure; this module only words and formats it (static/js/money.js).
import { formatMoney } from "./money.js";
import { t, interpolate } from "./i18n.js";

/** "stake 0.10 · limit 4.50" of terms `{stake, limit, default_limit}` (the limit marked when it is the default). */
export function stakeLine(terms) {
  const limit = terms.default_limit
    ? interpolate(t("limit %(amount)s (the game's default)"), { amount: formatMoney(terms.limit) })
    : interpolate(t("limit %(amount)s"), { amount: formatMoney(terms.limit) });
  return `${interpolate(t("stake %(amount)s"), { amount: formatMoney(terms.stake) })} · ${limit}`;
}

/** "Worst case per deal: 13.50 (limit × 3 other players)" of terms `{worst_case, seats, unit}`. */
export function worstCaseLine(terms) {
  const values = { amount: formatMoney(terms.worst_case), others: terms.seats - 1 };
  return terms.unit === "match"
    ? interpolate(t("Worst case per match: %(amount)s (limit × %(others)s other players)"), values)
    : interpolate(t("Worst case per deal: %(amount)s (limit × %(others)s other players)"), values);
}
