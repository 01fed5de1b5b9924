"""Where games and leagues are kept: the tables (``models``), their history in
``migrations/``."""
