// The table's one question at a time, as a non-modal dialog over the felt (the chat and the hand stay usable).
import { html } from "../../view.js";

// question: {key, kind, title, body (vnode or null), buttons: [{label, value, primary}]} or null (no dialog);
// onAnswer(question, value): a button was pressed.
export function Dialog({ question, onAnswer }) {
  const q = question;
  return html`<dialog id="dialog" open=${!!q} data-kind=${q ? q.kind : ""}>
    ${q ? html`<form onSubmit=${(e) => e.preventDefault()}>
      <h2>${q.title}</h2>
      <div class="dialog-body">${q.body || null}</div>
      <div class="buttons">${q.buttons.map((b) => html`<button type="button" key=${b.value} value=${b.value}
        class=${b.primary ? "primary" : ""} data-value=${b.value} onClick=${() => onAnswer(q, b.value)}>${b.label}</button>`)}</div>
    </form>` : null}
  </dialog>`;
}
