"""What leaves the machine: a traceback or a message made safe to send, before any lookup.

Three modes. "secrets" (the default): a frame's path outside site-packages and the standard library becomes
`<user code>` and that frame's source lines are dropped (a library's path is kept from `site-packages/` on, so no
home directory goes with it); home directories in messages become `~`; secrets are masked (tokens, Authorization
headers, `password=`-style pairs, passwords in URLs, AWS-style keys, private keys, long hex or base64 tokens).
"values": all of that, no source line at all, and every runtime value in the messages replaced by its shape (quoted
text, numbers, paths, addresses), so that only the message's template is sent. "none": the text as it is.

Every pattern reads untrusted text, so each runs in linear time by construction: every unbounded repeat is
possessive (it never gives back what it read) and the others are bounded, as in errorkb.matching.parse;
clients/python/tests/test_client_redaction.py walks them all and feeds each 64 KiB attacks."""

from __future__ import annotations

import os
import re

MODES = ("secrets", "values", "none")
DEFAULT_MODE = "secrets"  # errorkb.config.DEFAULT_REDACTION
MASK = "<redacted>"
USER_CODE = "<user code>"
# The server takes at most 64 KiB; the last exception, which it reads first, is at the end of the text.
MAX_BYTES = 64 * 1024
MAX_INPUT_CHARS = 4 * MAX_BYTES

FRAME = re.compile(r'(?P<lead>[ \t|]*+)File "(?P<path>[^"\n]*+)"(?P<rest>[^\n]*+)')
# An exception group's `  | ` bars and a frame's indentation, before its source and caret lines.
CONTINUATION = re.compile(r"[ \t|]*+")
INSTALLED = re.compile(r"[/\\](?:site|dist)-packages[/\\]")

PRIVATE_KEY = re.compile(r"-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[^-]*+(?:-----END [A-Z ]{0,40}PRIVATE KEY-----)?+")
# scheme://user:password@host: the password goes, the rest stays (it tells which service).
URL_PASSWORD = re.compile(
    r"(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s:/@\"']{0,256}:)[^\s/@\"']{1,512}(?=@)"
)
AUTHORIZATION = re.compile(
    r"(?i)(?<![\w-])((?:proxy-)?authorization[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?)"
    r"(?:(?:bearer|basic|token|digest|negotiation|apikey)[ \t]{1,3})?[^\s\"',;}]{1,4096}"
)
# `name = value`, `"name": "value"`, `name: value`, `--name=value`: the name says what the value is, checked in
# _mask_pair (one identifier read possessively, then its name tested: no alternation of names to backtrack over).
PAIR = re.compile(
    r"(?<![\w.-])(?P<name>[A-Za-z_][\w.-]{0,80}+)(?P<between>[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?)"
    r"(?P<value>[^\s\"',;&})\]]{1,4096}+)"
)
SECRET_NAMES = re.compile(
    r"(?i)pass(?:wd|word|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credential"
    r"|session[_-]?(?:id|key)|auth[_-]?key|signature|cookie"
)
KNOWN_TOKENS = re.compile(
    r"(?<![A-Za-z0-9])(?:"
    r"(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}"  # AWS access key ids
    r"|gh[pousr]_[A-Za-z0-9]{20,255}|github_pat_[A-Za-z0-9_]{20,255}"  # GitHub
    r"|xox[abprs]-[A-Za-z0-9-]{10,255}"  # Slack
    r"|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,255}"  # Stripe
    r"|sk-[A-Za-z0-9_-]{20,255}|glpat-[A-Za-z0-9_-]{20,255}|AIza[A-Za-z0-9_-]{30,40}"  # OpenAI-style, GitLab, Google
    r"|eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,4096}\.[A-Za-z0-9_-]{0,4096}"  # JWT
    r")(?![A-Za-z0-9])"
)
# A long run of token characters (base64, base64url, hex); _mask_token keeps those that read as words or paths.
LONG_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{32,}+={0,2}")
HOME = re.compile(r"(?<![\w.-])(?:/home/|/Users/|[A-Za-z]:\\Users\\)[^/\\\s\"':]{1,64}+")

# An exception group's `+-+---- 1 ----` line: its number is the traceback's structure, not a value.
GROUP_SEPARATOR = re.compile(r"[ \t|]*+\+[-+]*+(?:[ \t]*+(?:\d++|\.\.\.)[ \t]*+-[-+]*+)?+[ \t]*+")
# "values": the runtime values of a message, each replaced by its shape.
QUOTED = re.compile(r"(?<!\w)(?:'[^'\n]*+'|\"[^\"\n]*+\")(?!\w)")
ADDRESS = re.compile(r"(?<![\w.])0x[0-9a-fA-F]++")
NUMBER = re.compile(r"(?<![\w.])-?\d++(?:\.\d++)?+(?![\w.])")
PATH = re.compile(r"(?<![\w.~<>])(?:~|[A-Za-z]:)?[/\\][^\s'\",;)\]}]++")


def _stdlib_dirs() -> tuple[str, ...]:
    """The standard library's folder (where `os` is), as it is and with links resolved; not sysconfig's paths,
    whose loading costs the excepthook more than all of this module."""
    here = os.path.dirname(os.__file__)
    dirs = {here, os.path.realpath(here)}
    return tuple(sorted((d.replace("\\", "/").rstrip("/") + "/" for d in dirs if d), key=len, reverse=True))


