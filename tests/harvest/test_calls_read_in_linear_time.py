"""What each call notes for its callers (the errors a `try` around it keeps, whether it sits in a guard's test)
and what each raise notes of its parameters (rebound by a loop) take work in proportion to a hostile function,
never its square: four times the code, about four times the calls counted."""

import textwrap
from pathlib import Path

from tests.counted_work import python_calls
from tests.harvest.test_messages import harvest_source


def hostile(count: int) -> str:
    lines = ["def run(v):"]
    for n in range(count):
        lines += [
            "    try:",
            f"        check({n})",
            "    except ValueError:",
            "        pass",
            f"    for v in range({n}):",
            f"        if check(v) > {n}:",
            "            return v",
            "        raise KeyError('Too big')",
        ]
    return "\n".join(lines) + "\n"


def counted(tmp_path: Path, count: int) -> int:
    folder = tmp_path / str(count)
    folder.mkdir()
    calls = python_calls(harvest_source, folder, textwrap.dedent(hostile(count)))
    sites = harvest_source(folder, hostile(count)).sites
    assert len(sites) == count
    assert all("v" not in site.evidence["parameters"] for site in sites)  # the loop's, not the argument
    return calls


def test_a_function_of_many_tries_guards_and_loops_is_read_in_linear_time(tmp_path: Path) -> None:
    small, large = counted(tmp_path, 200), counted(tmp_path, 800)
    assert large < 5 * small  # four times the code; quadratic would be sixteen
