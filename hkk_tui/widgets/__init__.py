"""Widgets of the hkk app: one per pane."""
