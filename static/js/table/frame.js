// Reading a state frame (docs/decisions-tables.md "Sockets"): the helpers every game module needs, so that none
// re-reads the frame's shape its own way.
import { t, interpolate } from "../i18n.js";

// The values of the seat's legal actions of one kind, e.g. legalValues(frame, "play") -> Set of card codes.
export function legalValues(frame, kind) {
  return new Set((frame?.legal || []).filter((a) => kind in a).map((a) => a[kind]));
}

// The engine's refusal code for an offered call (kind, value key) that is not allowed now, or undefined.
// Frames list refusals by kind ({"play": {"KS": "must_follow_suit"}}); older frames listed only cards.
export function refusalOf(frame, kind, key) {
  const refusals = frame?.refusals;
  if (!refusals) return undefined;
  const byKind = refusals[kind];
  if (byKind && typeof byKind === "object") return byKind[key];
  return kind === "play" && typeof refusals[key] === "string" ? refusals[key] : undefined;
}

// The name shown for a seat: the person dealt into the running round (a person who left stays named on its deal),
// else the seat's holder.
export function seatName(frame, seat) {
  const dealt = frame?.table.round?.players || [];
  const s = frame?.table.seats[seat];
  return dealt[seat] || s?.name || "?";
}

// Seat positions around the felt for 2, 3 or 4 seats, by offset from the bottom seat (counter-clockwise, FFT:
// the next seat to play sits on the right).
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };

// Where `seat` sits for a viewer whose own seat is `bottom` (a spectator sees seat 0 at the bottom).
export function positionOf(seat, bottom, count) {
  const n = POSITIONS[count] ? count : 4;
  return POSITIONS[n][(((seat - (bottom ?? 0)) % n) + n) % n];
}

// The match's length as the table's bar shows it: "Deal 2 of 4" in a match of `deals` deals, "Deal 2 · until the
// table closes" in a match without a fixed number (`deals` 0 or null); `number` counts the deals that count for
// the match's end (redeals do not), this one included.
export function dealOfMatch(number, deals) {
  return deals ? interpolate(t("Deal %(number)s of %(count)s"), { number, count: deals })
    : interpolate(t("Deal %(number)s · until the table closes"), { number });
}
