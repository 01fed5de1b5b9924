"""Joining a game from another phone by its link or QR code."""
