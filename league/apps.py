from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Liga")

    def ready(self):
        # Cached pages renew their tokens when league data changes (config/pagecache.py).
        from config import pagecache

        pagecache.connect()
