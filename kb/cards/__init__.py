"""The card: one error's page and JSON. `responses` is the one flow of both (version, 304/412, rendered once per
version and audience, cached); `explain` writes the generated sections from the harvest's evidence, with
`solutions` for the fixes the code supports."""

from kb.cards.explain import generate_sections
from kb.cards.responses import CardVersion, card_response, card_version, serve

__all__ = ["CardVersion", "card_response", "card_version", "generate_sections", "serve"]
