"""A TLS server on loopback whose certificate fails the client's check in a chosen way: not
valid yet or expired (as a computer whose clock is wrong sees a good one), or issued by an
authority the client does not trust (something answering in the service's place: a Wi-Fi
sign-in, a used-up data bundle taking over the connection).

The certificates are made with ``cryptography`` (installed with ``keyring``'s SecretStorage on
Linux); the server completes the handshake (when the client lets it) and answers nothing
else: a certificate that fails is all these tests need, and no request ever gets through."""

from __future__ import annotations

import datetime as dt
import ipaddress
import socket
import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["TlsServer", "tls_server"]

DAY = dt.timedelta(days=1)


@dataclass
class TlsServer:
    url: str
    #: The authority that signed the server's certificate: trusted by a client given it.
    ca_file: Path
    #: Connections the server accepted (each try of a request is one).
    connections: int = 0

    def trusting_context(self) -> ssl.SSLContext:
        """A client's context that trusts this server's authority (and nothing else)."""
        return ssl.create_default_context(cafile=str(self.ca_file))


def _certificates(folder: Path, not_before: dt.datetime, not_after: dt.datetime) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Tuma test authority")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - 3650 * DAY)
        .not_valid_after(now + 3650 * DAY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    names = x509.SubjectAlternativeName(
        [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
        .add_extension(names, critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    (folder / "ca.pem").write_bytes(ca.public_bytes(pem))
    (folder / "cert.pem").write_bytes(cert.public_bytes(pem))
    (folder / "key.pem").write_bytes(
        key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )


@contextmanager
def tls_server(
    folder: Path, *, valid_from_days: float = -1, valid_for_days: float = 30
) -> Iterator[TlsServer]:
    """A TLS server on 127.0.0.1 whose certificate is valid from *valid_from_days* (from
    today; positive: not valid yet) for *valid_for_days* (so ``valid_from_days=-60,
    valid_for_days=30`` is expired)."""
    folder.mkdir(parents=True, exist_ok=True)
    now = dt.datetime.now(dt.UTC)
    start = now + dt.timedelta(days=valid_from_days)
    _certificates(folder, start, start + dt.timedelta(days=valid_for_days))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    port = listener.getsockname()[1]
    server = TlsServer(f"https://127.0.0.1:{port}", folder / "ca.pem")
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                raw, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            server.connections += 1
            raw.settimeout(2)
            try:
                with context.wrap_socket(raw, server_side=True):
                    pass  # the client refuses the certificate: the handshake fails here
            except (ssl.SSLError, OSError):
                pass
            finally:
                raw.close()

    thread = threading.Thread(target=serve, name="tls-server", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        stop.set()
        listener.close()
        thread.join(5)
