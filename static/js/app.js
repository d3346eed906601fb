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

// Without signal, a page the service worker answered from its cache says so, and how old it is:
// the time its copy was loaded (the Date of the cached answer), else the time this page loaded.
(() => {
  const note = document.getElementById("offline-note");
  if (!note) return;
  const loadedAt = async () => {
    try {
      const cached = "caches" in window ? await caches.match(location.href, { ignoreVary: true }) : null;
      const date = cached && cached.headers.get("Date");
      if (date) return new Date(date);
    } catch (error) { /* no cache storage: fall back to the page's own time */ }
    return new Date(performance.timeOrigin);
  };
  const show = async () => {
    if (navigator.onLine) {
      note.hidden = true;
      return;
    }
    const when = (await loadedAt()).toLocaleString(document.documentElement.lang || "de", {
      dateStyle: "medium",
      timeStyle: "short",
    });
    note.textContent = note.dataset.offlineText.replace("{when}", when);
    note.hidden = false;
  };
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  document.addEventListener("DOMContentLoaded", show);
})();
