"""The excepthook: after Python prints an uncaught exception's traceback, the card of its error.

`install()` wraps `sys.excepthook` and `threading.excepthook` (and, in IPython, the shell's handler): the previous
hook runs first and prints the traceback untouched; then the lookup, at most `timeout` seconds, and the card's
title, link, summary and first solution with its review state. Any failure of errorkb's own is silent (one line
on stderr with `verbose`, or ERRORKB_VERBOSE=1). The exit status is Python's: a hook's return value is not it.
`python -m errorkb run script.py` runs a script as `python script.py` would, with the hook installed."""

from __future__ import annotations

import os
import sys
import threading
import time

from errorkb.config import configured_bundle, configured_timeout, configured_url, verbose_from_environment

TYPE_CHECKING = False  # not `typing`'s: see errorkb/__init__.py
if TYPE_CHECKING:
    from types import TracebackType
    from typing import Any, TextIO

# Installed at start-up by programs that may never fail: this module loads `os`, `sys`, `threading` and `time` only.
# The client (sockets, the redaction's patterns, the results' dataclasses) is loaded when an error is to be shown.


# What an exiting program still spends after the hook gave up on a dead server (the modules' teardown, a loaded
# machine's scheduling): measured at 40-60 ms under a load of 4 on 2 cores by bench/excepthook_bench.py.
EXIT_MARGIN = 0.1


class Hook:
    """What to ask and how loudly: the lookup's options, and a `show` that never raises."""

    def __init__(
        self,
        url: str | None = None,
        timeout: float | None = None,
        bundle: str | None = None,
        redact: str | None = None,
        verbose: bool = False,
    ) -> None:
        self.url, self.bundle, self.redact, self.verbose = url, bundle, redact, verbose
        self.timeout = configured_timeout(timeout)

    def _say(self, stream: TextIO, line: str) -> None:
        if self.verbose:
            stream.write(f"errorkb: {line}\n")
            stream.flush()

    def show(
        self, error: BaseException | None, stream: TextIO | None = None, text: str | None = None, ending: bool = False
    ) -> None:
        """Prints the card of `error`'s best match (looked up as `text` when given), if one fits well; never
        raises. `ending`: the program exits next, and EXIT_MARGIN of the timeout is kept for the interpreter's
        exit (a dead server's cost to the whole program then stays within the timeout)."""
        started = time.monotonic()  # the timeout counts from the error on, the client's loading included
        try:
            out = stream or sys.stderr
            if not isinstance(error, Exception):
                return  # KeyboardInterrupt, SystemExit: not an error to explain
            out.flush()
            if configured_bundle(self.bundle) is None and configured_url(self.url) is None:
                self._say(out, "no server is configured (ERRORKB_URL or ERRORKB_BUNDLE): nothing was sent")
                return
            try:
                from errorkb.client import lookup
                from errorkb.terminal import hint

                asked = error if text is None else text
                budget = self.timeout - (EXIT_MARGIN if ending else 0.0)
                left = max(0.01, budget - (time.monotonic() - started))
                result = lookup(asked, url=self.url, timeout=left, bundle=self.bundle, redact=self.redact)
            except Exception as failed:
                self._say(out, f"the lookup failed: {failed}")
                return
            best = next((match for match in result.matches if match.confident), None)
            if best is None:
                self._say(out, "no card matches this error")
                return
            out.write("\n" + hint(best))
            out.flush()
        except Exception:  # a closed stderr, an interpreter shutting down: errorkb's failure is never the user's
            return


_installed: dict[str, tuple[Any, Any]] = {}  # name -> (the previous hook, errorkb's)


