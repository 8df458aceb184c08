"""The bit-packed Base64 IDs that GNU Backgammon made familiar, written once.

An ID is a fixed number of bytes written as standard Base64 (A-Z a-z 0-9 + /) without padding.
Bits fill each byte from its least significant bit. Position IDs write each side's checkers in
unary: for every point, as many 1-bits as checkers, then a 0-bit.

Readers raise ``ValueError`` with a sentence that names the ID (``what``) and says what is wrong.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence

ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


def encode(data: bytes) -> str:
    """``data`` as Base64 without padding."""
    return base64.b64encode(data).decode("ascii").rstrip("=")


def decode(text: object, nchars: int, what: str, *, strict: bool = True) -> bytes:
    """The bytes of an ID of ``nchars`` characters (surrounding blanks ignored).

    ``strict``: the bits of the last character past the last whole byte must be zero (GNU
    Backgammon's own Position ID reader ignores them: ``strict=False``).
    """
    if not isinstance(text, str):
        raise ValueError(f"a {what} is a string of {nchars} characters")  # noqa: TRY004 (readers raise only ValueError)
    text = text.strip()
    if len(text) != nchars:
        raise ValueError(f"a {what} has {nchars} characters, this one has {len(text)}")
    bad = sorted(set(text) - ALPHABET)
    if bad:
        raise ValueError(f"a {what} uses only A-Z a-z 0-9 + /, not {''.join(bad)!r}")
    data = base64.b64decode(text + "=" * (-len(text) % 4))
    if strict and encode(data) != text:
        raise ValueError(f"the {what} has bits set past its end")
    return data


def pack_bits(bits: Sequence[int], nbytes: int) -> bytes:
    """``bits`` packed least significant bit first into ``nbytes`` bytes."""
    data = bytearray(nbytes)
    for i, bit in enumerate(bits):
        if bit:
            data[i >> 3] |= 1 << (i & 7)
    return bytes(data)


def unpack_bits(data: bytes) -> list[int]:
    """Every bit of ``data``, least significant bit of each byte first."""
    return [(data[i >> 3] >> (i & 7)) & 1 for i in range(len(data) * 8)]


def encode_bits(bits: Sequence[int], nchars: int) -> str:
    """``bits`` as an ID of ``nchars`` characters (the whole bytes they hold: 6 bits a character)."""
    return encode(pack_bits(bits, nchars * 6 // 8))


def decode_bits(text: object, nchars: int, what: str, *, strict: bool = True) -> list[int]:
    """The bits of an ID made by :func:`encode_bits` (see :func:`decode` for ``strict``)."""
    return unpack_bits(decode(text, nchars, what, strict=strict))


def unary_bits(counts: Sequence[int]) -> list[int]:
    """Each count as that many 1-bits followed by a 0-bit."""
    bits: list[int] = []
    for count in counts:
        bits.extend([1] * count)
        bits.append(0)
    return bits


def read_unary(
    bits: Sequence[int], index: int, n: int, what: str, *, most: int | None = None
) -> tuple[list[int], int]:
    """``n`` counts written by :func:`unary_bits`, read from ``bits`` at ``index``: (counts, the
    index after them). ``most``: the largest count allowed, if any."""
    counts: list[int] = []
    count = 0
    while len(counts) < n:
        if index >= len(bits):
            raise ValueError(f"the {what} ends before both sides are described")
        if bits[index]:
            count += 1
            if most is not None and count > most:
                raise ValueError(f"the {what} puts more than {most} checkers on one point")
        else:
            counts.append(count)
            count = 0
        index += 1
    return counts, index
