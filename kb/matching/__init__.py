"""Lookup: from a raw error message, a traceback or a log to the entries behind it.

parse.py reads the text, template.py matches signatures without backtracking, index.py finds candidates
(Aho-Corasick), rank.py orders them, live.py keeps the process's index fresh, service.py is the entry
point and answer.py the JSON shape shared by the API, the command line and the home page."""
