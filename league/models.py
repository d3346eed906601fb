from django.contrib.auth.models import AbstractUser
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A club member's account: coaches own teams, staff members administer the league.

    A custom user model from the first migration, so fields can be added without a painful
    switch later.
    """

    class Meta(AbstractUser.Meta):
        verbose_name = _("Benutzer")
        verbose_name_plural = _("Benutzer")

    def __str__(self) -> str:
        return self.get_full_name() or self.username
