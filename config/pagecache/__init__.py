"""The page cache: derived data that is never stale, in two modules.

- `fragments`: the tokens every write renews (through Django's model signals, connected from
  config/apps.py), and the values and template fragments stored under them.
- `pages`: whole pages for visitors, stored under the same tokens.
"""
