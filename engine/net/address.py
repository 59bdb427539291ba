"""Where an hkk server listens and who is on the other end of a connection.

An ADDRESS is a Unix socket path (anything with a ``/``, or an existing file) or ``HOST:PORT``
(``[::1]:7878`` for IPv6). The default is the per-machine socket :data:`DEFAULT_SOCKET`
(``$HKK_SOCKET`` overrides it): its folder belongs to the server's user and the ``hkk`` group
(mode 2770), and the socket is group read-write, so every member of ``hkk`` on the machine can
connect and nobody else can. On that socket the player is the OS user the kernel names
(``SO_PEERCRED``); on TCP it is a name and the seat's secret token.

``tls://HOST:PORT`` is TCP wrapped in TLS (the standard library's :mod:`ssl`): the server gets
``--tls-cert/--tls-key``, the client checks the server's certificate against the system's
authorities or ``--tls-ca FILE`` (``$HKK_TLS_CA``). A listening address with no host (``:7878``
or ``7878``) is the loopback address: nothing is exposed beyond the machine unless a host is
named, and then :func:`exposure_warning` says in one line what that means.
"""

from __future__ import annotations

import grp
import ipaddress
import os
import pwd
import socket
import ssl
import struct
from dataclasses import dataclass
from pathlib import Path

from engine.core.store import data_dir

DEFAULT_SOCKET = "/run/hkk/hkk.sock"
GROUP = "hkk"
#: where ``--listen :PORT`` (no host) binds: this machine only
LOOPBACK = "127.0.0.1"
TLS_PREFIX = "tls://"


class AddressError(ValueError):
    """An ADDRESS that is neither a socket path nor HOST:PORT (the message says the forms)."""


@dataclass(frozen=True)
class Address:
    path: str = ""            # a Unix socket
    host: str = ""            # or TCP
    port: int = 0
    tls: bool = False         # TCP in TLS (tls://HOST:PORT)
    ca: str = ""              # a file of the authorities the client trusts ("" = the system's)

    @property
    def unix(self) -> bool:
        return bool(self.path)

    def __str__(self) -> str:
        if self.path:
            return self.path
        hostport = f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"
        return (TLS_PREFIX if self.tls else "") + hostport


def default_socket() -> str:
    return os.environ.get("HKK_SOCKET") or DEFAULT_SOCKET


def parse(text: str | None, ca: str = "") -> Address:
    """``text`` as an :class:`Address` (None or empty: the default socket); ``ca`` is the file
    of authorities a ``tls://`` client trusts."""
    text = (text or "").strip() or default_socket()
    tls = text.lower().startswith(TLS_PREFIX)
    if tls:
        text = text[len(TLS_PREFIX):]
    elif "/" in text or os.path.exists(text) or text.endswith(".sock"):
        return Address(path=text)
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not port.isdigit() or not host or not 0 < int(port) < 65536:
        raise AddressError(f"{text!r} is not an address: give a Unix socket path (such as "
                           f"{DEFAULT_SOCKET}), HOST:PORT (such as localhost:7878) or "
                           "tls://HOST:PORT.")
    return Address(host=host, port=int(port), tls=tls, ca=ca if tls else "")


def parse_listen(text: str, what: str = "--listen") -> Address:
    """Where to listen on TCP: ``HOST:PORT``, or ``:PORT``/``PORT`` for the loopback address
    (port 0: any free port)."""
    text = text.strip()
    bare = text.lstrip(":")
    if bare.isdigit() and text.count(":") <= 1:
        text = f"{LOOPBACK}:{bare}"
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) < 65536:
        raise AddressError(f"{what} takes HOST:PORT (such as 127.0.0.1:7878) or :PORT for "
                           f"this machine only, not {text!r}.")
    return Address(host=host, port=int(port))


def is_loopback(host: str) -> bool:
    """True when ``host`` only reaches this machine (127.0.0.0/8, ::1, a name that resolves to
    nothing else)."""
    host = host.strip("[]")
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(str(i[4][0]).split("%")[0]).is_loopback
                               for i in infos)


def exposure_warning(what: str, address: Address, encrypted: bool) -> str:
    """One line for a bind beyond this machine ("" on the loopback address or under TLS)."""
    if encrypted or address.unix or is_loopback(address.host):
        return ""
    return (f"{what}: warning: {address} is reachable from other machines and the traffic is "
            "not encrypted: put a TLS-terminating reverse proxy in front, or give "
            "--tls-cert/--tls-key.")


class TLSError(ValueError):
    """A certificate, key or authority file that cannot be used (the message says which)."""


def server_tls(cert: str, key: str) -> ssl.SSLContext:
    """The server's TLS context from a PEM certificate (chain) and its key."""
    if not cert or not key:
        raise TLSError("give both --tls-cert FILE and --tls-key FILE (PEM).")
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        ctx.load_cert_chain(cert, key)
    except FileNotFoundError as exc:
        raise TLSError(f"there is no file {exc.filename!r}; give the PEM certificate with "
                       "--tls-cert and its key with --tls-key.") from None
    except (ssl.SSLError, OSError) as exc:
        raise TLSError(f"{cert} / {key} cannot be used as a certificate and its key ({exc}); "
                       "give PEM files that belong together.") from None
    return ctx


def client_tls(address: Address) -> ssl.SSLContext:
    """The client's TLS context: the server's certificate must be valid for its host, signed by
    ``address.ca`` (else ``$HKK_TLS_CA``, else the system's authorities)."""
    ca = address.ca or os.environ.get("HKK_TLS_CA", "")
    try:
        return ssl.create_default_context(cafile=ca or None)
    except FileNotFoundError:
        raise TLSError(f"there is no file {ca!r}; give the authority that signed the server's "
                       "certificate with --tls-ca FILE (PEM).") from None
    except (ssl.SSLError, OSError) as exc:
        raise TLSError(f"{ca} cannot be read as PEM certificates ({exc}).") from None


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
        d = data_dir() / "server"
    d.mkdir(parents=True, exist_ok=True)
    return d


def client_data_dir() -> Path:
    """Where a client keeps its seat tokens (``$HKK_DATA_DIR/net``)."""
    d = data_dir() / "net"
    d.mkdir(parents=True, exist_ok=True)
    return d
