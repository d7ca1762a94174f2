"""The cyclic garbage collector paused while one event is read, scored or
written.

Building an event makes hundreds of thousands of small containers (plays,
results, tuples, the columns' lists) and frees none of them until the
caller lets go of the event. CPython starts a collection every 700 new
containers and walks every older one every so often: at 30,000 traveller
lines (1,000 tables) those collections are some 10% of a read + score +
write (measured in one run: 3.11x -> 2.79x the lxml floor), and they
find nothing, since the model holds no reference cycles. Mercurial pauses
its collector the same way (``util.nogc``) while it builds its big maps.

The collector is process-wide: a call made while another thread has paused
it leaves it paused, and one that paused it starts it again when it
returns, whatever other threads have done meanwhile. Garbage in a reference
cycle made while it is paused (an exception caught with its traceback, say)
waits for the next collection after the call.

Only ``gc`` is imported: ``pbnscore`` itself uses this, and its import is
kept short for ``pbnscore --version``.
"""

from __future__ import annotations

import gc


class gc_paused:  # lower case: used as a function, ``with gc_paused():``
    """A context in which the cyclic garbage collector does not run, where
    it was running when the context began."""

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc_info: object) -> None:
        if self.was_enabled:
            gc.enable()
