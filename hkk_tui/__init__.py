"""Textual front end and command line of hkk. No rules here."""
