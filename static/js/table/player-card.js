// The player card at a table (the seed's buttons, seeds/000: "Speler info", "Negeren", "Eruit gooien",
// "uitnodigen"): a small non-modal dialog opened from a seat's name on the felt or from a name in the side panel's
// status lists. The server says what the viewer may do (GET /tables/<id>/card/, games.services.player_card) and
// checks it again on every button: Player info (the player page), Ignore (their chat lines are hidden at once),
// Kick where allowed (the kick box's rules: the host, or a vote at a public table, between deals) and Invite to
// another table of mine (the viewer's open tables with a free seat, through the panel's invite endpoint).
// State lives here, outside the components; the card draws itself into its own node after every change.
import { html, render } from "../view.js";
import { t, interpolate } from "../i18n.js";
import { Popover } from "./components/popover.js";

// target: {seat} or {username}; returnFocus: the selector of what opened the card (focused again on close).
const card = { open: false, tableId: null, target: null, data: null, error: null, returnFocus: null, invites: false };
let mount = null;

function csrf() {
  return document.querySelector("input[name=csrfmiddlewaretoken]")?.value
    || document.getElementById("social-csrf")?.value || "";
}

function notice(text, kind = "info") { window.kibitzShell?.showNotice(text, kind); }

async function post(url, data) {
  try {
    const response = await fetch(url, { method: "POST", headers: { "X-CSRFToken": csrf() }, credentials: "same-origin",
      body: new URLSearchParams(data) });
    return await response.json();
  } catch {
    return { error: "bad_response", message: t("The server could not be reached.") };
  }
}

// Open the card of `target` ({seat: n} or {username}) at table `tableId`; `returnFocus` is a selector.
export function openPlayerCard(tableId, target, returnFocus) {
  Object.assign(card, { open: true, tableId, target, data: null, error: null, returnFocus, invites: false });
  draw();
  document.querySelector("#player-card-dialog .popover-close")?.focus();
  load();
}

export function closePlayerCard() {
  if (!card.open) return;
  card.open = false;
  draw();
  // the name that opened the card, or, when it is gone (an ignored watcher leaves the list), the status panel
  (document.querySelector(card.returnFocus || "#table-status-title") || document.getElementById("table-status-title"))?.focus();
}

// Read the card again (the table moved between deals, a vote was cast): what the viewer may do can change.
export function refreshPlayerCard() {
  if (card.open) load();
}

async function load() {
  const { tableId, target } = card;
  const query = new URLSearchParams(target.seat !== undefined ? { seat: String(target.seat) } : { username: target.username });
  let answer;
  try {
    answer = await (await fetch(`/tables/${tableId}/card/?${query}`, { credentials: "same-origin" })).json();
  } catch {
    answer = { error: "bad_response", message: t("The server could not be reached.") };
  }
  if (!card.open || card.target !== target) return;  // closed, or another card opened meanwhile
  card.data = answer.ok ? answer.result : null;
  card.error = answer.ok ? null : answer.message || answer.error;
  draw();
}

async function ignore(data) {
  const answer = await post(`/tables/${card.tableId}/card/ignore/`, { username: data.username, on: data.ignored ? "0" : "1" });
  if (answer.error) { notice(answer.message || answer.error, "error"); return; }
  // the chat hides the lines already shown (the server filters the next ones): static/js/table/panel.js listens
  document.dispatchEvent(new CustomEvent("kibitz:ignored", { detail: answer.result }));
  notice(answer.result.ignored
    ? interpolate(t("You ignore %(name)s now; their chat lines are hidden."), { name: data.name })
    : interpolate(t("You no longer ignore %(name)s."), { name: data.name }));
  load();
}

async function kick(data) {
  const answer = await post(data.kick.url, {});
  if (answer.error) { notice(answer.message || answer.error, "error"); return; }
  if (data.kick.kind === "kick" || answer.result?.kicked) {
    notice(interpolate(t("%(name)s was removed from the table."), { name: data.name }));
    closePlayerCard();
  } else {
    notice(t("Your vote counts."));
    load();
  }
}

