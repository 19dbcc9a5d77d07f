"""The harvest run: list (`sources`), scan (`scan`), compare (`plan`), write (`store`, `render`, `bulk_copy`),
suggest (`suggest`), skip an unchanged tree (`fingerprint`), share work between processes (`pool`); `run` ties them
together for the commands (`cli`)."""