STDLIB_DIRS = _stdlib_dirs()


def _home_pattern() -> re.Pattern[str] | None:
    """This user's home directory as a whole path part (`/root`, not the start of `/rootfs`)."""
    home = os.path.expanduser("~").rstrip("/\\")
    if len(home) <= 3:
        return None
    return re.compile(r"(?<![\w.-])" + re.escape(home) + r"(?![\w.-])")


HOME_DIRECTORY = _home_pattern()


def shown_path(path: str) -> str | None:
    """The path as sent: from `site-packages/` on for an installed package, from `pythonX.Y/` on for the standard
    library, as it is for `<string>`-like names; None for anything else (the user's own code)."""
    if path.startswith("<") or not path:
        return path
    installed = INSTALLED.search(path)
    if installed is not None:
        return path[installed.start() + 1 :]
    normal = path.replace("\\", "/")
    for stdlib in STDLIB_DIRS:
        if normal.startswith(stdlib):
            base = os.path.basename(stdlib.rstrip("/"))
            return f"{base}/{normal[len(stdlib) :]}"
    return None


def _mask_pair(found: re.Match[str]) -> str:
    if SECRET_NAMES.search(found["name"]) is None:
        return found.group()
    return f"{found['name']}{found['between']}{MASK}"


def _mask_token(found: re.Match[str]) -> str:
    token = found.group()
    if token.startswith(("0x", "0X")) is False and all(c in "0123456789abcdefABCDEF" for c in token):
        return MASK if any(c.isdigit() for c in token) and any(c.isalpha() for c in token) else token
    has = (any(c.isdigit() for c in token), any(c.islower() for c in token), any(c.isupper() for c in token))
    if "/" in token and not all(has):
        return token  # a path, or a URL's
    return MASK if all(has) or ("/" not in token and "=" in token) else token


def mask_secrets(text: str) -> str:
    text = PRIVATE_KEY.sub(MASK, text)
    text = URL_PASSWORD.sub(lambda found: found[1] + MASK, text)
    text = AUTHORIZATION.sub(lambda found: found[1] + MASK, text)
    text = KNOWN_TOKENS.sub(MASK, text)
    text = PAIR.sub(_mask_pair, text)
    return LONG_TOKEN.sub(_mask_token, text)


def mask_home(text: str) -> str:
    if HOME_DIRECTORY is not None:
        text = HOME_DIRECTORY.sub("~", text)
    return HOME.sub("~", text)


def template_shape(line: str) -> str:
    """A message's runtime values replaced by their shape: what it says, not what it held."""
    line = QUOTED.sub(
        lambda found: found.group()[0] * 2 if len(found.group()) == 2 else f"{found.group()[0]}…{found.group()[0]}",
        line,
    )
    line = ADDRESS.sub("0x…", line)
    line = PATH.sub("<path>", line)
    return NUMBER.sub("N", line)


def _tail(text: str, limit: int) -> str:
    """The end of a text too long to send, cut at a line: the last exception is the one the server reads first."""
    data = text.encode("utf-8", "replace")
    if len(data) <= limit:
        return text
    cut = data[-limit:].decode("utf-8", "ignore")
    newline = cut.find("\n")
    return cut[newline + 1 :] if 0 <= newline < len(cut) - 1 else cut


def redact(text: str, mode: str = DEFAULT_MODE) -> str:
    """The text as it may be sent, in at most 64 KiB of UTF-8."""
    if mode not in MODES:
        raise ValueError(f"redact must be one of {', '.join(MODES)}, not {mode!r}")
    if len(text) > MAX_INPUT_CHARS:
        text = text[-MAX_INPUT_CHARS:]
    if mode == "none":
        return _tail(text, MAX_BYTES)
    lines, out = PRIVATE_KEY.sub(MASK, text).split("\n"), []  # a key's block spans lines
    dropping = -1  # the width of the current frame's line prefix while its source lines are dropped
    for line in lines:
        frame = FRAME.match(line)
        if frame is not None:
            shown = shown_path(frame["path"])
            user = shown is None
            # The path kept as it is (a library's): a token-like part of it is no secret, and matching needs it.
            out.append(f'{frame["lead"]}File "{USER_CODE if user else shown}"{mask_secrets(frame["rest"])}')
            # The source lines of the user's code go, and those of an interactive input (`<ipython-input-1-…>`,
            # `<stdin>`), which is the user's code too; a frozen module's (`<frozen runpy>`) stay.
            interactive = frame["path"].startswith("<") and not frame["path"].startswith("<frozen ")
            dropping = len(frame["lead"]) if (user or interactive or mode == "values") else -1
            continue
        if dropping >= 0 and line.strip() and CONTINUATION.match(line).end() > dropping + 1:  # type: ignore[union-attr]
            continue  # the frame's source and carets
        dropping = -1
        line = mask_secrets(mask_home(line))
        shaped = mode == "values" and GROUP_SEPARATOR.fullmatch(line) is None
        out.append(template_shape(line) if shaped else line)
    return _tail("\n".join(out), MAX_BYTES)
