// Filters the skills reference as you type, on the list already loaded (works offline too).
(() => {
  const normalise = (text) => text.toLocaleLowerCase("de").normalize("NFD").replace(/[\u0300-\u036f]/g, "");

  function apply(input) {
    const list = document.querySelector(input.dataset.skillFilter);
    if (!list) return;
    const query = normalise(input.value.trim());
    let shown = 0;
    list.querySelectorAll("[data-names]").forEach((item) => {
      const match = !query || normalise(item.dataset.names).includes(query);
      item.hidden = !match;
      if (match) shown += 1;
    });
    list.querySelectorAll("[data-skill-group]").forEach((group) => {
      group.hidden = !group.querySelector("[data-names]:not([hidden])");
    });
    const empty = list.querySelector("[data-skill-empty]");
    if (empty) empty.hidden = shown > 0;
    // A single hit opens its explanation right away.
    const visible = list.querySelectorAll("[data-names]:not([hidden]) details");
    if (query && visible.length === 1) visible[0].open = true;
  }

  document.addEventListener("DOMContentLoaded", () => {
    const input = document.querySelector("[data-skill-filter]");
    if (!input) return;
    input.form.addEventListener("submit", (event) => {
      event.preventDefault();
      apply(input);
    });
    input.addEventListener("input", () => apply(input));
    document.body.addEventListener("htmx:afterSwap", () => {
      apply(input);
      if (location.hash) {
        const target = document.getElementById(location.hash.slice(1));
        if (target && target.tagName === "DETAILS") {
          target.open = true;
          target.scrollIntoView();
        }
      }
    });
  });
})();
