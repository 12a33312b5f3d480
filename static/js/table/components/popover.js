// A small non-modal dialog over the table (the player card, a seat's won cards): it fits the viewport on a desktop
// and a phone, closes by its button or Escape, and the table stays live behind it. Whoever opens it gives the
// focus back to what opened it (static/js/table/focus.js).
import { html } from "../../view.js";
import { t } from "../../i18n.js";

// id: the dialog's id; title: its heading and accessible name; onClose(): the close button or Escape;
// children: the contents.
export function Popover({ id, title, onClose, children }) {
  const headingId = `${id}-title`;
  return html`<dialog open id=${id} class="popover-dialog" aria-labelledby=${headingId}
    onKeyDown=${(e) => { if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); onClose(); } }}>
    <div class="popover-head"><h2 id=${headingId}>${title}</h2>
      <button type="button" class="popover-close" aria-label=${t("Close")} title=${t("Close")} onClick=${onClose}>×</button></div>
    <div class="popover-body">${children}</div>
  </dialog>`;
}
