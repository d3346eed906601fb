from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site's own plumbing as an app, so that its wiring runs once at start-up.

    It has no models, templates or migrations; ready() connects the page cache to the signals
    that renew its tokens (config/pagecache/fragments.py).
    """

    name = "config"

    def ready(self):
        from config.pagecache import fragments

        fragments.connect()
