// The Baa played by people: a tap on the map fills the tap form's point (SVG inches) and sends
// it; forms with data-confirm ask before something that cannot be undone.
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

  document.addEventListener("submit", (event) => {
    const question = event.target.dataset.confirm;
    if (question && !window.confirm(question)) event.preventDefault();
  });
})();
