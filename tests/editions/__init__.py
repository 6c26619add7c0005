"""Editions and house rules."""
