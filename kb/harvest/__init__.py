"""Harvest: draft entries from a repository's Python source, read with `ast` and never imported.

`sources` finds and reads the files, `imports` resolves names to qualified ones, `messages` rebuilds a
message into a signature, `extract` finds the raise sites, `plan` compares them with what the knowledge
base holds, `store` writes that plan, `suggest` proposes related entries and `run` ties them together
for the `harvest` and `verify` commands.
"""
