"""Flask extensions, created unbound and initialised in the app factory."""

from flask_babel import Babel
from flask_compress import Compress
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
babel = Babel()
compress = Compress()
