"""The compiled engine modules (rulebook/compiled.py lists them; pyproject.toml holds the rest).

Cython compiles the listed plain-Python modules into extensions beside their sources; an
editable install and `make speedups` build them in place. DECKWARDEN_PURE_PYTHON=1 builds none.
A machine that cannot compile fails here, saying so, rather than installing a slower engine
without a word.
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, CompileError, ExecError, PlatformError

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rulebook.compiled import MODULES, PURE_PYTHON, pure_python


def extensions():
    if pure_python():
        return []
    from Cython.Build import cythonize

    sources = [name.replace(".", "/") + ".py" for name in MODULES]
    # language_level 3: Python 3 semantics; annotation_typing off: annotations stay hints, as
    # in the interpreter (Cython would otherwise enforce `list`, `dict`, `int` at each call).
    return cythonize(
        sources,
        compiler_directives={"language_level": 3, "annotation_typing": False},
        quiet=True,
        nthreads=os.cpu_count() or 1,
    )


# Appended to Python's own flags (`-g -O3` on this project's machines), the later winning. No
# debug symbols: nobody steps through Cython's generated C, and writing them was a quarter of
# the compiler's time. -O2, not -O3: the engines play as fast (bench.engine, paired runs within
# 2%), and the largest module compiles in 44% less CPU time with both (issue 44, item 3).
QUICKER_COMPILE = ["-g0", "-O2"]


class BuildExtSayingWhy(build_ext):
    """build_ext, with what to do when this machine cannot compile."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:  # one compiler per core: the install's longest step
            self.parallel = os.cpu_count() or 1

    def build_extensions(self):
        if self.compiler.compiler_type == "unix":  # gcc and clang read these flags alike
            for extension in self.extensions:
                extension.extra_compile_args = [*extension.extra_compile_args, *QUICKER_COMPILE]
        super().build_extensions()

    def run(self):
        try:
            super().run()
        except (CCompilerError, CompileError, ExecError, PlatformError, OSError) as error:
            raise SystemExit(
                f"Compiling the engine modules failed ({error}). Install a C compiler and "
                f"Python's headers, or set {PURE_PYTHON}=1 to install the pure-Python engine."
            ) from error


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExtSayingWhy})
