"""The kernels' build for other kernels keeps only the LLVM code its callers link in: no machine code.

numba turns each compiled kernel into a library of LLVM code, optimises it as a whole, makes its
machine code and caches that. A kernel that calls another links a copy of the callee's library
into its own, and optimises and compiles the whole again (``kernel.py``). So for the build of a
kernel that only other kernels call (``Kernel.inner``, named with ``INNER``) the whole-library
optimisation is done again in every caller, and its machine code is never run: Python never
calls that build. ``LinkOnlyLibrary`` leaves both out for those libraries. It keeps numba's
function passes, which every library gets, links in the libraries of the kernels it calls, and
caches the result as LLVM bitcode (numba's own "bitcode" kind, also what its callers link) instead
of machine code. These libraries give no function address (a build without Python's wrapper
gives none either) and hold no kernel environment to set: nothing ever runs their code, only
copies of it. A first run's compile takes about a sixth less CPU; the code of the kernels Python
calls, which link these, searches as fast (CHANGELOG.md).

The same library class has LLVM inline chosen kernels into one caller's code (``inline_into``):
numba's own inlining (a kernel's ``inline`` option) types and lowers the callee anew at every call
site, where LLVM inlines the one build of it that the caller links, marked ``alwaysinline`` in
that caller's library alone (``kernel.in_search_loop``).

This leans on private methods of numba's ``CPUCodeLibrary``; where one is missing, numba's own
library stays in use, each build gets its machine code as before and LLVM inlines by its own
choice (``install``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from numba.core import codegen

_ALWAYS_INLINE: dict[str, set[str]] = {}  # a library's name: the builds LLVM inlines into it (``inline_into``)
_RELIED_ON = ("_optimize_final_module", "_finalize_final_module", "_finalize_dynamic_globals",
               "_verify_declare_only_symbols", "_get_module_for_linking", "get_pointer_to_function",
               "serialize_using_object_code", "_unserialize", "_ensure_finalized")  # numba's, private


class _WithoutEnvironment:
    """numba's code generator as a link-only library hands it out: setting a kernel's environment,
    a global of machine code this library does not have, does nothing; the rest is numba's."""

    def __init__(self, generator: Any) -> None:
        self._generator = generator

    def set_env(self, env_name: str, env: Any) -> None:
        """Nothing: only a caller's machine code holds the environment, and its own load sets it."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._generator, name)


class LinkOnlyLibrary(codegen.JITCodeLibrary):
    """numba's library of JIT-compiled code, link-only for a library whose name ends with ``suffix``."""

    suffix = ""  # set by ``install``

    @property
    def link_only(self) -> bool:
        return bool(self.suffix) and self.name.endswith(self.suffix)

    @property
    def codegen(self) -> Any:
        return _WithoutEnvironment(self._codegen) if self.link_only else self._codegen

    def _optimize_final_module(self) -> None:
        if self.link_only:
            return  # a caller optimises the code it links, with its own
        builds = _ALWAYS_INLINE.get(self.name)
        if builds:  # only ``run``'s and ``run_tested``'s libraries: the others' functions need no walk
            _mark_always_inline(self._final_module, builds)
        super()._optimize_final_module()

    def _finalize_final_module(self) -> None:
        if not self.link_only:
            super()._finalize_final_module()
            return
        self._finalize_dynamic_globals()  # numba refuses to cache a library with any: kept as it was
        self._verify_declare_only_symbols()
        self._finalized = True  # never handed to the machine-code engine

    def get_pointer_to_function(self, name: str) -> int:
        if not self.link_only:
            return super().get_pointer_to_function(name)
        self._ensure_finalized()
        return 0  # numba's "no such function": this build has no Python wrapper to point at

    def serialize_using_object_code(self) -> tuple:
        if not self.link_only:
            return super().serialize_using_object_code()
        return (self.name, "bitcode", self._get_module_for_linking().as_bitcode())


def inline_into(library: str, build: str) -> None:
    """Have LLVM inline the build ``build`` (a kernel's name with ``INNER``) into the library of the
    kernel named ``library`` (numba names a kernel's library by its name) wherever that calls it."""
    _ALWAYS_INLINE.setdefault(library, set()).add(build)


def _mark_always_inline(module: Any, builds: Iterable[str]) -> None:
    """Give LLVM's ``alwaysinline`` to the functions of ``module`` (linked into it) that are
    ``builds``: numba's mangled name of a function holds its name after its length."""
    marks = tuple(f"{len(build)}{build}" for build in builds)
    for function in module.functions:
        if not function.is_declaration and any(mark in function.name for mark in marks):
            function.add_function_attribute("alwaysinline")


def install(suffix: str) -> bool:
    """Make numba's JIT code generator build libraries as ``LinkOnlyLibrary``, link-only for the kernels
    named with ``suffix``; False (nothing changed) where numba's library lacks a method it relies on."""
    generator = codegen.JITCPUCodegen
    if generator._library_class not in (codegen.JITCodeLibrary, LinkOnlyLibrary):
        return False
    if not all(hasattr(codegen.JITCodeLibrary, name) for name in _RELIED_ON):
        return False
    LinkOnlyLibrary.suffix = suffix
    generator._library_class = LinkOnlyLibrary
    return True
