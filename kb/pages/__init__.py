"""The site's pages: the card and the lists (`views`), search (`search`), URLs (`urls`), forms, sitemaps and SEO,
URL converters, a repository's page grouped by module (`browse`) and the helpful 404s (`not_found`)."""
