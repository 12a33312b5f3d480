// The lobby: the "New game" dialog, the filters, the table boxes and who is online. This script is the only
// drawing of a box (static/js/lobby/boxes.js): from the boxes the page embeds (#lobby-boxes) at load, then from
// every lobby socket frame.
import { html, render } from "./view.js";
import { t, ngettext, interpolate } from "./i18n.js";
import { stakeLine, worstCaseLine } from "./stakes.js";
import { TableBox } from "./lobby/boxes.js";
import { loadFilters, saveFilters, filtering, passes, NO_FILTERS } from "./lobby/filters.js";
import { formatMoney, parseMoney } from "./money.js";
import { OnlineList, onlineCount } from "./lobby/online.js";
import { windowId, restartDelay } from "./window-id.js";

const dialog = document.getElementById("new-game");
document.getElementById("new-game-button").addEventListener("click", () => dialog.showModal());
document.getElementById("new-game-cancel").addEventListener("click", () => dialog.close());
if (dialog.dataset.open) dialog.showModal();

// Each game's options are a fieldset of their own (games.forms.NewTableForm): only the chosen game's is shown and
// sent, and the human seats go up to its seat count.
const gameSelect = document.querySelector("#id_game");
const humanSeats = document.querySelector("#id_human_seats");
function showGameFields() {
  for (const fieldset of document.querySelectorAll("fieldset.game-options")) {
    const chosen = fieldset.dataset.game === gameSelect.value;
    fieldset.hidden = !chosen;
    fieldset.disabled = !chosen;
    if (chosen) {
      for (const input of fieldset.elements) input.disabled = false;  // the server disables another game's fields
      humanSeats.max = fieldset.dataset.maxSeats;
    }
  }
}
gameSelect.addEventListener("change", showGameFields);
showGameFields();

// "Rated" (docs/decisions-ratings.md): a rated table needs a match that ends, so the option values whose match never
// ends (marked by games.forms: a select's data-open-values, a number box's data-rated-min) are taken away while it
// is ticked; the leaver rule and the rating range show under it only then (their fieldset is disabled, and so not
// sent, otherwise). The server refuses an open match at a rated table all the same.
const rated = document.querySelector("#id_rated");
const ratedTerms = document.getElementById("rated-terms");
function showRatedTerms() {
  const on = rated.checked;
  ratedTerms.hidden = !on;
  ratedTerms.disabled = !on;
  for (const select of document.querySelectorAll("select[data-open-values]")) {
    const open = JSON.parse(select.dataset.openValues);
    for (const option of select.options) {
      const taken = on && open.includes(option.value);
      option.hidden = taken;
      option.disabled = taken;
    }
    if (select.selectedOptions[0]?.disabled) {  // the game's default first: a refused dialog selects "open"
      const fallback = [...select.options].find((o) => o.value === select.dataset.ratedDefault && !o.disabled)
        || [...select.options].find((o) => o.defaultSelected && !o.disabled)
        || [...select.options].find((o) => !o.disabled);
      select.value = fallback.value;
    }
  }
  for (const input of document.querySelectorAll("input[data-rated-min]")) {
    if (!("openMin" in input.dataset)) input.dataset.openMin = input.min;
    input.min = on ? input.dataset.ratedMin : input.dataset.openMin;
    if (on && (input.value === "" || Number(input.value) < Number(input.dataset.ratedMin))) input.value = input.dataset.ratedMin;
    const help = input.closest(".field")?.querySelector(".help");  // its "0: no fixed number…" is no choice then
    if (help && input.dataset.ratedHelp) {
      if (!("openHelp" in help.dataset)) help.dataset.openHelp = help.textContent;
      help.textContent = on ? input.dataset.ratedHelp : help.dataset.openHelp;
    }
  }
}
rated.addEventListener("change", showRatedTerms);
showRatedTerms();

