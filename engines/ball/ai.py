"""Computer opponents (placeholder, replaced below)."""

LEVELS = ("random",)


def choose_action(state, level="random", seed=None):
    import random

    return random.Random(seed).choice(state.legal_actions())
