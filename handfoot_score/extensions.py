"""Flask extensions, created without an app and bound to one in ``create_app``."""

from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Alembic's recommended names: SQLite batch migrations can only drop or alter
# constraints that have a name.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base for every model, with named constraints.

    The models subclass it, not ``db.Model``: a class the type checker can see, with typed
    columns. ``db`` takes it as its ``model_class``, so ``db.metadata`` (``create_all``,
    Flask-Migrate) and ``db.Model`` share its metadata and registry.
    """

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
migrate = Migrate()
#: Gzip for text, called by ``security.compress_for_own_site`` only where it is safe.
compress = Compress()
