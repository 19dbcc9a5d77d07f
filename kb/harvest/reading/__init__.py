"""Reading one tree: its files, safely (`files`), and each module's raise sites (`extract`) with what the code says
about them: bindings (`scopes`), messages rebuilt (`messages`, `own_messages`, `joined`, `narrowed`), what a call
of the repository's own code raises or returns (`evaluate`), exception types (`types`, `classes`, `instances`),
conditions (`conditions`), callers (`callers`) and each site's evidence (`site_evidence`)."""
