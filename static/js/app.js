// Registers the service worker that keeps the handbook and skills usable offline.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}


// Scripts run: controls meant only for pages without JavaScript can hide (see app.css).
document.documentElement.classList.add("has-js");

// A refused form shows its errors in view: after a full page load and after an htmx swap.
(() => {
  const showFirstError = (root) => {
    const error = root.querySelector(".development .form-errors, .hatred-question .form-errors");
    if (error) error.scrollIntoView({ block: "center" });
  };
  document.addEventListener("DOMContentLoaded", () => showFirstError(document));
  document.addEventListener("htmx:afterSwap", (event) => {
    // Only after a save: narrowing the lists (a GET) must not move the page.
    const config = event.detail.requestConfig;
    if (config && config.verb === "post") showFirstError(document);
  });
})();
