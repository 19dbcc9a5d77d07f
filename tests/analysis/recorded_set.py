"""The recorded answers (`recorded/*.json`): what a capable model answered for real entries of sglang 0.5.23,
Django 5.2.19 and Django REST framework 3.18.3, written from their source (or a reviewed round's own answers), with
falsehoods planted of each kind issue 29 names (or the ones the review found). Each file gives the marker that finds
its entry (a piece of the message), the answer, the planted claims and their kinds, and optionally the answer to the
repair request (else the model repeats itself).

`replay` harvests a subset of the real trees (the files the entries and their answers touch), answers each entry's
requests from the local fake endpoint, runs `analyse` on exactly those entries, and measures: true claims kept,
planted ones dropped. Shared by tests/analysis/test_recorded_answers.py and bench/analyze_bench.py."""

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import django
import rest_framework

from kb.analysis.claims import claims_of
from kb.analysis.client import Endpoint
from kb.analysis.prompt import TEXT_SECTIONS
from kb.analysis.run import Options, RunResult, analyse
from kb.harvest import Target, harvest
from kb.models import ErrorEntry, Repository
from tests.analysis.fake_endpoint import FakeEndpoint, completion

RECORDED = Path(__file__).parent / "recorded"
SGLANG_WHEEL_TREE = Path("/tmp/sgl/tree/sglang")
DJANGO_TREE = Path(django.__file__).parent
DRF_TREE = Path(rest_framework.__file__).parent
# The real files each replay harvests: the entries' modules and those whose names the answers use.
SUBSETS = {
    "sglang": (
        SGLANG_WHEEL_TREE,
        "sgl-project",
        "sglang",
        "0.5.23",
        "python/sglang",
        (
            "launch_server.py",
            "srt/disaggregation/nixl/conn.py",
            "srt/arg_groups/pd_disaggregation_hook.py",
            "srt/arg_groups/fields/disagg.py",
            "srt/arg_groups/fields/memory.py",
            "srt/arg_groups/fields/spec.py",
        ),
    ),
    "django": (
        DJANGO_TREE,
        "django",
        "django",
        "5.2.19",
        "django",
        (
            "apps/registry.py",
            "conf/__init__.py",
            "contrib/auth/__init__.py",
            "contrib/sessions/middleware.py",
            "conf/global_settings.py",
            "core/exceptions.py",
            "core/management/__init__.py",
            "core/management/commands/runserver.py",
            "core/paginator.py",
            "db/models/base.py",
            "db/models/expressions.py",
            "db/models/fields/__init__.py",
            "db/models/query.py",
            "db/models/sql/query.py",
            "http/response.py",
            "test/client.py",
            "urls/conf.py",
            "views/generic/__init__.py",
            "views/generic/base.py",
            "views/generic/detail.py",
            "views/generic/list.py",
        ),
    ),
    "drf": (DRF_TREE, "encode", "django-rest-framework", "3.18.3", "rest_framework", ("filters.py", "validators.py")),
}
PROJECTS = tuple(SUBSETS)


@dataclass(frozen=True)
class Recorded:
    name: str
    project: str
    marker: str
    answer: dict[str, Any]
    planted: dict[str, str]
    repair: dict[str, Any] | None


@dataclass
class Replayed:
    """One entry's outcome: its stored sections and solutions, the claims kept and dropped."""

    recorded: Recorded
    public_id: str
    assisted: dict[str, Any]
    true_kept: list[str] = field(default_factory=list)
    true_dropped: list[str] = field(default_factory=list)
    planted_dropped: list[str] = field(default_factory=list)
    planted_kept: list[str] = field(default_factory=list)
    repaired_kept: list[str] = field(default_factory=list)  # claims the repair wrote anew, kept
    requests: int = 0