async function invite(data, table) {
  const answer = await post(table.url, { username: data.username });
  if (answer.error) { notice(answer.message || answer.error, "error"); return; }
  notice(interpolate(t("%(name)s is invited to %(table)s."), { name: data.name, table: table.title }));
  await load();
  document.getElementById("card-invite")?.focus();  // the pressed button is disabled now: keep the focus in the card
}

function where(data) {
  if (data.bot) {
    return data.replaced
      ? interpolate(t("A bot plays this seat for %(name)s."), { name: data.replaced })
      : t("A bot of the house plays this seat.");
  }
  const text = { seated: t("Plays at this table."), watching: t("Watches this table."), asking: t("Asks to play at this table.") }[data.where];
  return text || null;
}

function kickLabel(data) {
  const k = data.kick;
  return k.kind === "kick"
    ? interpolate(t("Remove %(name)s"), { name: data.name })
    : interpolate(t("Vote to remove %(name)s (%(votes)s of %(needed)s)"), { name: data.name, votes: k.votes, needed: k.needed });
}

function invites(data) {
  if (!card.invites) return null;
  if (!data.invite_tables.length) return html`<p class="hint" id="card-no-tables">${t("You host no other table that waits for players with a free seat.")}</p>`;
  return html`<ul class="plain card-invite-tables" id="card-invite-tables">${data.invite_tables.map((table) => html`<li key=${table.id}>
    <button type="button" class="card-invite-to" data-table=${table.id} disabled=${table.invited}
      onClick=${() => invite(data, table)}>${table.invited
      ? interpolate(t("%(table)s: invited"), { table: table.title })
      : interpolate(t("Invite to %(table)s"), { table: table.title })}</button></li>`)}</ul>`;
}

function body() {
  if (card.error) return html`<p class="error" role="alert">${card.error}</p>`;
  const data = card.data;
  if (!data) return html`<p class="hint">${t("Loading…")}</p>`;
  const line = where(data);
  return html`${line ? html`<p class="card-where">${line}</p>` : null}
    <div class="card-buttons">
      ${data.info_url ? html`<a class="button" id="card-player-info" href=${data.info_url}>${t("Player info")}</a>` : null}
      ${data.may_ignore ? html`<button type="button" id="card-ignore" aria-pressed=${String(data.ignored)}
        onClick=${() => ignore(data)}>${data.ignored ? t("Stop ignoring") : t("Ignore")}</button>` : null}
      ${data.kick ? html`<button type="button" id="card-kick" data-kind=${data.kick.kind}
        onClick=${() => kick(data)}>${kickLabel(data)}</button>` : null}
      ${data.may_ignore ? html`<button type="button" id="card-invite" aria-expanded=${String(card.invites)}
        onClick=${() => { card.invites = !card.invites; draw(); }}>${t("Invite to another table of mine")}</button>` : null}
    </div>
    ${invites(data)}`;
}

function draw() {
  if (!mount) {
    mount = document.createElement("div");
    mount.id = "player-card-root";
    document.body.append(mount);
  }
  const title = card.data?.name || t("Player");
  render(card.open
    ? html`<${Popover} id="player-card-dialog" title=${title} onClose=${closePlayerCard}>${body()}<//>`
    : null, mount);
}

// Escape closes the card also when the focus has fallen out of it to the page (a pressed button turned disabled).
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || !card.open || event.defaultPrevented) return;
  const focus = document.activeElement;
  if (!focus || focus === document.body || focus.closest("#player-card-dialog")) {
    event.preventDefault();
    closePlayerCard();
  }
});

// What the viewer may do changes with the table: a panel frame (a vote, a watcher, a request), or a state frame
// that seats someone else or starts or ends a deal (kicks happen between deals).
let tableMoment = null;
document.addEventListener("kibitz:frame", (event) => {
  const frame = event.detail;
  if (frame.type === "panel") { refreshPlayerCard(); return; }
  if (frame.type !== "state") return;
  const table = frame.table;
  const moment = JSON.stringify([table.status, table.round?.number, table.round?.status, table.seats.map((s) => s.name)]);
  if (moment !== tableMoment) {
    tableMoment = moment;
    refreshPlayerCard();
  }
});
