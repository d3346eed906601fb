from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from config.roles import is_league_admin

from .models import Kind, Mode


class AccountForm(forms.Form):
    """„Mein Konto“: the e-mail address and, per kind, at once / daily digest / off."""

    email = forms.EmailField(label=_("E-Mail-Adresse"), required=False, max_length=254)
    public_name = forms.CharField(
        label=_("Anzeigename"),
        required=False,
        max_length=40,
        help_text=_("So heißt du auf allen Seiten der Liga; leer: dein Benutzername."),
    )

    def __init__(self, *args, user, modes: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["email"].initial = user.email
        self.fields["public_name"].initial = user.public_name
        for kind in self.kinds(user):
            self.fields[f"mode_{kind}"] = forms.ChoiceField(
                label=Kind(kind).label,
                choices=Mode.choices,
                initial=modes.get(kind, Mode.NOW),
                widget=forms.RadioSelect,
            )

    @staticmethod
    def kinds(user) -> list[str]:
        # what waits for him is listed on the start page (and said in the result's mail)
        return [
            k
            for k in Kind.values
            if k != Kind.WAITING and (k != Kind.DISPUTE or is_league_admin(user))
        ]

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if email and (
            get_user_model().objects.filter(email__iexact=email).exclude(pk=self.user.pk).exists()
        ):
            raise forms.ValidationError(
                _("Diese E-Mail-Adresse gehört schon zu einem anderen Konto.")
            )
        return email

    def clean_public_name(self):
        name = " ".join(self.cleaned_data["public_name"].split())
        if not name:
            return ""
        others = get_user_model().objects.exclude(pk=self.user.pk)
        if others.filter(public_name__iexact=name).exists() or (
            others.filter(username__iexact=name).exists()
        ):
            raise forms.ValidationError(_("Diesen Namen trägt schon ein anderer Coach."))
        return name

    def modes(self) -> dict[str, str]:
        return {kind: self.cleaned_data[f"mode_{kind}"] for kind in self.kinds(self.user)}

    def mode_fields(self):
        return [self[f"mode_{kind}"] for kind in self.kinds(self.user)]
