// This browser window's id for the sockets it opens (`?w=`; games.realtime.sockets): the server counts a user's
// sockets per window, and a socket of a window replaces that window's older entry, so a page reconnecting after its
// web process died is never refused by its own leftover.
//
// The id lives in sessionStorage across reloads and page changes of one tab. While a page runs it is taken out of
// the storage and written back when the page is hidden: a tab duplicated meanwhile (or a link opened in a new tab,
// which copies the storage) starts without it and makes its own, instead of sharing this window's.
const KEY = "kibitz-window";
const WINDOW = /^[A-Za-z0-9_-]{8,64}$/;  // games.realtime.sockets.valid_window

let id = null;

function fresh() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function storage() {
  try { return window.sessionStorage; } catch { return null; }  // storage refused (privacy settings)
}

/** This window's id: the same for every socket of the page and, through sessionStorage, of the next page. */
export function windowId() {
  if (id) return id;
  const kept = storage()?.getItem(KEY);
  id = kept && WINDOW.test(kept) ? kept : fresh();
  storage()?.removeItem(KEY);
  window.addEventListener("pagehide", () => storage()?.setItem(KEY, id));
  window.addEventListener("pageshow", (event) => { if (event.persisted) storage()?.removeItem(KEY); });
  return id;
}

/** How long to wait before reconnecting after the server closed with 1012 (a restart): 0-2 s at random, so the
 * pages of a stopping web process do not all knock on the others at once. */
export function restartDelay() {
  return Math.random() * 2000;
}
