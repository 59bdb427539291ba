"""Screens of the hkk app."""
