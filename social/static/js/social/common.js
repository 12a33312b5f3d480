// Shared by the lobby and table social panels: translation, chat lines as text (never HTML), POST helper.
export const t = (s) => (window.gettext ? window.gettext(s) : s);
export const interpolate = (fmt, obj) => (window.interpolate ? window.interpolate(fmt, obj, true) : fmt.replace(/%\((\w+)\)s/g, (_, k) => obj[k]));

const SYSTEM = {
  joined: () => t("%(name)s joined the table."),
  left: () => t("%(name)s left the table."),
  kicked: () => t("%(name)s was removed from the table."),
};

export const CHAT_ERRORS = {
  chat_flood: () => t("You are writing too fast; wait a moment."),
  chat_too_long: () => t("That line is too long."),
  ignored: () => t("The host does not take you at this table."),
};

export function chatLine(line) {
  const li = document.createElement("li");
  li.dataset.id = line.id;
  if (line.system) {
    li.className = "system";
    li.textContent = interpolate((SYSTEM[line.system] || (() => line.system))(), { name: line.data?.name || "" });
  } else {
    li.dataset.author = line.author.name;
    li.dataset.authorId = line.author.id;  // an Ignore from the table's player card hides the author's lines at once
    const who = document.createElement("b");
    who.textContent = line.author.name;
    li.append(who, document.createTextNode(": " + line.text));
  }
  return li;
}

export function appendLines(list, lines) {
  for (const line of lines) {
    if (list.querySelector(`li[data-id="${line.id}"]`)) continue;
    list.appendChild(chatLine(line));
  }
  while (list.children.length > 100) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

export async function post(url, csrf, data = {}) {
  // URL-encoded, never an empty multipart body (Django answers that with 400).
  const body = new URLSearchParams(data);
  const response = await fetch(url, { method: "POST", headers: { "X-CSRFToken": csrf }, body, credentials: "same-origin" });
  try { return await response.json(); } catch { return { error: "bad_response", message: response.statusText }; }
}
