// The lobby's filters: by game, by stakes (none / with, and a highest stake), by a free seat, and to the tables whose
// rating range admits the viewer (the server decides that per viewer and box, games.lobby_boxes "range_refusal"), applied in the
// browser to the boxes every lobby frame brings, so a socket update keeps them. They are kept in the address
// (?game=…&stakes=…&max=…&seat=free&rating=fits, which a bookmark or a shared link carries) and in localStorage (the next
// visit); the address wins. `max` is the highest stake in minor units, as digits.
const STORAGE_KEY = "kibitz.lobby.filters";
const KEYS = ["game", "stakes", "max", "seat", "rating"];

/** No filter: every table shows. */
export const NO_FILTERS = Object.freeze({ game: "", stakes: "", max: "", seat: "", rating: "" });

/** The stakes filter's values: "" any table, "free" tables without stakes, "stakes" tables with stakes. */
export const STAKES = ["", "free", "stakes"];

function clean(raw, games) {
  const filters = { ...NO_FILTERS };
  if (raw && games.includes(raw.game)) filters.game = raw.game;
  if (raw && STAKES.includes(raw.stakes)) filters.stakes = raw.stakes;
  if (raw && /^\d{1,11}$/.test(raw.max || "")) filters.max = String(Number(raw.max));
  if (raw && raw.seat === "free") filters.seat = "free";
  if (raw && raw.rating === "fits") filters.rating = "fits";
  return filters;
}

function stored() {
  try {
    return JSON.parse(window.localStorage.getItem(STORAGE_KEY) || "null");
  } catch {
    return null;  // storage refused (private mode) or a value this script did not write
  }
}

/**
 * The filters to start with: `{game, stakes, max, seat, rating}` ("" = no filter) from the address if it names any, else from
 * localStorage; a value that is not offered (a game key not in `games`, the keys the page's game select offers)
 * is dropped.
 */
export function loadFilters(games, search = window.location.search) {
  const query = new URLSearchParams(search);
  const named = KEYS.some((key) => query.has(key));
  const raw = named ? Object.fromEntries(query) : stored();
  return clean(raw, games);
}

/** Remember `filters` in the address (replacing the history entry, not adding one) and in localStorage. */
export function saveFilters(filters) {
  const query = new URLSearchParams(window.location.search);
  for (const key of KEYS) {
    const value = filters[key];
    if (value) query.set(key, value);
    else query.delete(key);
  }
  const search = query.toString();
  window.history.replaceState(null, "", `${window.location.pathname}${search ? `?${search}` : ""}`);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(filters));
  } catch {
    // storage refused: the address still holds them
  }
}

/** Whether any filter is set. */
export function filtering(filters) {
  return KEYS.some((key) => filters[key]);
}

/**
 * Whether box `table` (games.lobby_boxes: `{game, money, status, seats, range_refusal}`) passes `filters`: its game, "free" for no
 * money terms and "stakes" for a stakes table, a stake (minor units) at most `max` (a table without stakes passes),
 * a free seat while the table waits for players, and ("fits") a rating range that admits the viewer (no
 * `range_refusal`, which the server sets per viewer).
 */
export function passes(table, filters) {
  if (filters.rating === "fits" && table.range_refusal) return false;
  if (filters.game && table.game !== filters.game) return false;
  if (filters.stakes === "free" && table.money) return false;
  if (filters.stakes === "stakes" && !table.money) return false;
  if (filters.max && table.money && table.money.stake > Number(filters.max)) return false;
  if (filters.seat === "free" && !(table.status === "open" && table.seats.some((s) => s.open))) return false;
  return true;
}
