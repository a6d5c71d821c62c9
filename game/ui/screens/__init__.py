"""The screens of the client: menus, the battle's companions and dialogs."""
