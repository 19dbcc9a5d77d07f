"""The literal text a regular expression in a test requires (`assertRaisesRegex`, `pytest.raises(match=...)`): what
a message must hold for the test to pass, cut where the pattern allows anything else (`assertions`)."""


def _kept(chunks: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(s for c in chunks if (s := c.strip()))


_QUANTIFIERS = "*+?{"
_BREAKS = ".^$()|"


def regex_chunks(pattern: str) -> tuple[str, ...]:
    """The literal text a regular expression requires, cut where it allows anything else: `Cannot
    filter a query once a slice has been taken\\.` is one chunk; `Field '\\w+' (is|was) invalid` gives
    `Field '`, `' `, ` invalid`. One pass over the pattern; a quantified character is dropped."""
    chunks: list[str] = []
    current: list[str] = []
    i, n = 0, len(pattern)

    def cut() -> None:
        chunks.append("".join(current))
        current.clear()

    while i < n:
        char = pattern[i]
        if char == "\\" and i + 1 < n:
            following = pattern[i + 1]
            if following.isalnum():
                cut()
            else:
                current.append(following)
            i += 2
        elif char == "[":
            close = pattern.find("]", i + 2)
            cut()
            i = n if close == -1 else close + 1
        elif char in _QUANTIFIERS:
            if current:
                current.pop()
            cut()
            if char == "{":
                close = pattern.find("}", i)
                i = n if close == -1 else close + 1
            else:
                i += 1
                if i < n and pattern[i] in "?+":
                    i += 1
        elif char == "(" and pattern.startswith("?", i + 1):
            cut()
            i += 2  # a group's flags or name say nothing about the text: (?:, (?P<name>, (?i)
            while i < n and pattern[i] in ":=!<aiLmsux-":
                i += 1
            if pattern.startswith("P<", i):
                close = pattern.find(">", i)
                i = n if close == -1 else close + 1
        elif char in _BREAKS:
            cut()
            i += 1
        else:
            current.append(char)
            i += 1
    cut()
    return _kept(tuple(chunks))
