// Recompute the deck commitment in the browser: sha256(salt + ":" + order joined by spaces).
const data = JSON.parse(document.getElementById("history-data").textContent);
const text = data.salt + ":" + data.order.join(" ");
const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
document.getElementById("deck-check").textContent = hex;
const ok = hex === data.deck_hash;
const verdict = document.getElementById("deck-verdict");
verdict.textContent = ok ? "✔" : "✘";
verdict.className = ok ? "ok" : "mismatch";
verdict.dataset.ok = String(ok);
const summary = document.getElementById("deck-verdict-summary");  // the folded details panel says it too
if (summary) {
  summary.textContent = verdict.textContent;
  summary.className = verdict.className;
}
