"""SHA-256 and HMAC-SHA256 without OpenSSL: importing ``hashlib`` (and ``hmac``, ``secrets``, which import it) loads
OpenSSL, ~2.5–4 ms of every command's start. The built-in ``_sha256`` gives the same digests; ``mac`` is RFC 2104
over it, the same bytes as ``hmac.new(key, message, "sha256")`` (``tests/test_startup_record.py`` holds them equal).
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the checker reads hashlib's (typeshed has no stub for the private _sha256): the same API
    from hashlib import sha256
else:
    try:
        from _sha256 import sha256
    except ImportError:  # pragma: no cover - Python builds without it (3.12+ names it _sha2)
        from hashlib import sha256

__all__ = ["mac", "same", "sha256"]

_INNER = bytes(x ^ 0x36 for x in range(256))  # RFC 2104's ipad and opad, as translation tables (hmac.py's)
_OUTER = bytes(x ^ 0x5C for x in range(256))


def mac(key: bytes, message: bytes) -> bytes:
    """HMAC-SHA256 of *message* under *key*: the same construction as ``hmac``'s, not a cheaper hash, since a
    signature made with it is what keeps a forged file unread."""
    if len(key) > 64:  # SHA-256's block size: a longer key is hashed first
        key = sha256(key).digest()
    key = key.ljust(64, b"\0")
    inner = sha256(key.translate(_INNER))
    inner.update(message)
    return sha256(key.translate(_OUTER) + inner.digest()).digest()


def same(a: bytes, b: bytes) -> bool:
    """Whether *a* and *b* are equal, in a time that does not depend on where they differ
    (``hmac.compare_digest`` without its import)."""
    from _operator import _compare_digest

    return bool(_compare_digest(a, b))
