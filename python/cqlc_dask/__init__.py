"""cqlc on a Dask cluster: a database of many files, or of large PGN files
cut into byte ranges, searched in shards by a cqlc searcher on the
workers, and merged into exactly the answer one machine writes.

From a notebook::

    from distributed import Client
    from cqlc_dask import build_searcher, search

    client = Client("tcp://scheduler:8786")
    searcher = build_searcher("greekgift.cql")
    summary = search(searcher, ["dumps/*.pgn.zst"], "hits.pgn", client)
    print(summary.matched, "of", summary.games)
"""

from .search import DEFAULT_SHARD_BYTES, SearchFailed, ShardDone, Summary, build_searcher, search

__all__ = ["DEFAULT_SHARD_BYTES", "SearchFailed", "ShardDone", "Summary", "build_searcher", "search"]
