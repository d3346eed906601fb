// BALL board: Escape cancels the action being built (the page's "Abbrechen" link); after htmx
// swaps the game in, the keyboard focus returns to the same square of the board; and a tab that
// comes back into view asks whether the game moved on elsewhere (then it is refreshed and told).
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

  document.addEventListener("visibilitychange", () => {
    const game = document.getElementById("ball-game");
    if (document.visibilityState !== "visible" || !game || !window.htmx) return;
    window.htmx.ajax("GET", game.getAttribute("data-check"), { target: game, swap: "outerHTML" });
  });

  // Moves slide briefly (SVG animateTransform in the markup); not for those who ask for less motion.
  const stillBoard = () => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      document.querySelectorAll(".ball-board animateTransform").forEach((a) => a.remove());
    }
  };
  document.addEventListener("DOMContentLoaded", stillBoard);
  document.addEventListener("htmx:afterSwap", stillBoard);

  document.addEventListener("htmx:afterSettle", () => {
    const game = document.getElementById("ball-game");
    if (!game || !focusedSquare) return;
    const again = game.querySelector(`[data-hit="${focusedSquare}"]`) || game.querySelector("[data-hit]");
    if (again) again.focus({ preventScroll: true });
    focusedSquare = null;
  });
})();
