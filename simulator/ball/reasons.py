"""German wording of the engine's reasons for refusing an action.

The engine names each refusal with a code and its values (squares, pieces such as "home X5",
numbers); this table gives every code a German sentence. A code without one falls back to the
engine's English text, marked as such, so a new engine reason never breaks the page.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from engines.ball import IllegalAction

from .wording import SYMBOLS


def _piece(text: str) -> str:
    """ "home X5" -> "Heim ✕5"."""
    team, _sep, name = str(text).partition(" ")
    label = _("Heim") if team == "home" else _("Gast") if team == "away" else team
    return f"{label} {SYMBOLS.get(name[:1], name[:1])}{name[1:]}"


def _messages() -> dict[str, str]:
    return {
        "game_over": _("Die Partie ist vorbei."),
        "task_in_action_phase": _(
            "Aufstehen und Stapel auflösen gibt es erst in der Auflösungsphase, nach END."
        ),
        "resolution_not_ended": _(
            "Die Auflösungsphase endet erst, wenn jede lösbare Pflichtaufgabe erledigt ist."
        ),
        "action_phase_over": _(
            "Die Aktionsphase ist vorbei; jetzt sind nur Pflichtaufgaben (UP, RS) erlaubt."
        ),
        "cards_off": _("Karten und +PE gibt es nur im Kartenmodus."),
        "no_pa_to_convert": _("Es ist kein PA mehr übrig, der sich umwandeln ließe."),
        "overtime_used": _("OVERTIME darf nur einmal pro Zug gespielt werden."),
        "pe_short": _("%(card)s kostet %(cost)s PE, %(team)s hat nur %(pe)s."),
        "no_pa": _("Für eine gewöhnliche Aktion ist kein PA mehr übrig."),
        "no_piece": _("Auf %(square)s steht keine Figur."),
        "not_yours": _("%(piece)s auf %(square)s gehört nicht dir."),
        "not_down": _("%(piece)s auf %(square)s liegt nicht am Boden."),
        "not_neighbour": _("%(square)s grenzt nicht diagonal an %(of)s."),
        "square_not_empty": _("Auf %(square)s darf weder eine Figur noch der Ball liegen."),
        "inactive": _("%(piece)s ist %(state)s und kann nicht handeln."),
        "restricted": _(
            "%(piece)s hat in diesem Zug den Ball erlangt und darf keine weitere Aktion beginnen."
        ),
        "not_carrier": _("Nur der Ballträger darf einen Hand-off oder Pass spielen."),
        "no_stack": _("Auf %(square)s ist kein Stapel."),
        "stack_too_new": _("Ein Stapel wird nie im Zug aufgelöst, in dem er entstanden ist."),
        "same_square": _("Obere und untere Figur müssen auf zwei verschiedene Felder."),
        "keeper_missing": _(
            "Die obere Figur hat den Ball: gib an, wer ihn behält (*top oder *bottom)."
        ),
        "keeper_extra": _("Die obere Figur hat den Ball nicht, also behält ihn auch niemand."),
        "not_legal": _("Diese Aktion ist in dieser Stellung nicht möglich."),
        "extra_square": _("Ein Zug um 1 Feld hat kein zweites Feld."),
        "stack_closed": _("Auf %(square)s steht ein Stapel; das Feld ist geschlossen."),
        "cannot_reach": _("%(piece)s kann nicht von %(square)s nach %(to)s ziehen."),
        "blocked_path": _(
            "Auf dem Zwischenfeld %(square)s liegt eine Figur am Boden oder steht ein Stapel."
        ),
        "occupied": _(
            "%(square)s ist besetzt: ein Zug um 2 Felder darf nur auf genau einer aktiven "
            "gegnerischen Figur enden (Ausweichen)."
        ),
        "dodge_crosses": _(
            "Beim Ausweichen darf die Route nicht über die aktive gegnerische Figur auf "
            "%(square)s führen."
        ),
        "no_exit": _("Neben %(square)s ist kein freies Austrittsfeld – kein Ausweichen möglich."),
        "exit_missing": _("Zum Ausweichen gehört das Austrittsfeld, z. B. %(example)s."),
        "bad_exit": _("%(square)s ist kein freies Austrittsfeld neben %(of)s."),
        "push_missing": _(
            "Zum taktischen Ausweichen gehört das Feld, auf das gestoßen wird, z. B. %(example)s."
        ),
        "bad_push": _(
            "Auf %(square)s kann nicht gestoßen werden: es muss diagonal an %(of)s grenzen, "
            "nicht %(to)s sein und frei von Figur und Ball."
        ),
        "extra_square_plain": _("Ein gewöhnlicher Zug hat kein zweites Feld."),
        "pass_on_piece": _("Auf %(square)s steht eine Figur."),
        "pass_too_close": _(
            "%(square)s ist nur 1 Feld von %(piece)s entfernt; ein langer Pass braucht "
            "mindestens 2 Felder Abstand zu jeder eigenen Figur."
        ),
        "no_receiver": _("Auf %(square)s steht keine andere eigene Figur."),
        "receiver_inactive": _("%(piece)s ist nicht aktiv und kann nicht mitspielen."),
        "not_connected": _(
            "%(piece)s ist nicht über eine Kette aktiver eigener Figuren mit dem Ballträger "
            "verbunden."
        ),
        "too_far": _("%(piece)s ist %(distance)s Felder entfernt; ein kurzer Pass reicht 4."),
        "ball_not_next": _("%(square)s liegt nicht neben dem Empfänger auf %(of)s."),
        "ball_square_taken": _("%(square)s ist nicht frei."),
    }


def _state_word(text: str) -> str:
    return {
        "active": _("aktiv"),
        "knocked down": _("am Boden"),
        "in a stack": _("in einem Stapel"),
    }.get(text, text)


def german_reason(exc: IllegalAction) -> str:
    """The engine's reason for refusing an action, in German."""
    template = _messages().get(getattr(exc, "code", ""))
    if template is None:
        return _("Begründung der Engine: %(text)s") % {"text": str(exc)}
    params = dict(exc.params)
    for key in ("piece",):
        if key in params:
            params[key] = _piece(params[key])
    if "team" in params:
        params["team"] = _("Heim") if params["team"] == "home" else _("Gast")
    if "state" in params:
        params["state"] = _state_word(params["state"])
    return template % params
