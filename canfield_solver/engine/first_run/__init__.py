"""A machine's first run, while the kernels are not in the cache yet: the helper process that
compiles beside the search and the lock of a compile in the background (``compile_ahead``), and
the share of the kernels each of the two compiling processes compiles first (``compile_split``),
and the command that starts each of a first run's processes on this process's import path
(``same_package``)."""
