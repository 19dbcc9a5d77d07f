"""The two databases' full-text search: `postgres` (production) and `sqlite` (`make run`), each with `ensure` and
the query it answers."""
