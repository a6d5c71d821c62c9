"""The editor's tools, one class each: what a click, a drag and the side panel do with it in hand."""
