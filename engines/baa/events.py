"""The event log's types: every event is a dict with ``type`` and exactly these fields.

Positions are ``[x, y]`` in inches; ``level`` is None (ground) or a building's index in the map's
pieces. Every die roll appears in a ``k_test`` or ``roll_off`` event, every random direction in
a ``scatter`` event.
"""

EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    # set-up and round structure
    "setup": ("figure", "x", "y", "level"),
    "ball_placed": ("ball", "x", "y"),
    "round_start": ("round",),
    "reveal": ("round", "step", "picks"),
    "roll_off": ("figures", "rolls"),
    "order": ("figures",),
    "activation": ("figure",),
    "activation_end": ("figure",),
    "round_end": ("round",),
    "game_end": ("reason", "goals", "winner"),
    # dice and condition
    "k_test": ("figure", "for", "k", "rolls", "sixes", "success"),
    "k_loss": ("figure", "loss", "k", "why"),
    "ko": ("figure", "markers"),
    "ko_recovery": ("figure", "markers", "k"),
    # the active figure
    "stand": ("figure",),
    "rest": ("figure", "k", "gained"),
    "end": ("figure",),
    "move": ("figure", "kind", "from", "to", "level", "cost", "interrupted"),
    "pickup": ("figure", "ball"),
    "hand_over": ("figure", "to", "ball"),
    "throw": ("figure", "ball", "angle", "success", "length", "to"),
    "kick": ("figure", "ball", "angle", "success", "length", "to"),
    "punch": ("figure", "target", "sixes"),
    "ball_taken": ("figure", "target", "ball"),
    "push_attempt": ("figure", "target", "success"),
    # passive figures' reactions
    "punch_back": ("figure", "target", "sixes"),
    "punch_back_declined": ("figure",),
    "intercept": ("figure", "mover", "success"),
    "intercept_declined": ("figure", "mover"),
    "catch": ("figure", "ball", "success"),
    "catch_declined": ("figure", "ball"),
    # consequences
    "pushed": ("figure", "by", "to", "level", "fall"),
    "drop": ("figure", "ball"),
    "scatter": ("ball", "angle", "from", "to", "level"),
    "ball_lands": ("ball", "x", "y", "level"),
    "goal": ("team", "figure", "ball", "goals"),
}
