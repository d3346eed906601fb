from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from config.roles import is_league_admin

from .models import Kind, Mode


class AccountForm(forms.Form):
    """„Mein Konto“: the e-mail address and, per kind, at once / daily digest / off."""

    email = forms.EmailField(label=_("E-Mail-Adresse"), required=False, max_length=254)

    def __init__(self, *args, user, modes: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["email"].initial = user.email
        for kind in self.kinds(user):
            self.fields[f"mode_{kind}"] = forms.ChoiceField(
                label=Kind(kind).label,
                choices=Mode.choices,
                initial=modes.get(kind, Mode.NOW),
                widget=forms.RadioSelect,
            )

    @staticmethod
    def kinds(user) -> list[str]:
        return [k for k in Kind.values if k != Kind.DISPUTE or is_league_admin(user)]

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if email and (
            get_user_model().objects.filter(email__iexact=email).exclude(pk=self.user.pk).exists()
        ):
            raise forms.ValidationError(
                _("Diese E-Mail-Adresse gehört schon zu einem anderen Konto.")
            )
        return email

    def modes(self) -> dict[str, str]:
        return {kind: self.cleaned_data[f"mode_{kind}"] for kind in self.kinds(self.user)}

    def mode_fields(self):
        return [self[f"mode_{kind}"] for kind in self.kinds(self.user)]
