"""``kernel``: the decorator of the search's numba kernels (nopython, cached, no reference counts).

These kernels only read and write arrays made in Python and never allocate, so numba's
reference counting of arrays (atomic increments and decrements where arrays are passed to
functions or sliced, which its pruning pass leaves in branchy code) has nothing to do for them.
It cost a quarter of the search's time: perf put 27% of the samples of a solve of CF1-D3-AAAAAAM
in ``NRT_incref``/``NRT_decref``. ``_nrt=False`` is numba's switch to leave it out; a kernel that
allocates then fails to compile (the "NRT required" error), so leaving it out cannot go wrong
silently. Kernels that allocate (``bounded``, ``shortcut``) use ``allocating``, plain ``njit``.
Kernels touch no Python object, so they let go of the GIL (``nogil``): the parallel search
(``parallel.py``) runs one ``search.run`` per thread at once.

All cache their machine code in a per-user folder (``cache.py``), set before numba is imported,
and load it from there without numba's compiler set-up (``cache_load.py``). Each is compiled
apart for calls from Python and for calls from other kernels (``Kernel``): most are only ever
called from kernels, which need none of the wrappers numba builds for Python. A kernel calls
another with its arguments' plain types, never as constants, and every signed integer as an
``int64`` (``_ByValue``): numba would compile a copy of the kernel called, and of each it calls,
for every combination of constants and integer widths its callers write (``encode_move`` had
seven copies, ``finished_key`` three). Small kernels (a move's fields, a card's suit) stay
plain kernels, and LLVM inlines them into their callers all the same. Inlined by numba instead,
each call site copied and typed the kernel anew: the search's first compile took 14.0 s instead
of 11.7 s, for the same speed. The larger kernels
that ``search.run`` calls for every state or move (``make``, ``unmake``, ``insert``,
``child_key``, ``expand_node``, ...) are ``in_search_loop``: LLVM inlines them into ``run``'s
code alone (``link_only.inline_into``). A call from one kernel to another passes each array as
seven machine arguments, and LLVM's own choice left such calls in place: inlined, the search
spends about a sixth less per state. Inlined everywhere (``shortcut`` alone makes nine calls of
``make`` and ``unmake``) they made the first compile twice as long. Inlined by numba into ``run``, each call
site was typed and lowered anew: the first compile took about a tenth more CPU than with LLVM
inlining each one build, for the same speed (CHANGELOG.md). The easier game's test
(``lost.easier_game.easier_lost``) is ``in_the_tests``: inlined into its one caller,
``run_tested``. Both call ``search.run``, and each kernel's compile re-optimised the code of the
kernels it calls, linked in: one compile of the two instead of two took about 2 s less of a
first run under Solvitaire's rules (CHANGELOG.md). For the same reason
``search.ordered_moves``, a test and a call, is ``inlined_everywhere``: compiled on its own it
optimised again all the code it calls, about 0.5 s of a first run.

Where numba's compiler is off (``NUMBA_DISABLE_JIT``: only a first run's child, which searches
while the kernels compile, ``cli/first_solve.py``) the decorators leave the functions as they are
and Python runs them: the same code, the same searches, a few thousand states a second.
``interpreted_as`` gives each intrinsic (code numba generates, which Python cannot run) its Python
twin for that case; ``tests/engine/test_interpreted.py`` checks the two ways give the same answers.
"""

import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cache import use_cache_folder

CACHED = use_cache_folder()

from numba import config, njit  # noqa: E402 (after the cache folder is set)
from numba import types as numba_types  # noqa: E402
from numba.core.datamodel.models import OpaqueModel  # noqa: E402
from numba.extending import register_model, typeof_impl  # noqa: E402

from .cache_load import load_without_refresh  # noqa: E402
from .link_only import inline_into, install  # noqa: E402

INNER = "__in_kernels"  # the end of the name under which a kernel is compiled for the kernels that call it
WITHOUT_WRAPPERS: dict[str, Any] = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}  # numba's options
LINK_ONLY = install(INNER)  # those builds keep only the code their callers link in (``link_only``)


