"""Places whose sentence names only who raises it are said in one sentence: round 27's card 15 read "`MultiValueField.
clean()` raises this. `ModelMultipleChoiceField.clean()` raises this.", a run the reader scored as the code's terms.
"`A()` and `B()` raise this." says the same once; a sentence with its condition stays as it was."""

from tests.harvest.published import harvest_published

# Reduced from Django 5.2's django/contrib/auth/models.py:186-210.
MANAGER = """
class UserManager:
    def create_superuser(self, username, email=None, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", True)
        extra_fields.setdefault("is_superuser", True)

        if extra_fields.get("is_staff") is not True:
            raise ValueError("Superuser must have is_staff=True.")
        return self._create_user(username, email, password, **extra_fields)

    async def acreate_superuser(self, username, email=None, password=None, **extra_fields):
        extra_fields.setdefault("is_staff", True)
        extra_fields.setdefault("is_superuser", True)

        if extra_fields.get("is_staff") is not True:
            raise ValueError("Superuser must have is_staff=True.")
        return await self._acreate_user(username, email, password, **extra_fields)

    def _create_user(self, username, email, password, **extra_fields):
        return username

    async def _acreate_user(self, username, email, password, **extra_fields):
        return username
"""


def test_two_methods_that_raise_it_under_tests_not_said_are_named_in_one_sentence(db, git_repo) -> None:
    cards = harvest_published(git_repo, {"auth/models.py": MANAGER}, repo="example/auth")
    meaning = cards["Superuser must have is_staff=True."].generated["meaning"]
    assert meaning.startswith("`UserManager.create_superuser()` and `UserManager.acreate_superuser()` raise this."), (
        meaning
    )
    assert "raises this." not in meaning
    assert "places in all" not in meaning  # the sentence names both places
