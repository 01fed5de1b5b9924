"""Benchmarks that show the scorekeeper is fast enough for any table: ``python -m benchmarks``.

One module per part: the scoring engine, requests in process, league standings as a league
grows, the production server over loopback, and the weight of every page. ``report`` prints
the table; ``machine`` says what it ran on.
"""
