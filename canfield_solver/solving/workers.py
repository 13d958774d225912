"""Worker processes for many independent jobs (deals, samples): started once, ended at once.

Each worker dies with the process that started it (``kill -9`` of a run leaves no orphan) and
ignores Ctrl-C, which is the main process's to handle; a run that stops early ends the jobs
in progress at once rather than waiting for them.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from canfield_solver.core.errors import InputError


def die_with_parent(parent: int) -> None:
    """Linux: have the kernel kill this worker when the process ``parent`` dies."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(1)


def start_worker(parent: int) -> None:
    """What every worker does first: die with ``parent``, leave Ctrl-C to it."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class WorkerPool(concurrent.futures.ProcessPoolExecutor):
    """A process pool whose workers ``terminate`` ends at once, jobs in progress included.

    Its workers are the child processes started after it was made (``multiprocessing``'s public
    ``active_children``); the caller starts no other child process while the pool runs.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._others = set(multiprocessing.active_children())
        super().__init__(*args, **kwargs)

    def terminate(self) -> None:
        terminate_workers = getattr(self, "terminate_workers", None)  # Python 3.14+
        if terminate_workers is not None:
            terminate_workers()
            return
        workers = [child for child in multiprocessing.active_children() if child not in self._others]
        self.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.kill()


_work: Callable | None = None  # a worker's job function, made once by its setup


def _init(parent: int, setup: Callable[..., Callable], args: tuple) -> None:
    global _work
    start_worker(parent)
    _work = setup(*args)


def _run(job: Any) -> Any:
    assert _work is not None, "the pool's initializer sets it"
    return _work(job)


def run_each(jobs_in: Iterable, workers: int, setup: Callable[..., Callable], args: tuple = ()) -> Iterator:
    """The results of ``work(job)`` for each job, in the order they finish, on ``workers`` processes
    (in this process for one), where ``work = setup(*args)`` is made once in each worker.

    ``setup`` is a module-level function (a spawned worker imports it); it does a worker's slow
    start (loading the solver) once. A worker that dies ends the run with ``InputError``.
    """
    todo = list(jobs_in)
    if not todo:
        return
    if workers == 1:
        work = setup(*args)
        for job in todo:
            yield work(job)
        return
    pending = iter(todo)
    pool = WorkerPool(max_workers=min(workers, len(todo)), initializer=_init, initargs=(os.getpid(), setup, args))
    try:
        running = {pool.submit(_run, job) for job in _take(pending, 2 * workers)}
        while running:
            done, running = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            running |= {pool.submit(_run, job) for job in _take(pending, len(done))}
            for future in done:
                yield future.result()
    except concurrent.futures.process.BrokenProcessPool:
        pool.terminate()
        raise InputError("a worker process died (out of memory, or killed): every finished deal is in the "
                         "results file; go on with --resume, and a smaller --memory or fewer --jobs if "
                         "memory is short") from None
    except BaseException:  # Ctrl-C, a failed job, or the caller stopping: end the jobs in progress now
        pool.terminate()
        raise
    pool.shutdown()


def _take(iterator: Iterator, count: int) -> list:
    return list(islice(iterator, count))
