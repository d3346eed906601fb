// BALL board: Escape cancels the action being built (the page's "Abbrechen" link), and after
// htmx swaps the game in, the keyboard focus returns to the same square of the board.
(function () {
  "use strict";
  let focusedSquare = null;

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const cancel = document.querySelector("#ball-game [data-cancel]");
    if (cancel) {
      event.preventDefault();
      cancel.click();
    }
  });

  document.addEventListener("htmx:beforeRequest", () => {
    const active = document.activeElement;
    focusedSquare = active && active.closest("[data-hit]") ? active.getAttribute("data-hit") : null;
  });

  document.addEventListener("htmx:afterSettle", () => {
    const game = document.getElementById("ball-game");
    if (!game || !focusedSquare) return;
    const again = game.querySelector(`[data-hit="${focusedSquare}"]`) || game.querySelector("[data-hit]");
    if (again) again.focus({ preventScroll: true });
    focusedSquare = null;
  });
})();
