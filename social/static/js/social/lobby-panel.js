// The lobby's social panel: live invitations, friends with presence, the lobby chat and the heartbeat.
// Frames come from the lobby socket (the "kibitz:lobby-frame" event that static/js/lobby.js dispatches).
import { t, interpolate, appendLines, CHAT_ERRORS } from "./common.js";

const csrf = document.getElementById("social-csrf").value;
const lines = document.getElementById("chat-lines");
const socket = () => window.kibitzLobbySocket;

function send(frame) {
  const s = socket();
  if (s && s.readyState === WebSocket.OPEN) s.send(JSON.stringify(frame));
}

function form(action, label, cls) {
  const f = document.createElement("form");
  f.method = "post";
  f.action = action;
  f.className = "inline";
  const token = document.createElement("input");
  token.type = "hidden";
  token.name = "csrfmiddlewaretoken";
  token.value = csrf;
  const b = document.createElement("button");
  b.type = "submit";
  b.textContent = label;
  b.className = cls;
  f.append(token, b);
  return f;
}

function renderInvitations(invitations) {
  const box = document.getElementById("invitations");
  box.hidden = !invitations.length;
  box.querySelector("ul").replaceChildren(...invitations.map((i) => {
    const li = document.createElement("li");
    li.dataset.table = i.table;
    li.className = "invitation";
    const text = i.seat === null || i.seat === undefined
      ? interpolate(t("%(name)s invites you to table #%(table)s"), { name: i.from, table: i.table })
      : interpolate(t("%(name)s invites you to seat %(seat)s of table #%(table)s"), { name: i.from, table: i.table, seat: i.seat + 1 });
    li.append(document.createTextNode(text + " "),
      form(`/invitations/${i.id}/accept/`, t("Accept"), "primary accept-invitation"),
      form(`/invitations/${i.id}/decline/`, t("Decline"), "decline-invitation"));
    return li;
  }));
}

function renderFriends(frame) {
  const list = document.getElementById("friend-list");
  list.replaceChildren(...frame.friends.map((f) => {
    const li = document.createElement("li");
    li.className = f.online ? "friend online" : "friend";
    const a = document.createElement("a");
    a.href = `/players/${encodeURIComponent(f.username)}/`;
    a.textContent = f.name;
    li.appendChild(a);
    if (f.table) {
      const at = document.createElement("a");
      at.href = `/tables/${f.table}/`;
      at.className = "at-table";
      at.textContent = " " + interpolate(t("at table #%(table)s"), { table: f.table });
      li.appendChild(at);
    }
    return li;
  }));
  if (!list.children.length) list.innerHTML = `<li class="hint">${t("No friends yet.")}</li>`;
  document.getElementById("friend-requests").textContent = frame.incoming.length
    ? interpolate(t("%(n)s friend request(s) waiting"), { n: frame.incoming.length }) : "";
}

document.addEventListener("kibitz:lobby-frame", (event) => {
  const frame = event.detail;
  if (frame.type === "social") { renderInvitations(frame.invitations); renderFriends(frame); }
  else if (frame.type === "chat") appendLines(lines, frame.lines);
  else if (frame.type === "error" && CHAT_ERRORS[frame.code]) alert(CHAT_ERRORS[frame.code]());
});

document.getElementById("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = document.getElementById("chat-input");
  if (input.value.trim()) send({ type: "chat", text: input.value.trim() });
  input.value = "";
});
setInterval(() => send({ type: "ping" }), 20000);
