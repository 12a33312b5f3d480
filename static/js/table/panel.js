// The table's side panel: watchers, seat requests, the host's access settings and invitations, kick
// buttons between deals, the chat and the presence heartbeat. Frames come from the table shell's socket
// (the "kibitz:frame" event); actions go over that socket (chat, ping) or to the JSON endpoints. The lists are
// drawn with the view library (static/js/view.js).
import { html, render } from "../view.js";
import { t, interpolate, appendLines, post, CHAT_ERRORS } from "../social/common.js";
import { openPlayerCard } from "./player-card.js";

const panel = document.getElementById("social-panel");
const tableId = panel.dataset.table;
const isHost = panel.dataset.host === "1";
const stakes = Number(panel.dataset.stake) > 0;
const csrf = document.getElementById("social-csrf").value;
const shell = () => window.kibitzShell;
const lines = document.getElementById("chat-lines");
let panelFrame = null;

function notice(text, kind = "info") { shell()?.showNotice(text, kind); }

async function call(url, data, done) {
  const answer = await post(url, csrf, data);
  if (answer.error) notice(answer.message || answer.error, "error");
  else if (done) notice(done);
  return answer;
}

function betweenDeals(frame) {
  const table = frame?.table;
  if (!table) return false;
  return table.status === "open" || (table.status === "playing" && (!table.round || table.round.status !== "playing"));
}

// A name in the status lists: a button that opens the person's player card (focus comes back to it on Escape).
function nameButton(list, username, name, className) {
  const again = `#${list} .${className}[data-username="${CSS.escape(username)}"]`;
  return html`<button type="button" class=${`${className} status-name`} data-username=${username} aria-haspopup="dialog"
    onClick=${() => openPlayerCard(tableId, { username }, again)}>${name}</button>`;
}

// Why a bot holds a person's seat (the frame's bot_reason, games.services.seating.BotReason), as the status list says
// it after the person's name: the bot's name in it.
const BOT_REASON = {
  absent: (bot) => interpolate(t("away; %(bot)s, a bot, plays for now"), { bot }),
  left: (bot) => interpolate(t("left; %(bot)s, a bot, plays"), { bot }),
  kicked: (bot) => interpolate(t("removed; %(bot)s, a bot, plays"), { bot }),
  cannot_cover: (bot) => interpolate(t("stood up; %(bot)s, a bot, plays"), { bot }),
};

// A seat of the status list: a person's name; a bot's name marked "bot"; and where a bot holds a person's seat,
// that person's name with why and which bot plays for them (the name opens the seat's card either way).
function renderSeated() {
  const frame = shell()?.frame;
  const list = document.getElementById("seated-list");
  if (!frame) return;
  render(frame.table.seats.map((s) => {
    const standIn = s.bot && s.replaced && BOT_REASON[s.bot_reason];
    const name = standIn ? s.replaced : s.name;
    const mark = s.open ? t("free seat") : standIn ? standIn(s.name) : s.bot ? t("bot") : null;
    const again = `#seated-list .seated[data-seat="${s.number}"]`;
    return html`<li key=${s.number} data-seat=${s.number} class=${standIn ? "stand-in" : ""}>${s.open ? null : html`<button type="button"
      class="seated status-name" data-seat=${s.number} aria-haspopup="dialog"
      onClick=${() => openPlayerCard(tableId, { seat: s.number }, again)}>${name}</button>`}${
      mark ? html` <small class=${s.bot ? "status-mark bot-mark" : "status-mark"}>${mark}</small>` : null}</li>`;
  }), list);
}

function renderWatchers() {
  const watchers = panelFrame?.watchers || [];
  render(watchers.length
    ? watchers.map((w) => html`<li key=${w.username}>${nameButton("watcher-list", w.username, w.name, "watcher")}</li>`)
    : html`<li class="hint">${t("nobody")}</li>`, document.getElementById("watcher-list"));
}

function renderRequests() {
  const box = document.getElementById("seat-requests");
  const requests = panelFrame?.requests || [];
  box.hidden = !requests.length;
  const verbs = [[t("Accept"), "approve"], [t("Decline"), "decline"]];
  render(requests.map((r) => html`<li key=${r.id}>${nameButton("seat-requests", r.username, r.name, "requester")} ${verbs.map(([label, verb]) => html`<button type="button"
    class=${`request-${verb}`} onClick=${() => call(`/tables/${tableId}/requests/${r.id}/${verb}/`, {})}>${label}</button>`)}</li>`),
  box.querySelector("ul"));
}

