"""The command line: ``python3 -m cqlc_dask [--scheduler ADDRESS | --workers
N] [--shard-size BYTES] -o OUT.pgn QUERY.cql INPUT... [-- SEARCHER
OPTIONS]``; with several queries (``a.cql b.cql ... INPUT...``), one batch
searcher reads each game once for all, and ``-o`` names a folder."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from .search import DEFAULT_SHARD_BYTES, SearchFailed, ShardDone, build_searcher, search

#: The multipliers of a size's suffix.
SIZE_SUFFIXES = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30}


def size(text: str) -> int:
    """A number of bytes, maybe with a K, M or G suffix (``64M``)."""
    multiplier = SIZE_SUFFIXES.get(text[-1:].lower(), 1)
    digits = text[:-1] if multiplier > 1 else text
    if not digits.isdigit() or int(digits) == 0:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of bytes (64M, 500000)")
    return int(digits) * multiplier


def parser() -> argparse.ArgumentParser:
    """The command line's parser."""
    parser = argparse.ArgumentParser(
        prog="python3 -m cqlc_dask",
        description="Search PGN files with a CQL query on a Dask cluster, in shards, and write the answer one "
        "machine writes. Options after -- go to the searcher (-variations, -matchcount N, -format json, ...).",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDRESS", help="the Dask scheduler to use (tcp://host:8786)")
    where.add_argument("--workers", type=int, metavar="N", help="start a local cluster of N workers (the default)")
    parser.add_argument("--shard-size", type=size, default=DEFAULT_SHARD_BYTES, metavar="BYTES",
                        help="cut plain PGN files into shards of this size (default 64M)")
    built = parser.add_mutually_exclusive_group()
    built.add_argument("--cqlc", default="cqlc", metavar="PATH", help="the cqlc that builds the searcher")
    built.add_argument("--searcher", metavar="PATH", help="a searcher already built (cqlc searcher QUERY.cql)")
    parser.add_argument("--shared-path", action="store_true",
                        help="the workers run the searcher from its path (a shared file system) instead of a copy")
    parser.add_argument("--retries", type=int, default=2, metavar="N", help="tries of a failed shard beyond the first")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument("-o", "--output", required=True, metavar="OUT",
                        help="where the matching games go (a folder, for several queries)")
    parser.add_argument("paths", nargs="+", metavar="QUERY.cql... INPUT...",
                        help="the queries (their searcher is --searcher, if given), then PGN files, folders of them, "
                        "glob patterns")
    return parser


def queries_and_inputs(paths: list[str]) -> tuple[list[str], list[str]]:
    """The queries (the leading paths ending in .cql) and the inputs."""
    count = next((at for at, path in enumerate(paths) if not path.lower().endswith(".cql")), len(paths))
    if count == 0 or count == len(paths):
        raise ValueError("give the queries (QUERY.cql ...), then the inputs")
    return paths[:count], paths[count:]


def main(arguments: list[str] | None = None) -> int:
    """Runs the command line ``arguments``; the exit status."""
    arguments = sys.argv[1:] if arguments is None else arguments
    searcher_options: list[str] = []
    if "--" in arguments:
        at = arguments.index("--")
        arguments, searcher_options = arguments[:at], arguments[at + 1 :]
    options = parser().parse_args(arguments)
    try:
        queries, inputs = queries_and_inputs(options.paths)
        searcher = options.searcher or build_searcher(queries, options.cqlc)
        with cluster_client(options.scheduler, options.workers) as client:
            summary = search(
                searcher,
                inputs,
                options.output,
                client,
                options=searcher_options,
                shard_size=options.shard_size,
                shared_path=options.shared_path,
                retries=options.retries,
                on_shard=None if options.quiet else report,
            )
    except (SearchFailed, FileNotFoundError, ValueError) as error:
        print(f"cqlc_dask: {error}", file=sys.stderr)
        return 2 if isinstance(error, ValueError) else 1
    sys.stdout.buffer.write(summary.printed)
    sys.stdout.flush()
    if not options.quiet:
        print(f"cqlc_dask: {summary.shards} shards searched in {summary.seconds:.2f} seconds", file=sys.stderr)
    return 0


def report(done: ShardDone) -> None:
    """Prints a progress line for a shard searched."""
    print(
        f"cqlc_dask: shard {done.index + 1}/{done.total} searched ({done.shard.describe()}): "
        f"{done.matched} of {done.games} games matched",
        file=sys.stderr,
    )


def cluster_client(scheduler: str | None, workers: int | None):
    """A client of the scheduler at ``scheduler``, else of a local cluster of
    ``workers`` workers (one per core by default), closed with it."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        return Client(scheduler)
    # The local workers print to this terminal: a failed shard is reported
    # once, by cqlc_dask, not with each worker's traceback too.
    silence_logs = logging.CRITICAL
    count = workers or os.cpu_count() or 1
    cluster = LocalCluster(
        n_workers=count, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=silence_logs
    )
    return LocalClient(Client(cluster), cluster)


class LocalClient:
    """A client of a local cluster that closes both."""

    def __init__(self, client, cluster):
        self.client, self.cluster = client, cluster

    def __enter__(self):
        return self.client

    def __exit__(self, *exception):
        self.client.close()
        self.cluster.close()


if __name__ == "__main__":
    sys.exit(main())
