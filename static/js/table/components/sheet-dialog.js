// A sheet over the table (the deal's score sheet, the match sheet): a non-modal dialog that fits the viewport on a
// desktop and a phone, closed by its button or Escape; the table stays live behind it.
import { html } from "../../view.js";
import { t } from "../../i18n.js";

// id: the dialog's id; label: its accessible name; onClose(): the close button or Escape; children: the sheet.
export function SheetDialog({ id, label, onClose, children }) {
  return html`<dialog open id=${id} class="sheet-dialog" aria-label=${label}
    onKeyDown=${(e) => { if (e.key === "Escape") { e.preventDefault(); onClose(); } }}>
    <button type="button" class="sheet-close" aria-label=${t("Close")} title=${t("Close")} onClick=${onClose}>×</button>
    ${children}
  </dialog>`;
}
