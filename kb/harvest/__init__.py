"""Harvest: draft entries from a repository's Python source, read with `ast` and never imported or run.

Three stages, imported one way (pipeline -> evidence -> reading, checked by `make lint`):
- `reading`: one tree's files (`files`, the only reader of a hostile tree), parsed and read for raise sites
  (`extract`, with `scopes`, `messages`, `evaluate`, `types`, `conditions`, ... for what each site says);
- `evidence`: what the repository says beyond the sites: its tests and docs (`tests_docs`), its releases (`git`,
  run with the checkout's config neutralised, and `releases`);
- `pipeline`: the run itself: list and scan (`sources`, `scan`), compare (`plan`), write (`store`, `render`,
  `bulk_copy`), suggest related errors (`suggest`), skip an unchanged tree (`fingerprint`), share the work between
  processes (`pool`), for the `harvest` and `verify` commands (`run`, `cli`)."""

from kb.harvest.pipeline.run import HarvestResult, VerifyResult, harvest, verify
from kb.harvest.pipeline.target import Target

__all__ = ["HarvestResult", "Target", "VerifyResult", "harvest", "verify"]
