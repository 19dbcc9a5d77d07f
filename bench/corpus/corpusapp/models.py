"""A small app whose models raise their own per-model errors (Book.DoesNotExist, ...)."""

from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=20, unique=True)

    class Meta:
        app_label = "corpusapp"

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"


class Book(models.Model):
    title = models.CharField(max_length=20)
    pages = models.PositiveIntegerField(default=1)
    author = models.ForeignKey(Author, on_delete=models.CASCADE, related_name="books")

    class Meta:
        app_label = "corpusapp"

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"


class Profile(models.Model):
    author = models.OneToOneField(Author, on_delete=models.CASCADE, related_name="profile")

    class Meta:
        app_label = "corpusapp"

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.pk}"
