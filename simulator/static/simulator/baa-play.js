// The Baa played by people: a tap on the map fills the tap form's point (SVG inches) and sends
// it (forms with data-confirm are asked by confirm.js).
(() => {
  document.addEventListener("click", (event) => {
    const svg = event.target.closest("svg[data-tap-form]");
    if (!svg) return;
    const form = document.getElementById(svg.dataset.tapForm);
    if (!form || !svg.getScreenCTM()) return;
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const inches = point.matrixTransform(svg.getScreenCTM().inverse());
    form.elements.x.value = inches.x.toFixed(2);
    form.elements.y.value = inches.y.toFixed(2);
    form.requestSubmit();
  });

  // The new-game form shows only the seats of the chosen number of teams.
  function showSeats(select) {
    const count = Number(select.value);
    document.querySelectorAll("[data-seat]").forEach((seat) => {
      seat.hidden = Number(seat.dataset.seat) > count;
    });
  }
  document.addEventListener("change", (event) => {
    if (event.target.matches("[data-seat-count]")) showSeats(event.target);
  });
  document.addEventListener("DOMContentLoaded", () => {
    const select = document.querySelector("[data-seat-count]");
    if (select) showSeats(select);
  });
})();