def install(
    *,
    url: str | None = None,
    timeout: float | None = None,
    bundle: str | os.PathLike[str] | None = None,
    redact: str | None = None,
    verbose: bool | None = None,
    threads: bool = True,
) -> Hook:
    """Print the card after every uncaught exception's traceback (threads' too, and IPython's if running).
    Installing again replaces the options; `uninstall()` puts the previous hooks back."""
    hook = Hook(
        url=url,
        timeout=timeout,
        bundle=os.fspath(bundle) if bundle is not None else None,
        redact=redact,
        verbose=verbose_from_environment() if verbose is None else verbose,
    )
    uninstall()
    previous = sys.excepthook

    def excepthook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        previous(kind, value, tb)
        hook.show(value, ending=True)

    sys.excepthook = excepthook
    _installed["sys"] = (previous, excepthook)
    if threads:
        previous_thread = threading.excepthook

        def thread_hook(args: Any) -> None:
            previous_thread(args)
            hook.show(args.exc_value)

        threading.excepthook = thread_hook
        _installed["threading"] = (previous_thread, thread_hook)
    shell = _ipython_shell()
    if shell is not None:
        load_ipython(shell, hook)
    return hook


def uninstall() -> None:
    """Put back the hooks that were there before `install()`, unless another tool has replaced errorkb's since."""
    for name, (previous, ours) in list(_installed.items()):
        if name == "sys" and sys.excepthook is ours:
            sys.excepthook = previous
        elif name == "threading" and threading.excepthook is ours:
            threading.excepthook = previous
        elif name == "ipython":
            previous.set_custom_exc((), None)
        del _installed[name]


def _ipython_shell() -> Any:
    if "IPython" not in sys.modules:
        return None
    try:
        from IPython import get_ipython  # type: ignore[import-not-found, unused-ignore]

        return get_ipython()
    except Exception:
        return None


_IPYTHON_RUNNER = "IPython/core/interactiveshell.py"


def load_ipython(shell: Any, hook: Hook | None = None) -> None:
    """`%load_ext errorkb`: IPython's own traceback of a cell's error, then the card."""
    chosen = hook or Hook(verbose=verbose_from_environment())

    def handler(
        self: Any, kind: type[BaseException], value: BaseException, tb: TracebackType | None, tb_offset: Any = None
    ) -> None:
        self.showtraceback((kind, value, tb), tb_offset=tb_offset)
        # The traceback from the cell's frame on, as IPython shows it: not the shell's own run_code above it.
        while tb is not None and tb.tb_frame.f_code.co_filename.replace("\\", "/").endswith(_IPYTHON_RUNNER):
            tb = tb.tb_next
        import traceback

        chosen.show(value, text="".join(traceback.format_exception(kind, value, tb)))

    shell.set_custom_exc((Exception,), handler)
    _installed["ipython"] = (shell, handler)


def unload_ipython(shell: Any) -> None:
    shell.set_custom_exc((), None)
    _installed.pop("ipython", None)


def _script_traceback(tb: TracebackType | None) -> TracebackType | None:
    """The traceback from the script's first frame on, as `python script.py` prints it: without this module's
    and runpy's frames above it (runpy's are `<frozen runpy>` where the module is frozen, 3.11 on). None when the
    script never ran (a SyntaxError): Python then prints no traceback, only the error."""
    import runpy

    own = {os.path.normcase(os.path.abspath(path)) for path in (__file__, runpy.__file__)} | {"<frozen runpy>"}
    start = tb
    while start is not None and (
        start.tb_frame.f_code.co_filename in own
        or os.path.normcase(os.path.abspath(start.tb_frame.f_code.co_filename)) in own
    ):
        start = start.tb_next
    return start


def run(argv: list[str], **options: Any) -> int:
    """`errorkb run script.py args...`: the script as `python script.py args...` runs it, with the hook. Returns
    the exit status for an uncaught exception (1); SystemExit passes through with the script's own status, and
    an uncaught KeyboardInterrupt ends the process by SIGINT, as Python's does."""
    import runpy
    import signal

    script = argv[0]
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(os.path.realpath(script))  # as Python does: the directory, links resolved
    install(**options)
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit:
        raise
    except BaseException as error:
        error.with_traceback(_script_traceback(error.__traceback__))
        sys.excepthook(type(error), error, error.__traceback__)
        if isinstance(error, KeyboardInterrupt) and hasattr(signal, "SIGINT") and os.name == "posix":
            sys.stdout.flush()
            sys.stderr.flush()
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGINT)
        return 1
    return 0
