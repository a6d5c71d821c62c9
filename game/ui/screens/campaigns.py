"""Campaigns: the campaign files of the player's folder, newest first, each with its name, kind,
the battles fought and where it stands; a file that cannot be read says why in one line and offers
its last good copy. New starts a campaign, Continue opens the newest, Open the chosen one, Delete
removes it (asked first).

A click on a campaign chooses it and a second click (or Enter on it) opens it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from game.persist.campaigns import (
    CampaignEntry,
    CampaignFileError,
    delete_campaign,
    last_good,
    list_campaigns,
    write_campaign,
)
from game.persist.folders import campaigns_dir
from game.ui import places
from game.ui.app import App
from game.ui.campaign_link import battles_fought, kind_of, standing
from game.ui.screens.base import FileListScreen
from game.ui.widgets import centred_row, fit

Action = tuple[str, Callable[[], object]]


def entry_line(entry: CampaignEntry) -> str:
    """A campaign as the list shows it: name, kind, battles fought, where it stands (or its problem)."""
    c = entry.campaign
    if c is None:
        return f"{entry.path.name}: {entry.problem or 'cannot be read'}"
    fought = battles_fought(c)
    return f"{c.name}  ·  {kind_of(c)}  ·  {fought} battle{'s' if fought != 1 else ''}  ·  {standing(c)}"


class CampaignsScreen(FileListScreen[CampaignEntry]):
    """The campaign files of the player's folder, and what may be done with them."""

    title = "Campaigns"

    def __init__(self, app: App, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else campaigns_dir()
        super().__init__(app)

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        """The campaigns in a column, the actions in a row at the bottom."""
        self.read_list(partial(list_campaigns, self.folder), CampaignFileError)
        w, h = self.app.surface.get_size()
        fonts, scale = self.app.fonts, self.app.fonts.scale
        bh = fonts.body.get_linesize() + round(14 * scale)
        width = min(w - 60, round(900 * scale))
        items = [(fit(entry_line(e), fonts.body, width - 24), partial(self.choose, e.path))
                 for e in self.entries]
        chosen = self.chosen_entry()
        spoilt = chosen is not None and chosen.campaign is None
        actions: list[Action] = [("New", self.new), ("Continue", self.continue_newest),
                                 ("Open the last good copy" if spoilt else "Open", self.open),
                                 ("Delete", self.delete), ("Back", self.back)]
        foot = h - 16 - fonts.small.get_linesize() - 6
        row = centred_row(actions, fonts.body, w, foot, bh)
        top = self.title_bottom() + 12 + (fonts.small.get_linesize() + 6)
        self.buttons = self.fit_column(items, top, row[0].rect.top - 14, width, round(40 * scale), 6)
        for i, button in enumerate(self.buttons):
            button.selected = self.entries[i + self.first].path == self.chosen
        for button in row:
            if button.label in ("Open", "Open the last good copy", "Delete"):
                button.enabled = chosen is not None
            elif button.label == "Continue":
                button.enabled = self._newest() is not None
        self.buttons += row

    def _newest(self) -> CampaignEntry | None:
        return next((e for e in self.entries if e.campaign is not None), None)

    # --- actions --------------------------------------------------------------------------
    def open_chosen(self) -> places.Transition:
        """A second click on the chosen campaign opens it."""
        return self.open()

    def new(self) -> places.Transition:
        """The form of a new campaign."""
        return places.Push(places.NewCampaign(self.folder))

    def continue_newest(self) -> places.Transition:
        """The campaign played last."""
        entry = self._newest()
        return places.Push(places.Campaign(entry.path)) if entry is not None else None

    def open(self) -> places.Transition:
        """The chosen campaign; a file that cannot be read is put back as its last good copy first."""
        entry = self.chosen_entry()
        if entry is None:
            return None
        if entry.campaign is None:
            try:
                write_campaign(last_good(entry.path), entry.path)
            except CampaignFileError as exc:
                self.tell(f"No good copy to go back to: {exc}", bad=True)
                self.layout()
                return None
            self.tell(f"{entry.path.name}: back to its last good copy")
        return places.Push(places.Campaign(entry.path))

    def delete(self) -> places.Transition:
        """Delete the chosen campaign, asked first."""
        entry = self.chosen_entry()
        if entry is None:
            return None
        name = entry.campaign.name if entry.campaign is not None else entry.path.name
        path = entry.path

        def gone() -> places.Transition:
            try:
                delete_campaign(path, self.folder)
                self.tell(f"Deleted {name}")
            except (CampaignFileError, OSError) as exc:
                self.tell(str(exc), bad=True)
            self.layout()
            return None
        return places.Push(places.Confirm("Delete the campaign?", f"{name} will be deleted for good, with "
                                          f"its battles and chronicle ({path.name}).", on_yes=gone))

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The title, what the list is, the list, the line and the buttons."""
        super().draw(surface)
        self.draw_lines(surface, "Click a campaign to choose it, again to open it" if self.entries else
                        "No campaigns yet: New starts one")
