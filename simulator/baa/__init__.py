"""The Baa in the browser.

Bot matches to watch: ``services`` runs a match through ``engines.baa``, ``presentation`` draws
the table and tells the events in German, ``views`` and ``forms`` handle the requests.

Games people play (kept in the database, models in ``simulator.models``): ``play`` creates
games and carries inputs out under a row lock, ``board`` shows a running game and turns taps
into inputs, ``messages`` gives the engine's refusals in German, ``play_views`` and
``play_forms`` handle the requests.
"""
