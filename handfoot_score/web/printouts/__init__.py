"""Paper score sheets, rule cards and standings to print."""