function renderKick() {
  const box = document.getElementById("kick-box");
  const frame = shell()?.frame;
  if (!panelFrame || !frame) { box.hidden = true; return; }
  const me = frame.table.you;
  const publicTable = panelFrame.access === "public";
  const mayAct = publicTable ? me !== null : isHost;
  const targets = frame.table.seats.filter((s) => !s.bot && !s.open && s.number !== me);
  box.hidden = !(mayAct && betweenDeals(frame) && targets.length);
  const needed = Math.floor(panelFrame.voters / 2) + 1;
  render(targets.map((s) => {
    const votes = panelFrame.kick_votes[String(s.number)] || 0;
    const button = publicTable
      ? html`<button type="button" class="vote-kick" data-seat=${s.number}
          onClick=${() => call(`/tables/${tableId}/vote/${s.number}/`, {}, t("Your vote counts."))}>${
          interpolate(t("Vote to remove %(name)s (%(votes)s of %(needed)s)"), { name: s.name, votes, needed })}</button>`
      : html`<button type="button" class="kick" data-seat=${s.number}
          onClick=${() => call(`/tables/${tableId}/kick/${s.number}/`, {})}>${interpolate(t("Remove %(name)s"), { name: s.name })}</button>`;
    return html`<li key=${s.number}>${button}</li>`;
  }), box.querySelector("ul"));
}

function renderChatTitle() {
  const frame = shell()?.frame;
  if (!stakes || !frame) return;
  document.getElementById("chat-title").textContent = frame.table.you === null ? t("Spectators' chat") : t("Players' chat");
}

document.addEventListener("kibitz:frame", (event) => {
  const frame = event.detail;
  if (frame.type === "chat") appendLines(lines, frame.lines);
  else if (frame.type === "panel") { panelFrame = frame; renderWatchers(); renderRequests(); renderKick(); }
  else if (frame.type === "state") { renderKick(); renderChatTitle(); renderSeated(); }
  else if (frame.type === "notice" && frame.code === "kicked") shell()?.showNotice(t("You were removed from this table."), "error", true);
  else if (frame.type === "error" && CHAT_ERRORS[frame.code]) notice(CHAT_ERRORS[frame.code](), "error");
});

// An Ignore from the player card: the lines already shown go too (the server leaves out the next ones).
document.addEventListener("kibitz:ignored", (event) => {
  if (!event.detail.ignored) return;
  for (const line of lines.querySelectorAll(`li[data-author-id="${CSS.escape(String(event.detail.id))}"]`)) line.remove();
});

document.getElementById("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("chat-input");
  const text = input.value.trim();
  if (!text) return;
  shell()?.send({ type: "chat", text });
  input.value = "";
});

setInterval(() => shell()?.send({ type: "ping" }), 20000);

const settingsForm = document.getElementById("table-social-form");
settingsForm?.addEventListener("submit", (event) => {
  event.preventDefault();
  const data = Object.fromEntries(new FormData(settingsForm));
  call(settingsForm.action, data, t("Saved."));
});
// The seat the host's invitation names ("" for any free seat meant for a person).
const inviteSeat = () => document.getElementById("invite-seat")?.value || "";
for (const button of panel.querySelectorAll(".invite-one")) {
  button.addEventListener("click", async () => {
    const answer = await call(`/tables/${tableId}/invite/`, { username: button.dataset.username, seat: inviteSeat() }, t("Invitation sent."));
    if (!answer.error) button.disabled = true;
  });
}
for (const button of panel.querySelectorAll(".invite-all")) {
  button.addEventListener("click", () => call(`/tables/${tableId}/invite/`, { list: button.dataset.list }, t("Invitations sent.")));
}
document.getElementById("invite-name-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  const input = event.target.querySelector("input[name=username]");
  call(`/tables/${tableId}/invite/`, { username: input.value, seat: inviteSeat() }, t("Invitation sent.")).then((a) => { if (!a.error) input.value = ""; });
});