class Kernel:
    """A kernel, compiled apart for Python's calls and for the calls of other kernels.

    Called from Python it runs ``outer``: numba's dispatcher as ``njit`` makes it. Other kernels
    that name it call ``inner`` instead (numba types the name as that dispatcher, below): the
    same function, compiled without the wrappers that only a call from Python goes through (the
    CPython wrapper and the C one, ``no_cpython_wrapper``), which numba otherwise builds, optimizes
    and turns into machine code for every kernel, the many small ones that Python never calls
    among them: a fifth of a first compile's CPU (CHANGELOG.md). Nor is that build made into
    machine code (``link_only``): its callers link its LLVM code into their own. A dispatcher
    compiled that way crashes when Python calls it, so Python is never given ``inner``; each is compiled only
    when it is first called its way, and cached under its own name (``INNER``). A kernel that
    Python and kernels both call with the same types (``search.run``: from Python, and from the
    easier game's kernels) is one build, ``outer``, for both (``one_build``): two builds would
    compile it twice.
    """

    def __init__(self, function: Callable, options: dict[str, Any], one_build: bool) -> None:
        self.outer = load_without_refresh(njit(cache=CACHED, **options)(function))
        self._function, self._options = function, options
        self._inner: Any = self.outer if one_build else None

    @property
    def inner(self) -> Any:
        """The dispatcher other kernels call, made at the first compile that calls it."""
        if self._inner is None:
            function = self._function
            twin = types.FunctionType(function.__code__, function.__globals__, function.__name__ + INNER,
                                      function.__defaults__, function.__closure__)
            twin.__qualname__ = function.__qualname__ + INNER
            twin.__module__ = function.__module__
            self._inner = load_without_refresh(njit(cache=CACHED, **WITHOUT_WRAPPERS, **self._options)(twin))
        return self._inner

    def __call__(self, *args: Any) -> Any:
        return self.outer(*args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.outer, name)


class _ByValue(numba_types.Dispatcher):
    """numba's type of a kernel named in another kernel: its calls are typed with the arguments'
    plain types (``int64``, not the constant ``0`` nor an ``int32``), so one compiled copy serves
    every call; numba widens an ``int32`` argument at the call."""

    def get_call_type(self, context: Any, args: Sequence[Any], kws: Mapping[str, Any]) -> Any:
        return super().get_call_type(context, tuple(_plain(arg) for arg in args),
                                     {name: _plain(arg) for name, arg in kws.items()})


def _plain(argument: Any) -> Any:
    """A kernel argument's type as a call passes it: every signed integer as ``int64``."""
    plain = numba_types.unliteral(argument)
    return numba_types.int64 if plain in numba_types.signed_domain else plain


register_model(_ByValue)(OpaqueModel)  # held as numba holds its own dispatcher type


@typeof_impl.register(Kernel)
def _typeof_kernel(value: Kernel, context: Any) -> Any:
    return _ByValue(value.inner)


def _cached(one_build: bool = False, **options: Any) -> Callable:
    return lambda function: Kernel(function, options, one_build) if COMPILED else function


COMPILED = not config.DISABLE_JIT  # type: ignore[attr-defined]  # False: the kernels run as Python (a first run's child)


def interpreted_as(twin: Callable) -> Callable:
    """Decorate an intrinsic: it stays when the kernels are compiled, ``twin`` replaces it when Python runs them."""
    return lambda intrinsic: intrinsic if COMPILED else twin


kernel = _cached(_nrt=False, nogil=True)
kernel_for_both = _cached(one_build=True, _nrt=False, nogil=True)  # called from Python and from kernels alike


def _inlined_by_llvm_into(caller: str) -> Callable:
    """A kernel whose code LLVM inlines into the kernel named ``caller`` (``link_only.inline_into``),
    and calls elsewhere."""
    def decorate(function: Callable) -> Any:
        inline_into(caller, function.__name__ + INNER)
        return kernel(function)
    return decorate


in_search_loop = _inlined_by_llvm_into("run")  # ``search.run``
inlined_everywhere = _cached(_nrt=False, nogil=True, inline="always")
in_the_tests = _inlined_by_llvm_into("run_tested")  # ``lost.easier_game.run_tested``
allocating = _cached()
