// The table's one question at a time, as a non-modal dialog over the felt (the chat and the hand stay usable).
import { html } from "../../view.js";

// question: {key, kind, title, body (vnode or null), buttons: [{label, value, primary}], after (vnode or null: what
// follows the buttons, e.g. why the other choices are not possible)} or null (no dialog);
// onAnswer(question, value): a button was pressed.
export function Dialog({ question, onAnswer }) {
  const q = question;
  return html`<dialog id="dialog" open=${!!q} data-kind=${q ? q.kind : ""}>
    ${q ? html`<form onSubmit=${(e) => e.preventDefault()}>
      <h2>${q.title}</h2>
      <div class="dialog-body">${q.body || null}</div>
      <div class="buttons">${q.buttons.map((b) => html`<button type="button" key=${b.value} value=${b.value}
        class=${b.primary ? "primary" : ""} data-value=${b.value} onClick=${() => onAnswer(q, b.value)}>${b.label}</button>`)}</div>
      ${q.after || null}
    </form>` : null}
  </dialog>`;
}
