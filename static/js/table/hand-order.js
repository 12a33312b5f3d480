// A hand the player arranges by hand (docs/decisions-rummy.md "Hand order"): the order is the player's, kept in
// the browser's localStorage per table and deal, so a reload during the deal shows it again; the server keeps the
// hand canonical (a multiset) and never learns the order. A game whose pack holds a code twice keys each copy by
// its occurrence ("7H:1", "7H:2").

const PREFIX = "kibitz:hand-order";
const KEEP = 20;  // deals kept per browser: older ones are dropped

// The cards of `hand` (codes, canonical) in the order `order` gives them: the codes of `order` still held keep their
// places (as many copies as are held), the others (just drawn) go to the right end in the hand's order.
export function arrange(order, hand) {
  const left = {};
  for (const code of hand) left[code] = (left[code] || 0) + 1;
  const kept = [];
  for (const code of order) {
    if (left[code] > 0) { kept.push(code); left[code] -= 1; }
  }
  for (const code of hand) {
    if (left[code] > 0) { kept.push(code); left[code] -= 1; }
  }
  return kept;
}

// [{code, key}] for the arranged codes: key = "code:n", the n-th copy from the left.
export function keyed(codes) {
  const seen = {};
  return codes.map((code) => {
    seen[code] = (seen[code] || 0) + 1;
    return { code, key: `${code}:${seen[code]}` };
  });
}

const storageKey = (table, round) => `${PREFIX}:${table}:${round}`;

export function storedOrder(table, round) {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(table, round)) || "[]");
    return Array.isArray(stored) ? stored.filter((c) => typeof c === "string") : [];
  } catch {
    return [];  // no storage (private mode) or a spoilt entry: the canonical order
  }
}

export function storeOrder(table, round, codes) {
  try {
    localStorage.setItem(storageKey(table, round), JSON.stringify(codes));
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(`${PREFIX}:`));
    if (keys.length > KEEP) for (const k of keys.slice(0, keys.length - KEEP)) localStorage.removeItem(k);
  } catch {
    // storage full or off: the order lasts until the page is left
  }
}
