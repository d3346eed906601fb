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

  // The last move slides briefly (SVG animateTransform in the markup), once per game version:
  // tapping a piece, choosing an action or a poll without news draws the board again, but the
  // move is not replayed. Never for those who ask for less motion.
  let animated = null;
  const stillBoard = () => {
    const game = document.getElementById("ball-game");
    const version = game ? game.getAttribute("data-version") : null;
    let seen = animated;
    try {
      seen = window.sessionStorage.getItem("ball-animated") || animated;
    } catch (e) { /* storage may be blocked */ }
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced || (version && version === seen)) {
      document.querySelectorAll(".ball-board animateTransform").forEach((a) => a.remove());
    }
    animated = version;
    try {
      if (version) window.sessionStorage.setItem("ball-animated", version);
    } catch (e) { /* storage may be blocked */ }
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
