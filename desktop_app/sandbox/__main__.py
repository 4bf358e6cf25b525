"""Command line: ``python -m desktop_app.sandbox serve [...]`` (also ``tuma-sandbox``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import secrets
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Any

import platformdirs

ADMIN_KEY_ENV = "TUMA_SANDBOX_ADMIN_KEY"
"""Read when ``--admin-key`` is absent: a key in the environment stays out of ``ps``."""
SHARED_SENDER_ENV = "TUMA_SANDBOX_SHARED_SENDER"
"""Read when ``--shared-sender`` is absent; neither: ``SANDBOX``."""
MAX_SENDER_ID = 32


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("tuma")) / "sandbox"


def _parser() -> argparse.ArgumentParser:
    from desktop_app.sandbox.service import SHARED_SENDER_ID

    parser = argparse.ArgumentParser(
        prog="tuma-sandbox", description="A local stand-in for the messaging service."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the service until interrupted")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=0, help="0 picks a free port")
    serve.add_argument("--data-dir", type=Path, default=None)
    serve.add_argument(
        "--admin-key",
        default=None,
        help=f"default: ${ADMIN_KEY_ENV} when set, else random (a key on the command line "
        "is visible to other users in ps)",
    )
    serve.add_argument(
        "--settle-seconds", type=float, default=2.0, help="delay before a delivery is final"
    )
    serve.add_argument(
        "--shared-sender",
        metavar="NAME",
        type=_sender_id,  # argparse checks a string default with it too
        default=os.environ.get(SHARED_SENDER_ENV) or SHARED_SENDER_ID,
        help="the platform's shared default sender ID, which every account may use "
        f"(default: ${SHARED_SENDER_ENV} when set, else SANDBOX)",
    )
    serve.add_argument(
        "--exit-with-parent",
        action="store_true",
        help="stop when standard input closes (the process that started it ended, even if "
        "it was killed): the app's practice sandbox never outlives the app",
    )
    return parser


def _watch_parent(server: Any) -> None:
    """Read standard input until it closes, then ask the server to stop. The parent holds
    the other end of the pipe: it closes when the parent exits, however it exits."""
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except (OSError, ValueError):
        pass
    server.should_exit = True


def _sender_id(value: str) -> str:
    if not value or value != value.strip() or len(value) > MAX_SENDER_ID or not value.isprintable():
        raise argparse.ArgumentTypeError(
            f"a sender ID is 1 to {MAX_SENDER_ID} printable characters, without surrounding spaces"
        )
    return value


def _url_host(host: str) -> str:
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


async def _serve(args: argparse.Namespace) -> None:
    import uvicorn

    from desktop_app.sandbox.app import TrackingH11Protocol, create_app
    from desktop_app.sandbox.service import Sandbox

    data_dir: Path = args.data_dir or default_data_dir()
    admin_key: str = args.admin_key or os.environ.get(ADMIN_KEY_ENV) or secrets.token_urlsafe(24)
    sandbox = Sandbox(
        data_dir,
        admin_key=admin_key,
        settle_seconds=args.settle_seconds,
        shared_sender=args.shared_sender,
    )

    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if sys.platform != "win32":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((args.host, args.port))
    port = sock.getsockname()[1]

    config = uvicorn.Config(
        create_app(sandbox),
        http=TrackingH11Protocol,
        lifespan="on",
        access_log=False,  # legacy calls may carry the token in the query string
        log_level="warning",
        timeout_graceful_shutdown=3,
        server_header=False,
    )
    server = uvicorn.Server(config)
    if args.exit_with_parent:
        threading.Thread(
            target=_watch_parent, args=(server,), name="parent-watch", daemon=True
        ).start()
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            await task
            raise SystemExit("the sandbox failed to start")
        await asyncio.sleep(0.01)
    base_url = f"http://{_url_host(args.host)}:{port}"
    line = {"base_url": base_url, "contacts_base_url": base_url, "admin_key": admin_key}
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()
    await task
    sock.close()


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    # uvicorn handles SIGINT/SIGTERM while serving and re-raises them once it has stopped;
    # these handlers make that re-raise a clean exit instead of a traceback or a kill.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda signum, frame: None)
    asyncio.run(_serve(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
