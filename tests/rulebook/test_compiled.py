"""The compiled engine modules (rulebook/compiled.py): they run where the install compiled them,
and a stale one never does: its source runs instead, with a warning."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from rulebook import compiled

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(compiled.pure_python(), reason=f"{compiled.PURE_PYTHON} is set")
def test_every_listed_engine_module_runs_compiled():
    slow = [name for name, fast in compiled.status().items() if not fast]
    assert not slow, f"these run from source: `{compiled.REBUILD}` compiles them: {slow}"


def _loaded_by(package_dir: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Import pkg.mod under SourceFirst in a fresh interpreter: its loader's name on stdout."""
    probe = (
        "import sys, warnings\n"
        f"sys.path.insert(0, {str(package_dir)!r})\n"
        "warnings.simplefilter('always')\n"
        "from rulebook.compiled import install\n"
        "install(('pkg.mod',))\n"
        "import pkg.mod\n"
        "print(type(pkg.mod.__loader__).__name__)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True
    )


COMPILER = (sysconfig.get_config_var("CC") or "cc").split()[0]


@pytest.mark.skipif(shutil.which(COMPILER) is None, reason=f"no C compiler ({COMPILER})")
def test_a_compiled_module_older_than_its_source_never_runs(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    source = package / "mod.py"
    source.write_text("RULE = 'the source as compiled'\n")
    build = (
        "from Cython.Build import cythonize\nfrom setuptools import setup\n"
        "setup(ext_modules=cythonize(['pkg/mod.py'], quiet=True), "
        "script_args=['build_ext', '--inplace', '-q'])"
    )
    subprocess.run([sys.executable, "-c", build], cwd=tmp_path, check=True, capture_output=True)
    (extension,) = package.glob("mod.*.so")
    built = extension.stat().st_mtime
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_PYTHON}

    os.utime(source, (built - 60, built - 60))  # compiled after its last edit
    fresh = _loaded_by(tmp_path, env)
    assert fresh.stdout.strip() == "ExtensionFileLoader", fresh.stderr
    assert "newer than its compiled extension" not in fresh.stderr

    os.utime(source, (built + 60, built + 60))  # edited (or checked out) after compiling
    stale = _loaded_by(tmp_path, env)
    assert stale.stdout.strip() == "SourceFileLoader", stale.stderr
    assert "pkg.mod: its source is newer than its compiled extension" in stale.stderr
    assert compiled.REBUILD in stale.stderr

    os.utime(source, (built - 60, built - 60))
    asked = _loaded_by(tmp_path, {**env, compiled.PURE_PYTHON: "1"})
    assert asked.stdout.strip() == "SourceFileLoader", asked.stderr