def load(project: str | None = None) -> list[Recorded]:
    found = []
    for path in sorted(RECORDED.glob("*.json")):
        data = json.loads(path.read_text())
        if project is None or data["project"] == project:
            found.append(
                Recorded(
                    path.stem, data["project"], data["marker"], data["answer"], data["planted"], data.get("repair")
                )
            )
    return found


def available(project: str) -> bool:
    return SUBSETS[project][0].is_dir()


def harvest_subset(project: str, into: Path, *, full: bool = False) -> tuple[Repository, Path]:
    """Copies the project's subset of real files under `into` (with `full`, takes the whole tree as it is) and
    harvests it; returns the repository and tree."""
    tree, owner, name, commit, prefix, files = SUBSETS[project]
    root = tree if full else into / project
    for relative in () if full else files:
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(tree / relative, root / relative)
    harvest(target=Target(root=root, owner=owner, name=name, commit=commit, prefix=prefix), progress=False)
    return Repository.objects.get(owner=owner, name=name), root


def entry_for(repository: Repository, marker: str) -> ErrorEntry:
    return ErrorEntry.objects.filter(repository=repository, message__contains=marker).order_by("pk")[0]


def script(endpoint: FakeEndpoint, recorded: Recorded) -> None:
    """The entry's answers in order: the answer, then the answer to the repair request (or the same again)."""
    first = completion(json.dumps(recorded.answer))
    second = completion(json.dumps(recorded.repair)) if recorded.repair is not None else first
    endpoint.answer(recorded.marker, first, second)


def replay(
    endpoint: FakeEndpoint, project: str, into: Path, *, repair: bool = True, full: bool = False
) -> tuple[RunResult, list[Replayed]]:
    repository, root = harvest_subset(project, into, full=full)
    recorded = load(project)
    entries = {item.name: entry_for(repository, item.marker) for item in recorded}
    for item in recorded:
        script(endpoint, item)
    options = Options(
        workers=2, source=root, progress=False, entries=tuple(e.public_id for e in entries.values()), repair=repair
    )
    result = analyse(
        repository=repository, endpoint=Endpoint(base=endpoint.base, model="recorded", timeout=30), options=options
    )
    return result, [measure(item, entries[item.name], endpoint) for item in recorded]


def measure(recorded: Recorded, entry: ErrorEntry, endpoint: FakeEndpoint) -> Replayed:
    entry.refresh_from_db()
    stored = entry.assisted or {}
    shown = " ".join(" ".join(str(stored.get(name) or "").split()) for name in TEXT_SECTIONS)
    solutions = [" ".join(s.split()) for s in stored.get("solutions") or []]
    outcome = Replayed(recorded, entry.public_id, stored, requests=len(endpoint.requests_for(recorded.marker)))
    claims = [(c, False) for name in TEXT_SECTIONS for c in claims_of(recorded.answer[name])]
    claims += [(c, True) for s in recorded.answer["solutions"] for c in claims_of(s, whole=True)]
    for claim, whole in claims:
        text = " ".join(claim.split())
        kept = text in solutions if whole else text in shown
        planted = claim in recorded.planted or text in recorded.planted
        bucket = (outcome.planted_kept if kept else outcome.planted_dropped) if planted else None
        if bucket is None:
            bucket = outcome.true_kept if kept else outcome.true_dropped
        bucket.append(claim)
    if recorded.repair is not None:
        before = {" ".join(c.split()) for c, _ in claims}
        for name in TEXT_SECTIONS:
            for claim in claims_of(recorded.repair[name]):
                if " ".join(claim.split()) not in before and " ".join(claim.split()) in shown:
                    outcome.repaired_kept.append(claim)
    linked = {target for target in stored.get("related") or []}
    for named in recorded.answer.get("related") or []:
        hit = ErrorEntry.objects.filter(public_id__in=linked, message=named).exists()
        if named in recorded.planted:
            (outcome.planted_kept if hit else outcome.planted_dropped).append(named)
        else:
            (outcome.true_kept if hit else outcome.true_dropped).append(named)
    return outcome
