"""The one title rule: what pages, lists, the admin and the API call an entry (saves and harvest derive it)."""

import string

TITLE_LENGTH = 60
ELLIPSIS = "…"


def shorten_title(text: str) -> str:
    """At most TITLE_LENGTH characters: cut at the last word that fits, with an ellipsis (one long word is cut)."""
    text = " ".join(text.split())
    if len(text) <= TITLE_LENGTH:
        return text
    cut = text[: TITLE_LENGTH - len(ELLIPSIS) + 1]  # one more: a space there means the last word fits whole
    space = cut.rfind(" ")
    cut = cut[:space] if space > TITLE_LENGTH // 3 else cut[:-1]
    return cut.rstrip(" ,;:-(\u2013\u2014") + ELLIPSIS


def _has_literal_words(signature: str) -> bool:
    try:
        literals = "".join(literal for literal, *_ in string.Formatter().parse(signature))
    except ValueError:  # not a valid template (checked on full_clean, not on save): all of it is literal
        literals = signature
    return any(character.isalnum() for character in literals)


def derive_title(*, message: str, signature: str, exception_type: str) -> str:
    """The message's first line, shortened; the exception type when the signature has no literal words (a message
    that is only a runtime value, such as a template's name, says nothing about the error). Empty when the
    message is (see fallback_title)."""
    if signature and not _has_literal_words(signature):
        return exception_type.rpartition(".")[2]
    first_line = message.strip().splitlines()[0] if message.strip() else ""
    return shorten_title(first_line)


def fallback_title(*, exception_type: str, site_key: str) -> str:
    """A title for an entry whose message is empty or was not rebuilt: its type and where it is raised."""
    function = site_key.partition("::")[2]
    where = f" in {function}" if function else ""
    return shorten_title(f"{exception_type.rpartition('.')[2]}{where}")
