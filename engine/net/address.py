"""Where an hkk server listens and who is on the other end of a connection.

An ADDRESS is a Unix socket path (anything with a ``/``, or an existing file) or ``HOST:PORT``
(``[::1]:7878`` for IPv6). The default is the per-machine socket :data:`DEFAULT_SOCKET`
(``$HKK_SOCKET`` overrides it): its folder belongs to the server's user and the ``hkk`` group
(mode 2770), and the socket is group read-write, so every member of ``hkk`` on the machine can
connect and nobody else can. On that socket the player is the OS user the kernel names
(``SO_PEERCRED``); on TCP it is a name and the seat's secret token.
"""

from __future__ import annotations

import grp
import os
import pwd
import socket
import struct
from dataclasses import dataclass
from pathlib import Path

import platformdirs

DEFAULT_SOCKET = "/run/hkk/hkk.sock"
GROUP = "hkk"


class AddressError(ValueError):
    """An ADDRESS that is neither a socket path nor HOST:PORT (the message says the forms)."""


@dataclass(frozen=True)
class Address:
    path: str = ""            # a Unix socket
    host: str = ""            # or TCP
    port: int = 0

    @property
    def unix(self) -> bool:
        return bool(self.path)

    def __str__(self) -> str:
        if self.path:
            return self.path
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def default_socket() -> str:
    return os.environ.get("HKK_SOCKET") or DEFAULT_SOCKET


def parse(text: str | None) -> Address:
    """``text`` as an :class:`Address` (None or empty: the default socket)."""
    text = (text or "").strip() or default_socket()
    if "/" in text or os.path.exists(text) or text.endswith(".sock"):
        return Address(path=text)
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not port.isdigit() or not host or not 0 < int(port) < 65536:
        raise AddressError(f"{text!r} is not an address: give a Unix socket path (such as "
                           f"{DEFAULT_SOCKET}) or HOST:PORT (such as localhost:7878).")
    return Address(host=host, port=int(port))


def peer_user(sock: socket.socket | None) -> str:
    """The OS user at the other end of a Unix socket (``SO_PEERCRED``), or "" if unknown."""
    if sock is None or sock.family != socket.AF_UNIX:
        return ""
    try:
        creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
        _pid, uid, _gid = struct.unpack("3i", creds)
    except (OSError, AttributeError):
        return ""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid{uid}"


def prepare_socket_dir(path: str) -> None:
    """Make the socket's folder if it is missing (mode 2770, group ``hkk`` when the server's user
    may use that group), and remove a stale socket left by a killed server."""
    folder = Path(path).parent
    if not folder.exists():
        folder.mkdir(parents=True)
        os.chmod(folder, 0o2770)            # (mkdir's mode is cut by the umask)
        _give_to_group(folder)
    p = Path(path)
    if p.is_socket():
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(path)
        except OSError:
            p.unlink()                      # nobody answers: a socket left by a killed server
        else:
            raise OSError(f"another hkk server already listens on {path}")
        finally:
            probe.close()


def open_socket_to_group(path: str) -> None:
    """The socket is read-write for its owner and group (``hkk`` when possible), no one else."""
    os.chmod(path, 0o660)
    _give_to_group(Path(path))


def _give_to_group(p: Path) -> None:
    try:
        gid = grp.getgrnam(GROUP).gr_gid
    except KeyError:
        return
    try:
        os.chown(p, -1, gid)
    except PermissionError:
        pass                                # the server's user is not in the hkk group


def server_data_dir(given: str | None = None) -> Path:
    """Where the server keeps its tables (``--data``, else ``$HKK_DATA_DIR/server``, else the
    user data directory's ``server`` folder)."""
    if given:
        d = Path(given)
    else:
        base = os.environ.get("HKK_DATA_DIR") or platformdirs.user_data_dir("hkk")
        d = Path(base) / "server"
    d.mkdir(parents=True, exist_ok=True)
    return d


def client_data_dir() -> Path:
    """Where a client keeps its seat tokens (``$HKK_DATA_DIR/net``)."""
    base = os.environ.get("HKK_DATA_DIR") or platformdirs.user_data_dir("hkk")
    d = Path(base) / "net"
    d.mkdir(parents=True, exist_ok=True)
    return d
