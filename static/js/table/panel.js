// The table's side panel: watchers, seat requests, the host's access settings and invitations, kick
// buttons between deals, the chat and the presence heartbeat. Frames come from the table shell's socket
// (the "kibitz:frame" event); actions go over that socket (chat, ping) or to the JSON endpoints.
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
  const list = document.getElementById("watcher-list");
  list.replaceChildren(...(panelFrame?.watchers || []).map((w) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/players/${encodeURIComponent(w.username)}/?next=${encodeURIComponent(location.pathname)}`;
    a.textContent = w.name;
    a.className = "watcher";
    a.dataset.username = w.username;
    li.appendChild(a);
    return li;
  }));
  if (!list.children.length) list.innerHTML = `<li class="hint">${t("nobody")}</li>`;
}

function renderRequests() {
  const box = document.getElementById("seat-requests");
  const requests = panelFrame?.requests || [];
  box.hidden = !requests.length;
  box.querySelector("ul").replaceChildren(...requests.map((r) => {
    const li = document.createElement("li");
    li.textContent = r.name + " ";
    for (const [label, verb] of [[t("Accept"), "approve"], [t("Decline"), "decline"]]) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.className = `request-${verb}`;
      b.addEventListener("click", () => call(`/tables/${tableId}/requests/${r.id}/${verb}/`, {}));
      li.appendChild(b);
    }
    return li;
  }));
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
  box.querySelector("ul").replaceChildren(...targets.map((s) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.seat = s.number;
    const votes = panelFrame.kick_votes[String(s.number)] || 0;
    if (publicTable) {
      b.className = "vote-kick";
      b.textContent = interpolate(t("Vote to remove %(name)s (%(votes)s of %(needed)s)"), { name: s.name, votes, needed });
      b.addEventListener("click", () => call(`/tables/${tableId}/vote/${s.number}/`, {}, t("Your vote counts.")));
    } else {
      b.className = "kick";
      b.textContent = interpolate(t("Remove %(name)s"), { name: s.name });
      b.addEventListener("click", () => call(`/tables/${tableId}/kick/${s.number}/`, {}));
    }
    li.appendChild(b);
    return li;
  }));
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
