"""The battle screen: the table, the miniatures, the HUD and the input that becomes Commands."""
