// The development on the result form: the server sends, with the form, the players who may
// develop and for each his categories and the skills he can still learn (a JSON block beside
// the fields). Picking a player narrows the categories to his, picking a category narrows the
// three proposals to its skills. Nothing is decided here: the server checks the choice again
// when the result arrives. Works without signal, as the page and this file are kept.
(() => {
  const option = (value, label) => {
    const element = document.createElement("option");
    element.value = String(value);
    element.textContent = label;
    return element;
  };

  function refill(select, entries) {
    const previous = select.value;
    select.replaceChildren(option("", "—"), ...entries.map(([value, label]) => option(value, label)));
    // What was picked stays picked while it is still on offer.
    select.value = entries.some(([value]) => String(value) === previous) ? previous : "";
  }

  function setUp(part) {
    const prefix = part.dataset.resultDevelopment;
    const data = document.getElementById(`${prefix}-optionen`);
    if (!data) return;
    const players = JSON.parse(data.textContent);
    const field = (name) => part.querySelector(`[name="${prefix}-${name}"]`);
    const player = field("player");
    const category = field("category");
    const proposals = ["proposal_1", "proposal_2", "opponent_proposal"].map(field);
    if (!player || !category) return;

    const categoriesOf = () => players.find((item) => String(item.id) === player.value)?.categories || [];
    const narrowCategories = () => {
      refill(category, categoriesOf().map((item) => [item.id, item.name]));
      narrowSkills();
    };
    const narrowSkills = () => {
      const chosen = categoriesOf().find((item) => String(item.id) === category.value);
      for (const select of proposals) refill(select, chosen ? chosen.skills : []);
    };
    player.addEventListener("change", narrowCategories);
    category.addEventListener("change", narrowSkills);
    narrowCategories();
  }

  const start = () => document.querySelectorAll("[data-result-development]").forEach(setUp);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
