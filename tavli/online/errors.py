"""The error of the online protocol."""

from __future__ import annotations


class ProtocolError(ValueError):
    """A message, a stored session or terms that break the protocol; the text says what."""


__all__ = ["ProtocolError"]
