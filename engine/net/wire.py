"""Frames on an asyncio stream: a 4-byte big-endian length, then that many bytes of msgpack.

A frame longer than the reader's limit is refused before it is read (:class:`FrameTooLarge`): a
client cannot make the server buffer more than :data:`CLIENT_FRAME_LIMIT` bytes; a client accepts
up to :data:`SERVER_FRAME_LIMIT` (a snapshot of a long game). Decoding checks the message's type
against the protocol's union: a malformed body or an unknown message type is
:class:`BadMessage`, and the stream stays in step (the next frame can still be read).
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgspec

from engine.net.messages import ClientMsg, ServerMsg

_LEN = struct.Struct(">I")

#: largest frame a server reads from a client (an action, a chat line, a table's options)
CLIENT_FRAME_LIMIT = 64 * 1024
#: largest frame a client reads from a server (a snapshot holds a whole game's public log)
SERVER_FRAME_LIMIT = 32 * 1024 * 1024

_encoder = msgspec.msgpack.Encoder()
_client_decoder = msgspec.msgpack.Decoder(ClientMsg)
_server_decoder = msgspec.msgpack.Decoder(ServerMsg)


class FrameTooLarge(Exception):
    """A frame announced more bytes than the reader accepts (the stream cannot be trusted)."""

    def __init__(self, size: int, limit: int) -> None:
        self.size, self.limit = size, limit
        super().__init__(f"a message of {size} bytes is larger than the {limit} bytes allowed")


class BadMessage(Exception):
    """A frame whose body is not a message of this protocol (malformed, or of an unknown type).
    The frame was read whole, so the stream is still in step."""


def encode(msg: Any) -> bytes:
    """``msg`` as one frame (length prefix + msgpack)."""
    body = _encoder.encode(msg)
    return _LEN.pack(len(body)) + body


def encode_body(value: Any) -> bytes:
    """``value`` as msgpack (for the ``msgspec.Raw`` parts of a message)."""
    return _encoder.encode(value)


async def read_frame(reader: asyncio.StreamReader, limit: int) -> bytes | None:
    """The next frame's body, or None at a clean end of stream (no partial frame)."""
    try:
        head = await reader.readexactly(_LEN.size)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise ConnectionResetError("the connection ended in the middle of a message") \
                from None
        return None
    (size,) = _LEN.unpack(head)
    if size > limit:
        raise FrameTooLarge(size, limit)
    try:
        return await reader.readexactly(size)
    except asyncio.IncompleteReadError:
        raise ConnectionResetError("the connection ended in the middle of a message") from None


def _decode(decoder: msgspec.msgpack.Decoder, body: bytes) -> Any:
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as exc:
        raise BadMessage(f"not a message this server knows ({exc})") from None
    except msgspec.DecodeError as exc:
        raise BadMessage(f"not a well-formed message ({exc})") from None


def decode_client(body: bytes) -> Any:
    """A client's message (server side), or :class:`BadMessage`."""
    return _decode(_client_decoder, body)


def decode_server(body: bytes) -> Any:
    """A server's message (client side), or :class:`BadMessage`."""
    return _decode(_server_decoder, body)
