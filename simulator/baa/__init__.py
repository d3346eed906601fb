"""The Baa bot matches in the browser: ``services`` runs a match through ``engines.baa``,
``presentation`` draws the table and tells the events in German, ``views`` and ``forms``
handle the requests."""
