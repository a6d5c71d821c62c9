"""The muster: rosters of the player's own retinue, as data (RULES-BRIEF §12.1).

`roster` holds the file's model and the breaches a roster may hold, `rules` the muster's numbers and
the period names from the content, `names` proposes a name, `templates` makes new rosters (from a
shipped retinue, or blank), `play` turns a legal roster into the retinue a game fields, and
`fielding` makes the roster a campaign battle fields (some away, the injured marked). Nothing
here draws or reads the player's folders: the files are `game.persist.rosters`.
"""

from game.muster.fielding import field_roster
from game.muster.names import propose_name
from game.muster.play import RosterError, content_with_rosters, roster_id, start_with_rosters, to_retinue
from game.muster.roster import ROSTER_KIND, ROSTER_VERSION, Breach, Marks, Roster, RosterMember, breaches
from game.muster.rules import MusterRules, Names, muster_rules, names
from game.muster.templates import blank, dismount_all, mount_all, roster_of, template

__all__ = ["ROSTER_KIND", "ROSTER_VERSION", "Breach", "Marks", "MusterRules", "Names", "Roster",
           "RosterError", "RosterMember", "blank", "breaches", "content_with_rosters", "dismount_all",
           "field_roster", "mount_all", "muster_rules", "names", "propose_name", "roster_id", "roster_of",
           "start_with_rosters", "template", "to_retinue"]
