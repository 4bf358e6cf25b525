"""`python -m desktop_app` starts the Tuma desktop app."""

from desktop_app.app import main

if __name__ == "__main__":
    raise SystemExit(main())
