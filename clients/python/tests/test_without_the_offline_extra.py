"""errorkb installed without its `offline` extra (no pyahocorasick, no rapidfuzz): the online client still imports
what it prints with, and a bundle is refused with what to install, not an ImportError from deep inside."""

import subprocess
import sys

# Each name set to None in sys.modules: importing it raises ImportError, as if it were not installed.
WITHOUT_EXTRA = "import sys; sys.modules['ahocorasick'] = sys.modules['rapidfuzz'] = None\n"


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT_EXTRA + code], capture_output=True, text=True, check=False)


def test_the_answers_shape_and_limits_import_with_the_standard_library_alone():
    done = run(
        "from errorkb.matching.shape import how_it_matched\n"
        "from errorkb.matching.limits import MAX_TEXT_BYTES\n"
        "print(how_it_matched({'exact': True, 'similarity': None, 'why': []}), MAX_TEXT_BYTES)\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["exact", "match", "65536"]


def test_opening_a_bundle_says_to_install_the_offline_extra(tmp_path):
    done = run(
        "from errorkb.bundle import BundleError, open_bundle\n"
        "try:\n"
        f"    open_bundle({str(tmp_path / 'any.zip')!r})\n"
        "except BundleError as error:\n"
        "    print(error)\n"
    )
    assert done.returncode == 0, done.stderr
    assert "pip install 'errorkb[offline]'" in done.stdout
