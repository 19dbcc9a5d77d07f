"""The matching core, shared by the server (`kb.matching`) and the offline client: no Django here.

parse, limits and shape need the standard library alone (the online client prints with them); index, frozen,
overlay and rank need the `offline` extra (pyahocorasick, ahocorasick-rs, rapidfuzz)."""

DRAFT = "draft"  # ErrorEntry.Status.DRAFT: who may not see drafts sees none (overlay.without_drafts)
