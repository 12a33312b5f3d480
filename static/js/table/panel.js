// The table's side panel: watchers, seat requests, the host's access settings and invitations, kick
// buttons between deals, the chat and the presence heartbeat. Frames come from the table shell's socket
// (the "kibitz:frame" event); actions go over that socket (chat, ping) or to the JSON endpoints. The lists are
// drawn with the view library (static/js/view.js).
import { html, render } from "../view.js";
import { t, interpolate, appendLines, post, CHAT_ERRORS } from "../social/common.js";

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

function renderWatchers() {
  const watchers = panelFrame?.watchers || [];
  const next = encodeURIComponent(location.pathname);
  render(watchers.length
    ? watchers.map((w) => html`<li key=${w.username}><a class="watcher" data-username=${w.username}
        href=${`/players/${encodeURIComponent(w.username)}/?next=${next}`}>${w.name}</a></li>`)
    : html`<li class="hint">${t("nobody")}</li>`, document.getElementById("watcher-list"));
}

function renderRequests() {
  const box = document.getElementById("seat-requests");
  const requests = panelFrame?.requests || [];
  box.hidden = !requests.length;
  const verbs = [[t("Accept"), "approve"], [t("Decline"), "decline"]];
  render(requests.map((r) => html`<li key=${r.id}>${r.name} ${verbs.map(([label, verb]) => html`<button type="button"
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
  else if (frame.type === "state") { renderKick(); renderChatTitle(); }
  else if (frame.type === "notice" && frame.code === "kicked") shell()?.showNotice(t("You were removed from this table."), "error", true);
  else if (frame.type === "error" && CHAT_ERRORS[frame.code]) notice(CHAT_ERRORS[frame.code](), "error");
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
for (const button of panel.querySelectorAll(".invite-one")) {
  button.addEventListener("click", async () => {
    const answer = await call(`/tables/${tableId}/invite/`, { username: button.dataset.username }, t("Invitation sent."));
    if (!answer.error) button.disabled = true;
  });
}
for (const button of panel.querySelectorAll(".invite-all")) {
  button.addEventListener("click", () => call(`/tables/${tableId}/invite/`, { list: button.dataset.list }, t("Invitations sent.")));
}
document.getElementById("invite-name-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  const input = event.target.querySelector("input[name=username]");
  call(`/tables/${tableId}/invite/`, { username: input.value }, t("Invitation sent.")).then((a) => { if (!a.error) input.value = ""; });
});
