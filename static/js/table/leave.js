// Leave asks first while a settlement unit runs (docs/decisions-social.md "Leave and log off": a deal in progress,
// at a Jass stakes table the match) and says what follows: a bot of the table's level plays the seat until the deal
// (or match) ends, and at a stakes table the amount reserved from the player's wallet stays reserved until it is
// settled. Amounts come from the frame in minor units (`table.round.reserved`, computed by the server) and are
// formatted by static/js/money.js; between deals Leave acts at once.
import { t, interpolate } from "../i18n.js";
import { formatMoney } from "../money.js";

/** Whether leaving now hands the seat to a bot: a deal is being played, or a per-match stakes unit runs. */
export function unitRunning(frame) {
  const table = frame?.table;
  if (!table || table.you === null || table.you === undefined || !table.round) return false;
  if (table.round.status === "playing") return true;
  return table.money_terms?.unit === "match" && table.status === "playing" && !table.match_over;
}

/** The dialog's lines for `frame`: `{bot, money}` (money null at a free table); `level` is the bots' level as the
 * page names it in the player's language. */
export function leaveLines(frame, level) {
  const table = frame.table;
  const perMatch = table.money_terms?.unit === "match";
  const bot = perMatch
    ? interpolate(t("A bot (%(level)s) plays your seat until the match ends; then the seat is free for another person."), { level })
    : interpolate(t("A bot (%(level)s) plays your seat until this deal ends; then the seat is free for another person."), { level });
  const reserved = table.round?.reserved;
  if (reserved === null || reserved === undefined) return { bot, money: null };
  const money = interpolate(perMatch
    ? t("%(amount)s stays reserved from your wallet until the match is settled; what the bot wins or loses for your seat is booked to you.")
    : t("%(amount)s stays reserved from your wallet until this deal is settled; what the bot wins or loses for your seat is booked to you."),
  { amount: formatMoney(reserved) });
  return { bot, money };
}

/** Ask before the page's leave form is sent while `shell`'s last frame has a unit running. */
export function guardLeave(shell) {
  const form = shell.root.querySelector("#leave-form");
  const dialog = shell.root.querySelector("#leave-dialog");
  if (!form || !dialog) return;
  let confirmed = false;
  form.addEventListener("submit", (event) => {
    if (confirmed || !unitRunning(shell.frame)) return;
    event.preventDefault();
    const lines = leaveLines(shell.frame, dialog.dataset.botLevel);
    dialog.querySelector("#leave-dialog-bot").textContent = lines.bot;
    const money = dialog.querySelector("#leave-dialog-money");
    money.hidden = !lines.money;
    money.textContent = lines.money || "";
    dialog.showModal();
    dialog.querySelector("#leave-dialog-stay").focus();
  });
  dialog.querySelector("#leave-dialog-stay").addEventListener("click", () => dialog.close());
  dialog.querySelector("#leave-dialog-leave").addEventListener("click", () => {
    confirmed = true;
    dialog.close();
    form.submit();
  });
}
