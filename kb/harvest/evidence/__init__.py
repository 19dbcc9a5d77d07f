"""What a repository says about an error beyond its raise sites: the tests that trigger it and the docs that mention
it (`tests_docs`, with `assertions`, `triggers`, `mentions`), and the releases that raise it (`releases`, reading
git through `git`, which runs nothing the checkout configures)."""
