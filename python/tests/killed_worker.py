"""A search on a local cluster of two workers, one of which is killed
(SIGKILL) as soon as the first shard is searched: the search must still
finish, whole. Run by cqlc/tests/dask.rs, which compares the output with
one run of the searcher.

usage: python3 killed_worker.py SEARCHER SHARD_BYTES OUTPUT INPUT...
"""

import os
import signal
import sys

from distributed import Client, LocalCluster

from cqlc_dask import search


def main(searcher, shard_bytes, output, inputs):
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(cluster)
    pids = client.run(os.getpid)
    killed = []

    def kill_one(done):
        if not killed:
            assert done.total > 1, "one shard only: nothing is left to search when the worker dies"
            pid = sorted(pids.values())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    summary = search(searcher, inputs, output, client, shard_size=shard_bytes, options=["-threads", "1"],
                     on_shard=kill_one)
    sys.stdout.buffer.write(summary.printed)
    pid = killed[0]
    alive = client.run(os.getpid)
    print(f"killed worker {pid} with shards still to search; workers now {sorted(alive.values())}", file=sys.stderr)
    assert pid not in alive.values(), "the killed worker is still there"
    client.close()
    cluster.close()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:])
