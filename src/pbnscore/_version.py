"""The package's version, in a module of its own so that any part (the
writers that name their program, ``--version``) reads it without importing
the package's ``__init__``."""

__version__ = "0.1.0"