// "Suggest a move" only at an unrated table without stakes (games.reads.table_terms.suggestions_allowed, which the
// server checks): while Rated is ticked or a stake is set, it is unticked and disabled, and says why.
const suggestions = document.querySelector("#id_suggestions");
const stake = document.querySelector("#id_stake");
const suggestionsWhy = document.createElement("small");
suggestionsWhy.className = "help suggestions-why";
suggestionsWhy.id = "suggestions-why";
suggestions.closest(".field").append(suggestionsWhy);
function showSuggestionsRule() {
  const why = rated.checked ? t("Not at a rated table: untick “Rated” to allow it.")
    : (parseMoney(stake.value) || 0) > 0 ? t("Not at a table with stakes: set the stake to 0 to allow it.") : "";
  suggestions.disabled = why !== "";
  if (why) suggestions.checked = false;
  suggestionsWhy.textContent = why;
  suggestionsWhy.hidden = !why;
}
rated.addEventListener("change", showSuggestionsRule);
stake.addEventListener("input", showSuggestionsRule);
showSuggestionsRule();

// A refused dialog comes back open (games.views): the first field with an error is scrolled to the middle and
// focused, rather than the wallet link at the top, so the player sees at once what to correct.
function focusFirstError() {
  const error = [...dialog.querySelectorAll(".errorlist")].find((e) => e.getClientRects().length > 0);
  if (!error) return;
  const place = error.closest(".field") || error;
  const control = place.querySelector("input:not([type=hidden]), select, textarea");
  place.scrollIntoView({ block: "center" });
  if (control && !control.disabled) control.focus({ preventScroll: true });
  else {
    error.tabIndex = -1;
    error.focus({ preventScroll: true });
  }
}
if (dialog.dataset.open) focusFirstError();

// The dialog's worst case: the server computes it from the fields as they would be posted (games.views.
// new_table_terms); this script only shows the answer, so the settlement rule lives in one place.
const form = document.getElementById("new-game-form");
const worstCase = document.getElementById("new-game-worst-case");
let asked = 0;
async function showWorstCase() {
  const fields = new URLSearchParams(new FormData(form));
  fields.delete("csrfmiddlewaretoken");
  const mine = ++asked;
  let answer;
  try {
    const response = await fetch(`${form.dataset.termsUrl}?${fields}`, { credentials: "same-origin" });
    answer = await response.json();
  } catch {
    return;  // offline: the posted form is checked anyway
  }
  if (mine !== asked) return;  // a later change has been sent meanwhile
  const errors = Object.values(answer.errors || {}).flat();
  worstCase.classList.toggle("error", errors.length > 0);
  worstCase.textContent = errors.length ? errors.join(" ")
    : answer.terms ? `${worstCaseLine(answer.terms)} · ${stakeLine(answer.terms)}`
    : t("No stakes: nothing is reserved.");
}
let pending = null;
function worstCaseSoon() {
  clearTimeout(pending);
  pending = setTimeout(showWorstCase, 150);
}
form.addEventListener("input", worstCaseSoon);
form.addEventListener("change", worstCaseSoon);
showWorstCase();

// The boxes and the "Online now" list are drawn from the page's data at load, then from every socket frame; the
// filters apply to whatever boxes were drawn last, so a frame never undoes them.
const list = document.getElementById("tables");
const count = document.getElementById("tables-count");
const csrf = form.elements.csrfmiddlewaretoken.value;
const filterForm = document.getElementById("lobby-filters");
const gameKeys = [...filterForm.elements.game.options].map((o) => o.value).filter(Boolean);
let filters = loadFilters(gameKeys);
let tables = JSON.parse(document.getElementById("lobby-boxes").textContent);

