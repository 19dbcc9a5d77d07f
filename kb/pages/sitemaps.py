from django.contrib.sitemaps import Sitemap

from kb.models import ErrorEntry, Repository


class EntrySitemap(Sitemap):
    """Published entries only: retired ones stay reachable but are not offered to crawlers."""

    changefreq = "weekly"
    limit = 10_000

    def items(self):
        return ErrorEntry.objects.published().order_by("id").only("public_id", "updated_at")

    def lastmod(self, entry: ErrorEntry):
        return entry.updated_at


class RepositorySitemap(Sitemap):
    changefreq = "weekly"

    def items(self):
        return Repository.objects.filter(entries__status=ErrorEntry.Status.PUBLISHED).distinct().order_by("id")


SITEMAPS = {"errors": EntrySitemap, "repositories": RepositorySitemap}
