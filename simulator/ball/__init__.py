"""BALL in the browser: ``services`` plays the game through ``engines.ball``; ``presentation``
puts the game page together from ``board`` (the SVG board component), ``choice`` (the action
built tap by tap) and ``wording`` (pieces and actions in German); ``rules`` draws the rules
page's diagrams, ``reasons`` words the engine's refusals; ``views`` and ``forms`` handle the
requests."""
