"""BALL in the browser: ``services`` plays the game through ``engines.ball``, ``presentation``
turns a position into what the page draws, ``views`` and ``forms`` handle the requests."""
