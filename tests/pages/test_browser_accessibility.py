"""axe-core in real Chromium: no serious or critical violations on the pages readers land on."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.samples import CARD

pytestmark = pytest.mark.browser

PAGES = ["/", "/search/?q=NIXL+HiSparse", f"/errors/{CARD}/", "/repos/sgl-project/sglang/", "/repos/django/django/"]


def _serious(results: dict) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_pass_axe_with_no_serious_or_critical_violations(page, live_server, live_seed, scheme):
    page.emulate_media(color_scheme=scheme)
    axe = Axe()
    problems = {}
    for path in PAGES:
        assert page.goto(live_server.url + path).ok, path  # the page itself, not an error page, is checked
        found = _serious(axe.run(page).response)
        if found:
            problems[path] = found
    assert problems == {}
