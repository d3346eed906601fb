// „Mein Konto“: allow Web Push on this phone. The button shows only where the browser can do it.
(() => {
  const button = document.querySelector("[data-push-key]");
  if (!button || !("serviceWorker" in navigator) || !("PushManager" in window)) return;
  const status = document.querySelector("[data-push-status]");
  const key = button.dataset.pushKey;
  const toBytes = (text) => {
    const base64 = (text + "=".repeat((4 - (text.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  };
  const csrf = () => (document.querySelector("[name=csrfmiddlewaretoken]") || {}).value || "";
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        status.textContent = button.dataset.denied;
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: toBytes(key),
      });
      const response = await fetch(button.dataset.pushUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify(subscription.toJSON()),
      });
      status.textContent = response.ok ? button.dataset.done : button.dataset.failed;
    } catch (error) {
      status.textContent = button.dataset.failed;
    }
  });
})();
