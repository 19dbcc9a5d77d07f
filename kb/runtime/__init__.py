"""Per-process state, below the models: whether the catalogue changed (`freshness`), lookup hits counted in memory
and written in batches (`lookup_hits`), rate limits that outlive a cache outage (`ratelimit`), whether the database
is away (`outage`), and JSON read with a depth bound (`jsonsafe`). It imports no model: what reads or writes the
catalogue is handed to it by `kb.models` when that loads."""
