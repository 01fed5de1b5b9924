"""Where games and leagues are kept: the tables (``models``), the database's connection
settings (``database``: SQLite's pragmas and ``BEGIN IMMEDIATE``), their history in
``migrations/``."""
