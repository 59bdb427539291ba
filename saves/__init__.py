"""Shipped games and rule scenarios."""
