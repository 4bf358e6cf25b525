"""Entry script of the frozen ``tuma`` executable.

A frozen bundle has no Python interpreter to run ``-m desktop_app.sandbox``, so practice mode
starts the sandbox service by running this same executable with the hidden first argument
``--serve-sandbox`` (see start_sandbox in desktop_app/sandbox/process.py). Anything else is
the app, exactly as the ``tuma`` gui script starts it.
"""

import sys

if sys.argv[1:2] == ["--serve-sandbox"]:
    from desktop_app.sandbox.__main__ import main as serve_sandbox

    raise SystemExit(serve_sandbox(sys.argv[2:]))

from desktop_app.app import main

raise SystemExit(main())
