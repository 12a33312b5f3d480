// The lobby: the "New game" dialog and the table boxes. This script is the only drawing of a box: from the
// boxes the page embeds (#lobby-boxes) at load, then from every lobby socket frame.
import { stakeLine, worstCaseLine } from "./stakes.js";

const gettext = (s) => (window.gettext ? window.gettext(s) : s);
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
    : gettext("No stakes: nothing is reserved.");
}
let pending = null;
function worstCaseSoon() {
  clearTimeout(pending);
  pending = setTimeout(showWorstCase, 150);
}
form.addEventListener("input", worstCaseSoon);
form.addEventListener("change", worstCaseSoon);
showWorstCase();

const list = document.getElementById("tables");
const template = document.getElementById("box-template");

/** One table box from a box of games.lobby_boxes (`{"id", "title", "options", "status", "money", ...}`). */
function box(table) {
  const node = template.content.firstElementChild.cloneNode(true);
  node.dataset.table = table.id;
  node.querySelector(".box-title").textContent = table.title;
  node.querySelector(".box-options").textContent = (table.options || []).join(" · ");
  node.querySelector(".box-status").textContent = table.status === "open" ? gettext("waiting for players") : gettext("playing");
  node.querySelector(".box-stake").textContent = table.money ? stakeLine(table.money) : gettext("no stakes");
  const worst = node.querySelector(".box-worst-case");
  worst.hidden = !table.money;
  worst.textContent = table.money ? worstCaseLine(table.money) : "";
  node.querySelector(".box-bots").textContent = `${gettext("bots")}: ${table.bot_level_display}`;
  node.querySelector(".box-access").textContent = table.access_display;
  const seats = node.querySelector(".box-seats");
  for (const s of table.seats) {
    const li = document.createElement("li");
    li.className = s.open ? "open" : s.bot ? "bot" : "";
    li.textContent = s.open ? gettext("free seat") : s.name;
    seats.appendChild(li);
  }
  const form = node.querySelector("form");
  form.action = `/tables/${table.id}/play/`;
  form.hidden = !table.can_sit;
  const link = node.querySelector(".box-watch");
  link.href = `/tables/${table.id}/`;
  if (table.seated) link.textContent = gettext("Back to my seat");
  return node;
}

function draw(tables) {
  if (!tables.length) {
    const empty = document.createElement("p");
    empty.className = "empty";
    empty.textContent = gettext("No table yet: open one with “New game”.");
    list.replaceChildren(empty);
    return;
  }
  list.replaceChildren(...tables.map(box));
}

draw(JSON.parse(document.getElementById("lobby-boxes").textContent));

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/`);
  window.kibitzLobbySocket = socket;
  socket.addEventListener("message", (event) => {
    const frame = JSON.parse(event.data);
    document.dispatchEvent(new CustomEvent("kibitz:lobby-frame", { detail: frame }));  // social panel
    if (frame.type === "lobby") draw(frame.tables);
  });
  socket.addEventListener("close", () => setTimeout(connect, 2000));
}
connect();
