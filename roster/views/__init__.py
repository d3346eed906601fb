"""The pages of the roster app, one module per page family; each view stays thin.

- `teams`: the team list, a squad page and its download, founding a team.
- `players`: a player's page, adding, changing, retiring and deleting players, his categories.
- `casualties`: what the squad page records from the table: a casualty by hand, the hatred
  question's answer.
- `squad_page`: the squad page for one viewer (also after a refused form), and who may change
  a squad.
"""
