// The tests' own game "Follow" on the table shell (static/js/table/shell.js): its hand as buttons, the legal
// cards enabled, the trick in the middle, each seat's tricks, and "Next deal" between deals. Only the tests'
// settings serve it (tests/settings.py); README.md "Adding a game" says how a game's module is added.
const gettext = (s) => (window.gettext ? window.gettext(s) : s);

function node(tag, className, text) {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

export function createGame(shell) {
  return {
    render(frame) {
      const { view, table } = frame;
      const el = shell.el;
      const plays = new Set((shell.myTurn() ? frame.legal || [] : []).map((action) => action.play));
      el.hand.replaceChildren(...(view?.hand || []).map((card) => {
        const button = node("button", "card", card);
        button.type = "button";
        button.dataset.card = card;
        button.disabled = !plays.has(card);
        button.addEventListener("click", () => shell.act({ play: card }));
        return button;
      }));
      el.center.replaceChildren(...(view?.trick || []).map(({ seat, card }) => node("span", "trick-card", `${seat}: ${card}`)));
      for (const seat of table.seats) shell.seatBox(seat.number)?.replaceChildren(node("span", "tricks-won", String(view?.tricks_won[seat.number] ?? 0)));
      const over = view?.phase === "done";
      el.info.textContent = over ? `${gettext("Tricks")}: ${view.result.tricks.join(" · ")}` : "";
      const next = node("button", "primary", gettext("Next deal"));
      next.id = "next-deal";
      next.addEventListener("click", () => shell.nextDeal());
      const ended = node("p", "match-over", gettext("The match is over."));
      el.actions.replaceChildren(...(!over ? [] : table.match_over ? [ended] : [next]));
    },
  };
}
