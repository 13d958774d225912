"""Batch deals on a Dask distributed cluster (the optional extra ``canfield-solver[distributed]``).

Imported only when ``--scheduler`` is given. Each deal is one Dask task running
``jobs.solve_task``; every worker warms the solver up once when it joins.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from itertools import islice
from typing import Any

from canfield_solver.core.errors import InputError, quote
from canfield_solver.core.limits import Limits
from canfield_solver.core.presets import RuleOptions

from .jobs import default_solve, solve_task, warm_up
from .results import Row
from .tasks import Task

INSTALL_HINT = "pip install 'canfield-solver[distributed]'"


def check_scheduler(scheduler: str) -> None:
    """Fail with a one-line ``InputError`` when Dask's distributed package is missing or ``scheduler``
    is neither ``local`` nor an address with a port.
    """
    try:
        from distributed.comm import get_address_host_port
    except ImportError:
        raise InputError(f"--scheduler needs Dask distributed, which is not installed: {INSTALL_HINT}") from None
    if scheduler != "local":
        try:
            get_address_host_port(scheduler)
        except ValueError as error:
            raise InputError(f"bad --scheduler {quote(scheduler)} ({error}): give tcp://HOST:PORT, or local") from None


def _warm_up_worker() -> None:
    warm_up(default_solve())


def solve_on_dask(
    tasks: list[Task], options: RuleOptions, limits: Limits, scheduler: str, jobs: int
) -> Iterator[Row]:
    """Rows of ``tasks`` as they finish on the cluster at ``scheduler`` (``tcp://HOST:PORT``), or on a
    LocalCluster of ``jobs`` single-threaded worker processes for ``local``.
    """
    check_scheduler(scheduler)
    from distributed import Client, LocalCluster, as_completed

    if not tasks:
        return
    if scheduler == "local":
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.ERROR)
    else:
        cluster = None
    try:
        try:
            client = Client(cluster or scheduler, timeout="20s")
        except (OSError, TimeoutError) as error:
            raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        with client:
            client.register_worker_callbacks(_warm_up_worker)
            slots = max(jobs, sum(client.nthreads().values()))
            pending = iter(tasks)

            def submit(task: Task) -> Any:
                return client.submit(solve_task, task, options, limits, pure=False)

            running = as_completed([submit(task) for task in islice(pending, 2 * slots)])
            for future in running:
                row = future.result()
                future.release()
                following = next(pending, None)
                if following is not None:
                    running.add(submit(following))
                yield row
    finally:
        if cluster is not None:
            cluster.close()
