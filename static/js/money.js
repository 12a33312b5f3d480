// Money in the browser: integer minor units (cents) as text with two places. The one money formatter of every
// script (the pages' is ledger/money.py, which also picks the decimal mark: the page puts it on <html>).
// Digits are cut as a string, so no float ever holds an amount.

/** The decimal mark of the page's language ("," or "."), from <html data-decimal-mark>; "." without one. */
export function decimalMark() {
  return document.documentElement.dataset.decimalMark || ".";
}

/**
 * Minor units as text: 792 → "7.92" ("7,92" with mark ","), -300 → "-3.00", 5 → "0.05".
 * Throws TypeError for anything but a safe integer (a float here would be a bug upstream).
 */
export function formatMoney(minor, mark = decimalMark()) {
  if (!Number.isSafeInteger(minor)) throw new TypeError(`an amount is an integer of minor units, not ${minor}`);
  const digits = String(Math.abs(minor)).padStart(3, "0");
  return `${minor < 0 ? "-" : ""}${digits.slice(0, -2)}${mark}${digits.slice(-2)}`;
}

/** As formatMoney with a "+" before a gain: 792 → "+7.92", -300 → "-3.00", 0 → "0.00" (ledger/money.py
 * format_signed_money). */
export function formatSignedMoney(minor, mark = decimalMark()) {
  return `${minor > 0 ? "+" : ""}${formatMoney(minor, mark)}`;
}

/**
 * An amount typed by a person as minor units: "0.50", "0,5", "2" → 50, 50, 200 (either decimal mark, at most two
 * places); null for anything else (empty, negative, three places, letters). Digits only, never a float.
 */
export function parseMoney(text) {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(String(text).trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] || "").padEnd(2, "0"));
}
