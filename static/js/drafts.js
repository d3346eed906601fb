// Results typed without signal: the match form keeps a draft on this phone (localStorage, so it
// survives a reload and a closed browser) and sends it by itself once the signal is back, once:
// each draft has its own submission key, which the server stores with the match. A refusal
// (the other coach saved meanwhile, a tick no longer allowed) keeps the draft beside the
// server's German message, and the coach decides. Logging out deletes the drafts.
(() => {
  const STORE = "hopfen-drafts";
  const region = document.getElementById("drafts");
  if (!region) return; // not logged in
  const owner = region.dataset.owner;
  const text = (name) => region.dataset[name];

  const load = () => {
    try {
      return JSON.parse(localStorage.getItem(STORE) || "{}");
    } catch (error) {
      return {};
    }
  };
  const save = (drafts) => localStorage.setItem(STORE, JSON.stringify(drafts));
  const mine = () => Object.values(load()).filter((draft) => draft.owner === owner);
  const update = (id, changes) => {
    const drafts = load();
    if (drafts[id]) drafts[id] = { ...drafts[id], ...changes };
    save(drafts);
  };
  const remove = (id) => {
    const drafts = load();
    delete drafts[id];
    save(drafts);
  };
  const here = () => location.pathname + location.search;
  const csrf = () => {
    // The cookie first: a page answered from the cache may carry a token of an older login.
    const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
    if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
    try {
      return JSON.parse(document.body.dataset.hxHeaders)["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  };
  const field = (fields, name) => (fields.find(([key]) => key === name) || [null, ""])[1];
  const summary = (fields, names) =>
    `${names.home} ${field(fields, "home_touchdowns")} : ${field(fields, "away_touchdowns")} ${names.away}`;

  // --- The form: offline, saving keeps a draft instead of a request that cannot arrive.
  const form = document.querySelector("form[data-offline-draft]");
  if (form) {
    const names = { home: form.dataset.home, away: form.dataset.away };
    form.addEventListener("submit", (event) => {
      if (navigator.onLine) return; // online: the ordinary request (its key stops a resend)
      event.preventDefault();
      const id = crypto.randomUUID();
      form.elements.submission_key.value = id;
      const fields = [...new FormData(form).entries()].filter(([name]) => name !== "csrfmiddlewaretoken");
      const drafts = load();
      // One draft per form: a newer one replaces what was not sent yet.
      for (const [key, draft] of Object.entries(drafts)) {
        if (draft.owner === owner && draft.url === here() && draft.state !== "sent") delete drafts[key];
      }
      drafts[id] = {
        id, owner, url: here(), names, fields, development: developmentSummary(form),
        state: "pending", savedAt: Date.now(), message: "",
      };
      save(drafts);
      render();
      region.scrollIntoView({ block: "start" });
    });
    // Back on the form (a reload, the next visit): what was typed is there again.
    const draft = mine().find((item) => item.url === here() && item.state !== "sent");
    if (draft) fill(form, draft.fields);
  }

  // The development chosen with the result, in words, to show beside the draft.
  function developmentSummary(target) {
    const lines = [];
    for (const part of target.querySelectorAll("[data-result-development]")) {
      const checked = part.querySelector("input[type=radio]:checked");
      if (!checked || !checked.value) continue;
      const label = part.querySelector(`label[for="${CSS.escape(checked.id)}"]`);
      const picked = [...part.querySelectorAll("[data-choose-fields] select")]
        .filter((select) => checked.value === "choose" && select.value)
        .map((select) => select.selectedOptions[0].textContent.trim());
      const legend = part.querySelector("legend").textContent.trim();
      lines.push(`${legend}: ${[label ? label.textContent.trim() : checked.value, ...picked].join(", ")}`);
    }
    return lines;
  }

  function fill(target, fields) {
    for (const [name, value] of fields) {
      for (const input of target.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === value;
        else input.value = value;
        // Lists that depend on this one (the development's categories and skills) follow it.
        if (input.tagName === "SELECT") input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  }

  // --- Sending: on every page while online, at load and when the signal returns.
  async function sendOne(draft) {
    const body = new URLSearchParams(draft.fields);
    let response;
    try {
      response = await fetch(draft.url, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { "X-CSRFToken": csrf() },
      });
    } catch (error) {
      return; // still no signal: it stays and goes with the next try
    }
    const path = new URL(response.url).pathname;
    if (response.ok && response.redirected && !path.startsWith(region.dataset.loginPath)) {
      update(draft.id, { state: "sent", matchUrl: response.url, message: "" });
      return;
    }
    if (response.status === 400) {
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const messages = [...page.querySelectorAll(".match-form .form-errors")]
        .map((node) => node.textContent.trim())
        .filter(Boolean);
      // A new result refused as one already there links to that match; a correction's form
      // shows the server's current score.
      const other = page.querySelector("a[data-duplicate]");
      // The development chosen with it is what the server refused: the coach may send the
      // result without it.
      const developmentRefused = !!page.querySelector("[data-development-refused]");
      const corrects = field(draft.fields, "version") !== "";
      const server = corrects ? await serverVersion(draft) : null;
      update(draft.id, {
        state: "conflict",
        message: [...new Set(messages)].join(" "),
        server,
        corrects,
        developmentRefused,
        otherUrl: other ? new URL(other.getAttribute("href"), response.url).href : "",
      });
      return;
    }
    update(draft.id, { state: "conflict", message: text("refused"), server: null });
  }

  // The result as the server has it now, from the form it would show (its version too).
  async function serverVersion(draft) {
    try {
      const response = await fetch(draft.url, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return null;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const value = (name) => page.querySelector(`[name="${name}"]`)?.value ?? "";
      return {
        fields: [
          ["home_touchdowns", value("home_touchdowns")],
          ["away_touchdowns", value("away_touchdowns")],
        ],
        version: value("version"),
      };
    } catch (error) {
      return null;
    }
  }

  async function sendAll() {
    if (!navigator.onLine) return;
    const run = async () => {
      // Read again inside the lock: another tab may have sent a draft meanwhile.
      for (const draft of mine().filter((item) => item.state === "pending")) await sendOne(draft);
    };
    // One tab at a time; the submission key keeps it to one result even without the lock.
    if (navigator.locks) await navigator.locks.request("hopfen-drafts", run);
    else await run();
    render();
  }

  // --- What the coach sees: every draft of his, with what happened to it.
  function render() {
    const drafts = mine().sort((a, b) => a.savedAt - b.savedAt);
    region.hidden = drafts.length === 0;
    const list = region.querySelector("ul");
    list.replaceChildren();
    for (const draft of drafts) {
      const item = document.createElement("li");
      item.className = `draft draft--${draft.state}`;
      item.dataset.draft = draft.id;
      const title = document.createElement("p");
      title.className = "draft__title";
      title.textContent = `${text("mine")} ${summary(draft.fields, draft.names)}`;
      const state = document.createElement("p");
      state.className = "draft__state";
      state.textContent = text(draft.state);
      item.append(title);
      for (const line of draft.development || []) {
        const development = document.createElement("p");
        development.className = "draft__development";
        development.textContent = line;
        item.append(development);
      }
      item.append(state);
      if (draft.state === "sent") {
        const link = document.createElement("a");
        link.href = draft.matchUrl;
        link.textContent = text("open");
        const done = button(text("dismiss"), () => { remove(draft.id); render(); });
        item.append(link, done);
      }
      if (draft.state === "conflict") {
        const message = document.createElement("p");
        message.className = "draft__message form-errors";
        message.textContent = draft.message || text("refused");
        item.append(message);
        if (draft.server) {
          const server = document.createElement("p");
          server.textContent = `${text("server")} ${summary(draft.server.fields, draft.names)}`;
          item.append(server);
        }
        if (draft.otherUrl) {
          const link = document.createElement("a");
          link.href = draft.otherUrl;
          link.textContent = text("other");
          item.append(link);
        }
        const actions = document.createElement("div");
        actions.className = "form-actions";
        if (draft.developmentRefused) actions.append(
          button(text("withoutDevelopment"), () => {
            const fields = draft.fields.map(([name, value]) =>
              /^entwicklung\d+-choice$/.test(name) ? [name, ""] : [name, value]
            );
            update(draft.id, { fields, development: [], state: "pending", message: "", developmentRefused: false });
            sendAll();
          })
        );
        else if (draft.corrects !== false) actions.append(
          button(text("resend"), async () => {
            // Mine wins: sent again on top of the server's current version.
            const latest = await serverVersion(draft);
            const fields = draft.fields.map(([name, value]) =>
              name === "version" && latest ? [name, latest.version] : [name, value]
            );
            update(draft.id, { fields, state: "pending", message: "" });
            sendAll();
          })
        );
        actions.append(button(text("discard"), () => { remove(draft.id); render(); }));
        item.append(actions);
      }
      list.append(item);
    }
  }

  function button(label, action) {
    const element = document.createElement("button");
    element.type = "button";
    element.className = "button button--secondary";
    element.textContent = label;
    element.addEventListener("click", action);
    return element;
  }

  // --- Logging out deletes the drafts and the pages kept for this coach.
  document.querySelectorAll("form[data-clears-drafts]").forEach((logout) =>
    logout.addEventListener("submit", async (event) => {
      event.preventDefault();
      localStorage.removeItem(STORE);
      if ("caches" in window) {
        for (const key of await caches.keys()) {
          const cache = await caches.open(key);
          for (const request of await cache.keys()) {
            if (new URL(request.url).pathname.startsWith(region.dataset.keptPath)) await cache.delete(request);
          }
        }
      }
      logout.submit();
    })
  );

  // --- Links to this coach's forms are kept for later use without signal (the service worker
  // caches what it fetches under its kept paths).
  // The "Spiel eintragen" pick step names, for each pairing of the coach's teams, the form it
  // leads to (a new match, or the open one of the pairing): those are kept too, one after the
  // other, and without signal "Weiter" opens the kept form.
  const pick = document.querySelector("form[data-offline-pick]");
  const targets = () => {
    const data = pick && document.getElementById(pick.dataset.offlinePick);
    try {
      return data ? JSON.parse(data.textContent) : {};
    } catch (error) {
      return {};
    }
  };
  const keep = async () => {
    if (!navigator.onLine || !navigator.serviceWorker?.controller) return;
    document.querySelectorAll("a[data-offline-keep]").forEach((link) =>
      fetch(link.href, { credentials: "same-origin" }).catch(() => {})
    );
    for (const url of new Set(Object.values(targets()))) {
      if (!navigator.onLine) return;
      try {
        await fetch(url, { credentials: "same-origin" });
      } catch (error) {
        return;
      }
    }
  };
  if (pick) {
    pick.addEventListener("submit", async (event) => {
      if (navigator.onLine) return; // online: the ordinary step
      event.preventDefault();
      const value = (name) => pick.elements[name]?.value || "";
      const url = targets()[`${value("heim")}-${value("gast")}`];
      const error = pick.querySelector("[data-offline-pick-error]");
      const kept = url && "caches" in window && (await caches.match(url));
      if (kept) {
        location.assign(url);
        return;
      }
      error.textContent = pick.dataset.offlineMissing;
      error.hidden = false;
      error.focus?.();
    });
  }

  window.addEventListener("online", sendAll);
  window.addEventListener("offline", render);
  document.addEventListener("DOMContentLoaded", () => {
    render();
    sendAll();
    keep();
  });
  navigator.serviceWorker?.addEventListener("controllerchange", keep);
  window.addEventListener("storage", (event) => { if (event.key === STORE) render(); });
})();
