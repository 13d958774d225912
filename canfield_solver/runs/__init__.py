"""Runs over many deals: choosing them, solving or playing each on local workers or Dask, results
files that survive any interruption, and the statistics of those files.

Imports ``solving``, ``engine``, ``formats`` and ``core`` (docs/architecture.md).
"""
