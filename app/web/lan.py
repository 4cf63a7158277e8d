"""Find the addresses other devices on the LAN can use to reach this machine."""

from __future__ import annotations

import random
import socket


def lan_addresses() -> list[str]:
    """IPv4 addresses of this host's interfaces, loopback excluded; found without any traffic."""
    found: list[str] = []
    try:
        import fcntl
        import struct

        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(
                    sock.fileno(), 0x8915, struct.pack("256s", name[:15].encode())
                )  # SIOCGIFADDR
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
        sock.close()
    except (ImportError, OSError):
        pass
    if not found:
        try:
            found = socket.gethostbyname_ex(socket.gethostname())[2]
        except OSError:
            found = []
    return [a for a in dict.fromkeys(found) if not a.startswith("127.")]


def urls(port: int) -> list[str]:
    """The URLs to print for people on this machine and on the LAN."""
    return [f"http://{a}:{port}/" for a in lan_addresses()] or [f"http://localhost:{port}/"]


def qr_svg(url: str) -> str | None:
    """A QR code of ``url`` as inline SVG (for phones to scan), or None without segno."""
    try:
        import segno
    except ImportError:
        return None
    import io

    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        scale=5,
        border=2,
        xmldecl=False,
        svgclass="qr",
        title=f"QR code for {url}",
        dark="#2b1d0e",
        light="#fffaf2",
    )
    return out.getvalue().decode()


def free_port() -> int:
    """A port free on every interface, below Linux's range for outgoing connections
    (32768-60999), so no client socket of a busy machine takes it before a server binds it."""
    rng = random.SystemRandom()
    for _ in range(200):
        port = rng.randrange(20000, 32000)
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise OSError("no free port between 20000 and 32000")