function drawTables() {
  const shown = tables.filter((table) => passes(table, filters));
  document.getElementById("show-all-tables").hidden = !filtering(filters);
  count.textContent = filtering(filters)
    ? interpolate(ngettext("%(shown)s of %(all)s table", "%(shown)s of %(all)s tables", tables.length),
      { shown: shown.length, all: tables.length })
    : interpolate(ngettext("%(all)s table", "%(all)s tables", tables.length), { all: tables.length });
  const empty = !tables.length ? t("No table yet: open one with “New game”.")
    : !shown.length ? t("No table matches these filters.") : "";
  render(empty ? html`<li class="empty">${empty}</li>`
    : shown.map((table) => html`<${TableBox} key=${table.id} table=${table} csrf=${csrf} />`), list);
}

function showFilters() {
  filterForm.elements.game.value = filters.game;
  filterForm.elements.stakes.value = filters.stakes;
  filterForm.elements.max.value = filters.max ? formatMoney(Number(filters.max)) : "";
  filterForm.elements.max.removeAttribute("aria-invalid");
  filterForm.elements.seat.checked = filters.seat === "free";
  filterForm.elements.rating.checked = filters.rating === "fits";
}
function readFilters() {
  const typed = filterForm.elements.max.value;
  const max = parseMoney(typed);
  const wrong = typed.trim() !== "" && max === null;
  if (wrong) filterForm.elements.max.setAttribute("aria-invalid", "true");
  else filterForm.elements.max.removeAttribute("aria-invalid");
  filters = {
    game: filterForm.elements.game.value,
    stakes: filterForm.elements.stakes.value,
    max: max === null ? "" : String(max),
    seat: filterForm.elements.seat.checked ? "free" : "",
    rating: filterForm.elements.rating.checked ? "fits" : "",
  };
  saveFilters(filters);
  drawTables();
}
filterForm.addEventListener("change", readFilters);
filterForm.addEventListener("input", readFilters);
filterForm.addEventListener("submit", (event) => event.preventDefault());
document.getElementById("show-all-tables").addEventListener("click", () => {
  filters = { ...NO_FILTERS };
  saveFilters(filters);
  showFilters();
  drawTables();
});
showFilters();
drawTables();

const online = document.getElementById("online-people");
const onlineCountNode = document.getElementById("online-count");
const onlineJump = document.getElementById("online-jump");  // on a phone the list is below the tables
function drawOnline(people) {
  onlineCountNode.textContent = onlineCount(people);
  onlineJump.textContent = interpolate(t("%(count)s online"), { count: people.count });
  render(html`<${OnlineList} online=${people} />`, online);
}
drawOnline(JSON.parse(document.getElementById("lobby-online-people").textContent));

// The lobby socket's close codes (games/consumers/registered.py): a restart reconnects after 0-2 s; a log-out in
// another tab loads the page again (it asks for the log-in); a newer socket of this window, or a sixth lobby window
// of this user (settings.KIBITZ_LOBBY_SOCKETS), stops this one; anything else reconnects after 2 s.
const SERVICE_RESTART = 1012;
const SIGNED_OUT = 4401;
const REPLACED = 4409;
const TOO_MANY_SOCKETS = 4429;
const lobbyNotice = document.getElementById("lobby-notice");

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/?${new URLSearchParams({ w: windowId() })}`);
  window.kibitzLobbySocket = socket;
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    document.dispatchEvent(new CustomEvent("kibitz:lobby-frame", { detail: frame }));  // social panel
    if (frame.type === "lobby") {
      tables = frame.tables;
      drawTables();
    } else if (frame.type === "social" && frame.online) drawOnline(frame.online);
  });
  socket.addEventListener("close", (event) => {
    if (socket !== window.kibitzLobbySocket) return;
    if (event.code === SIGNED_OUT) location.reload();
    else if (event.code === TOO_MANY_SOCKETS) {
      lobbyNotice.textContent = t("This lobby stopped updating: it is open in too many windows of yours. Reload this page to update it again.");
      lobbyNotice.hidden = false;
    } else if (event.code !== REPLACED) setTimeout(connect, event.code === SERVICE_RESTART ? restartDelay() : 2000);
  });
}
connect();
