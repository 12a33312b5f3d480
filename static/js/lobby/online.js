// The lobby's "Online now" list, from the `online` member of the lobby socket's social frame
// (social.services.presence.online_now: friends first, then the others, without bots and without people who
// ignore or are ignored by the viewer). Each name links to the player page; a friend's table is linked too.
import { html } from "../view.js";
import { t, interpolate } from "../i18n.js";

function Person({ person }) {
  return html`<li class=${person.friend ? "online-person is-friend" : "online-person"} data-username=${person.username}>
    <a class="online-name" href=${`/players/${encodeURIComponent(person.username)}/`}>${person.name}</a>
    ${person.friend ? html` <span class="tag tag-friend">${t("friend")}</span>` : null}
    ${person.table ? html` <a class="at-table" href=${`/tables/${person.table}/`}>${interpolate(t("at table #%(table)s"), { table: person.table })}</a>` : null}
  </li>`;
}

/** The list's contents for `online` = `{people: [{id, name, username, friend, table}], count}`. */
export function OnlineList({ online }) {
  if (!online.people.length) return html`<p class="hint online-empty">${t("Nobody else is online right now.")}</p>`;
  const more = online.count - online.people.length;
  return html`<ul class="online-list">
      ${online.people.map((person) => html`<${Person} key=${person.id} person=${person} />`)}
    </ul>
    ${more > 0 ? html`<p class="hint online-more">${interpolate(t("and %(count)s more"), { count: more })}</p>` : null}`;
}

/** The heading's count: how many other people are online. */
export function onlineCount(online) {
  return String(online.count);
}
