// Irreversible actions ask first: a form with data-confirm="Frage?" submits only after "OK".
document.addEventListener("submit", (event) => {
  const question = event.target.dataset ? event.target.dataset.confirm : undefined;
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});
