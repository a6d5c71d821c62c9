"""The scenario editor: a slim screen that routes the mouse and keys to the tool in hand (paint,
select, obstacles, zones, objectives, vehicles, forces, settings), the side panel's forms from one
table of fields per kind of thing, and the picture of the table."""
