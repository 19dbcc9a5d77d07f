"""The curators' admin: entries, sites, solutions and the review queues (`registry`), their forms (`forms`) and the
checks that keep a curator's save from losing another's (`safety`). Importing it registers the models."""

from kb.admin import registry  # noqa: F401  (registers the models with the admin site)
