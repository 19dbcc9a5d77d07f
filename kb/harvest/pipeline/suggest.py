"""Related errors for drafts: the others raised in the same function, then in the same class, nearest first.
A curator accepts them with `kb.actions.accept_suggestions`."""

from collections import defaultdict
from datetime import datetime

from django.utils import timezone

from kb.harvest.pipeline.bulk_copy import copy_values
from kb.models import ErrorEntry, RaiseSite, RelatedLink, RelatedSuggestion, Repository

MAX_SUGGESTIONS = 5

Rank = tuple[int, int]  # (scope, distance in lines)
Site = tuple[int, str, str, int | None]  # (entry pk, path, function, line)
_NEW = ["source_id", "target_id", "scope", "distance", "state", "created_at"]  # a new suggestion's fields


def desired_suggestions(*, repository: Repository) -> dict[int, dict[int, Rank]]:
    """source entry pk -> {target entry pk: rank}, for the repository's live drafts."""
    live = ErrorEntry.objects.filter(repository=repository, removed_in_commit="")
    drafts = set(live.filter(status=ErrorEntry.Status.DRAFT).values_list("pk", flat=True))
    rows = list(RaiseSite.objects.filter(entry__in=live).values_list("entry_id", "path", "function", "line"))
    return ranked(rows, drafts)


def ranked(rows: list[Site], drafts: set[int]) -> dict[int, dict[int, Rank]]:
    """source entry pk -> {target entry pk: rank}: for each draft, the entries raised nearest it, from the sites of
    the repository's live entries."""
    by_function: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    by_class: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for entry_id, path, function, line in rows:
        if function:
            by_function[(path, function)].append((entry_id, line or 0))
        if "." in function:
            by_class[(path, function.rpartition(".")[0])].append((entry_id, line or 0))
    wanted: dict[int, dict[int, Rank]] = {}
    for entry_id, path, function, line in rows:
        if entry_id not in drafts or not function:
            continue
        ranks = wanted.setdefault(entry_id, {})
        groups = [(RelatedSuggestion.Scope.FUNCTION, by_function[(path, function)])]
        if "." in function:
            groups.append((RelatedSuggestion.Scope.CLASS, by_class[(path, function.rpartition(".")[0])]))
        for scope, neighbours in groups:
            for other, other_line in neighbours:
                if other != entry_id:
                    rank = (int(scope), abs(other_line - (line or 0)))
                    ranks[other] = min(ranks.get(other, rank), rank)
    return {
        source: dict(sorted(ranks.items(), key=lambda item: (item[1], item[0]))[:MAX_SUGGESTIONS])
        for source, ranks in wanted.items()
        if ranks
    }


def first_suggestions(*, sites: list[Site], drafts: set[int]) -> int:
    """The suggestions of a repository's first harvest, from the entries and sites it writes (their ids drawn):
    nothing is suggested, accepted, dismissed or linked yet, so there is nothing to read back. Inserted as
    `refresh_suggestions` would insert them; the entries they name may come later in the transaction."""
    now = timezone.now()
    create = [
        _opened(source, target, rank, now)
        for source, targets in ranked(sites, drafts).items()
        for target, rank in targets.items()
    ]
    copy_values(RelatedSuggestion, _NEW, create)
    return len(create)


def _opened(source: int, target: int, rank: Rank, now: datetime) -> tuple:
    """A new suggestion's row, as `_NEW` names its fields."""
    return (source, target, *rank, RelatedSuggestion.State.OPEN.value, now)


def refresh_suggestions(*, repository: Repository) -> int:
    """Bring open suggestions in line with the code; accepted and dismissed ones are the curator's and stay."""
    wanted = desired_suggestions(repository=repository)
    now = timezone.now()
    existing = {(s.source_id, s.target_id): s for s in RelatedSuggestion.objects.filter(source__repository=repository)}
    linked = set(RelatedLink.objects.filter(source__repository=repository).values_list("source_id", "target_id"))
    create: list[tuple] = []  # as _NEW's fields
    update: list[RelatedSuggestion] = []
    delete: list[int] = []
    for (source, target), suggestion in existing.items():
        if suggestion.state == RelatedSuggestion.State.OPEN and target not in wanted.get(source, {}):
            delete.append(suggestion.pk)
    for source, targets in wanted.items():
        for target, (scope, distance) in targets.items():
            known = existing.get((source, target))
            if known is None:
                if (source, target) not in linked:
                    create.append(_opened(source, target, (scope, distance), now))
            elif known.state == RelatedSuggestion.State.OPEN and (known.scope, known.distance) != (scope, distance):
                known.scope, known.distance = scope, distance
                update.append(known)
    RelatedSuggestion.objects.filter(pk__in=delete).delete()
    copy_values(RelatedSuggestion, _NEW, create)
    RelatedSuggestion.objects.bulk_update(update, ["scope", "distance"], batch_size=1000)
    return len(create) + len(update) + len(delete)
