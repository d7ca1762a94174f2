"""attrs' validators, the three pbnscore's records use (``in_``, ``ge``,
``matches_re``), with attrs' messages and exceptions: what
``attrs.validators`` is where a module takes ``attrs`` from
:mod:`pbnscore._records`."""

from __future__ import annotations

from typing import Any


# The validators pbnscore uses, with attrs' messages (``attrs.validators``).
class _MatchesRe:
    __slots__ = ("match", "pattern")

    def __init__(self, regex: Any) -> None:
        import re

        self.pattern = regex if isinstance(regex, re.Pattern) else re.compile(regex)
        self.match = self.pattern.fullmatch

    def __call__(self, inst: object, attr: Any, value: Any) -> None:
        if not self.match(value):
            msg = f"'{attr.name}' must match regex {self.pattern.pattern!r} ({value!r} doesn't)"
            raise ValueError(msg, attr, self.pattern, value)

    def __repr__(self) -> str:
        return f"<matches_re validator for pattern {self.pattern!r}>"


class _In:
    __slots__ = ("options", "original")

    def __init__(self, options: Any) -> None:
        self.original = options
        self.options = tuple(options) if isinstance(options, (list, dict, set)) else options

    def __call__(self, inst: object, attr: Any, value: Any) -> None:
        try:
            found = value in self.options
        except TypeError:  # e.g. `1 in "abc"`
            found = False
        if not found:
            msg = f"'{attr.name}' must be in {self.original!r} (got {value!r})"
            raise ValueError(msg, attr, self.original, value)

    def __repr__(self) -> str:
        return f"<in_ validator with options {self.original!r}>"


class _AtLeast:
    __slots__ = ("bound",)

    def __init__(self, bound: Any) -> None:
        self.bound = bound

    def __call__(self, inst: object, attr: Any, value: Any) -> None:
        if not value >= self.bound:
            raise ValueError(f"'{attr.name}' must be >= {self.bound}: {value}")

    def __repr__(self) -> str:
        return f"<Validator for x >= {self.bound}>"


class validators:
    """``attrs.validators``: the three pbnscore uses."""

    matches_re = _MatchesRe
    in_ = _In
    ge = _AtLeast
