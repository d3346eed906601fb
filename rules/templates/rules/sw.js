{% autoescape off %}/* Hopfen&Sieg service worker. Only the settings of this deployment are rendered here; each
   concern of the worker is a module of its own under static/js/sw/ (hashed names in production,
   so a new module changes this file and the browser installs the new worker). */
self.HOPFEN = {
  cache: "hopfen-{{ version }}",
  precache: {{ precache_json }},
  offlinePage: "{{ offline_page }}",
  staticPrefix: "{{ static_prefix }}",
  keptPrefixes: {{ kept_prefixes_json }},
};
importScripts({% for module in modules %}"{{ module }}"{% if not forloop.last %}, {% endif %}{% endfor %});
{% endautoescape %}
