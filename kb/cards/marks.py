"""The control characters the card writers put into a replacement to say what it stands for, until `phrasing` words
it. They live in one place so that no two writers take the same one (optional15's and own_attributes' marks clashed
once, and conditions went unsaid). None of them can come from a repository: harvested text is escaped before it is
marked."""

INLINE = "\x01"  # a replacement that is the definition itself (said in place, glossed in turn)
SEPARATOR = "\x02"  # between the fields of a marked replacement
YES_NO = "\x03"  # a yes-or-no attribute's replacement (subject, separator, adjective)
UNSAID = "\x04"  # the sentence reads a name in a way no template says
META = "\x05"  # the inner `Meta` of the reader's class: META + owner
UNSET = "\x06"  # an attribute read with a default: UNSET + default + SEPARATOR + subject
HAS = "\x07"  # the object itself, asked whether it has an attribute: HAS + owner
OPTIONAL = "\x0e"  # an optional import's replacement
CONTAINER = "\x0f"  # a literal container's replacement

ALL = (INLINE, SEPARATOR, YES_NO, UNSAID, META, UNSET, HAS, OPTIONAL, CONTAINER)
