"""Work spread over the machine's cores (``referee.core.cores``): the same results in the same order as a plain
loop, whichever process computed them; a child that fails has its share done again here; never a fork where
threads run (the web server) or for a handful of items."""

from __future__ import annotations

import os
import threading

import pytest

from referee.core import cores

MANY = 2 * cores.LEAST  # enough items to fork: 2 * LEAST // (LEAST // 2) = 4 shares at most, usable() at least


def _square_where(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


def _needs_cores() -> None:
    if cores.usable() < 2:
        pytest.skip("one usable core: nothing is forked (the loop here is the whole of spread)")


def test_the_results_are_a_loops_in_its_order_computed_in_several_processes():
    _needs_cores()
    got = cores.spread(_square_where, range(MANY))
    assert [sq for sq, _ in got] == [n * n for n in range(MANY)]
    pids = {pid for _, pid in got}
    k = cores.ways(MANY)
    assert k >= 2 and len(pids) == k and os.getpid() in pids  # this process takes a share too
    # shared out in turn: item i to share i % k, so items 0 and k come from one process, 0 and 1 from two
    assert got[0][1] == got[k][1] != got[1][1]


def test_a_child_that_dies_has_its_share_done_again_here():
    _needs_cores()
    here = os.getpid()

    def dies_in_a_child(n: int) -> tuple[int, int]:
        if os.getpid() != here and n == 1:
            os._exit(3)  # a child killed mid-way: nothing sent
        return _square_where(n)

    got = cores.spread(dies_in_a_child, range(MANY))
    assert [sq for sq, _ in got] == [n * n for n in range(MANY)]
    assert got[1][1] == here  # item 1's share was computed again in this process


def test_a_few_items_are_done_here():
    got = cores.spread(_square_where, range(cores.LEAST - 1))
    assert {pid for _, pid in got} == {os.getpid()}
    assert cores.ways(cores.LEAST - 1) == 1


def test_no_fork_while_other_threads_run():
    _needs_cores()
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert cores.ways(MANY) == 1
        assert {pid for _, pid in cores.spread(_square_where, range(MANY))} == {os.getpid()}
    finally:
        stop.set()
        other.join()
    assert cores.ways(MANY) >= 2  # the thread gone, forking again
