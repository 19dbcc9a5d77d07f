"""A call that hands on a `**mapping` whose keys the code tells (a click command's own `**kwargs`, a dict literal)
leaves out every parameter those keys do not name: where the raise's test refuses that parameter's default, the way in
is no way in (round 25's AI-assisted card 22: deepdiff 9.1.0's `diff` command calls `DeepDiff(**kwargs)`, whose click
options hold no `multiprocessing`, so `normalize_mp_config` gets `DeepDiff.__init__`'s default `False`)."""

from pathlib import Path

from kb.harvest.pipeline.scan import scan

# Reduced from deepdiff/_multiprocessing.py:78-93 (deepdiff 9.1.0).
MULTIPROCESSING = """
def normalize_mp_config(multiprocessing, multiprocessing_workers, multiprocessing_threshold):
    if multiprocessing not in (True, False, 0, 1):
        raise ValueError(
            "multiprocessing must be True or False; got %r" % (multiprocessing,)
        )
    enabled = bool(multiprocessing)
    return enabled
"""

# Reduced from deepdiff/diff.py:47-48, 153-159, 177-199, 228-232, 311-329 (deepdiff 9.1.0).
DIFF = """
from deepdiff._multiprocessing import normalize_mp_config


class DeepDiff:
    def __init__(self,
                 t1,
                 t2,
                 cache_size: int=0,
                 max_passes: int=10000000,
                 multiprocessing: bool=False,
                 multiprocessing_workers=None,
                 multiprocessing_threshold=None,
                 progress_logger=None,
                 view: str="text",
                 _parameters=None,
                 **kwargs):
        if kwargs:
            raise ValueError("The following parameter(s) are not valid: %s" % ', '.join(kwargs.keys()))

        if _parameters:
            self.__dict__.update(_parameters)
        else:
            self.progress_logger = progress_logger
            self.cache_size = cache_size
            self._mp_config = normalize_mp_config(
                multiprocessing, multiprocessing_workers, multiprocessing_threshold)
"""

# Reduced from deepdiff/commands.py:1-12, 20-101 (deepdiff 9.1.0); `mpdiff` is ours: it declares the option and
# hands it on through a dict literal, `loose` hands on a dict whose keys the code does not tell, and `rebound` a
# `**kwargs` it binds again (to what a call returns) before it hands it on.
COMMANDS = """
import click
import sys
from deepdiff.diff import DeepDiff


@click.group()
def cli():
    pass


@cli.command()
@click.argument('t1', type=click.Path(exists=True, resolve_path=True))
@click.argument('t2', type=click.Path(exists=True, resolve_path=True))
@click.option('--cache-size', required=False, default=0, type=int, show_default=True)
@click.option('--create-patch', is_flag=True, show_default=True)
@click.option('--max-passes', required=False, default=10000000, type=int, show_default=True)
@click.option('--progress-logger', required=False, type=click.Choice(['info', 'error']), default="info")
@click.option('--view', required=False, type=click.Choice(['tree', 'colored']), show_default=True, default='tree')
@click.option('--debug', is_flag=True, show_default=False)
def diff(
    *args, **kwargs
):
    \"\"\"
    Deep Diff Commandline
    \"\"\"
    debug = kwargs.pop('debug')
    kwargs['progress_logger'] = None
    create_patch = kwargs.pop('create_patch')
    t1_path = kwargs.pop("t1")
    t2_path = kwargs.pop("t2")
    if "view" in kwargs and kwargs["view"] is None:
        kwargs.pop("view")

    for name, t_path in [('t1', t1_path), ('t2', t2_path)]:
        try:
            kwargs[name] = open(t_path).read()
        except Exception as e:
            sys.exit(str(f"Error when loading {name}: {e}"))

    if create_patch:
        kwargs['log_frequency_in_sec'] = 0

    try:
        diff = DeepDiff(**kwargs)
    except Exception as e:
        sys.exit(str(e))
    print(diff)


@cli.command()
@click.argument('t1')
@click.argument('t2')
@click.option('--multiprocessing', is_flag=True)
def mpdiff(t1, t2, multiprocessing):
    options = {"t1": t1, "t2": t2, "multiprocessing": multiprocessing}
    print(DeepDiff(**options))


@cli.command()
@click.argument('t1')
@click.argument('t2')
def rebound(**kwargs):
    kwargs = load_settings()
    print(DeepDiff(**kwargs))


def loose(t1, t2, settings):
    options = dict(t1=t1, t2=t2)
    options.update(settings)
    return DeepDiff(**options)
"""


def _evidence(root: Path) -> dict:
    for name, text in {"_multiprocessing.py": MULTIPROCESSING, "diff.py": DIFF, "commands.py": COMMANDS}.items():
        (root / "deepdiff").mkdir(exist_ok=True)
        (root / "deepdiff" / name).write_text(text)
    (root / "deepdiff" / "__init__.py").touch()
    sites = scan(root / "deepdiff", prefix="deepdiff", progress=False).sites
    [found] = [s for s in sites if s.message.startswith("multiprocessing must be True or False")]
    return found.evidence


def test_a_command_whose_options_leave_the_parameter_at_a_refused_default_is_no_way_in(tmp_path) -> None:
    evidence = _evidence(tmp_path)
    entry_points = {row["function"]: row for row in evidence["entry_points"]}
    assert "diff" not in entry_points
    assert "diff" not in [row["function"] for row in evidence["callers"]]
    assert entry_points["DeepDiff"]["arguments"] == {"multiprocessing": "multiprocessing"}


def test_a_mapping_that_holds_the_parameter_or_keys_not_told_still_leads_there(tmp_path) -> None:
    evidence = _evidence(tmp_path)
    ways_in = {row["function"] for row in [*evidence["entry_points"], *evidence["callers"]]}
    assert {"mpdiff", "loose", "rebound"} <= ways_in
