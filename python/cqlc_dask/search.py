"""A search of a database in shards on a Dask cluster, merged into the
answer one machine gives.

1. The query's searcher is built once (``cqlc searcher``) and shipped to
   the workers (or found by them on a shared path).
2. Each shard's games are counted on the workers; each shard is made to
   begin where the one before it ends (see ``tiling``), and the counts give
   it the number of its first game in the whole input.
3. Each shard is searched on a worker as soon as the shards before it are
   counted (Dask retries a shard whose worker dies or whose search fails),
   and its result comes back to this machine.
4. The searcher merges the results in input order (``-mergeshards``): the
   output, the ``message`` lines and the summary are what one run writes.

A query whose meaning for a game depends on the games before it (its
persistent variables, the files it reads or writes, ``lastgamenumber``)
is searched in one run on one worker, in input order.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Callable

from .shards import Shard, expand_inputs, plan_shards
from .tasks import Program, count_shard, result_counts, search_shard, search_whole
from .tiling import Counted, Numbering

#: The default shard size: big enough that a shard's start-up is nothing
#: beside its search, small enough that every worker gets several.
DEFAULT_SHARD_BYTES = 64 << 20

#: The searcher's options that the shards are made of, or that read a
#: whole file: not passed on.
OWN_OPTIONS = {
    "i",
    "input",
    "o",
    "output",
    "index",
    "byterange",
    "firstgame",
    "firstline",
    "countgames",
    "shardresult",
    "mergeshards",
}


class SearchFailed(RuntimeError):
    """The search did not finish: nothing was written to the output."""


@dataclass
class ShardDone:
    """A shard searched: its place, what it is, and its counts."""

    index: int
    total: int
    shard: Shard
    games: int
    matched: int


@dataclass
class Summary:
    """What a search found: the games read and matched, over how many
    shards, in how long, and what the merge printed on standard output
    (the ``message`` lines and the summary; the games, with ``-o -``)."""

    games: int
    matched: int
    shards: int
    seconds: float
    printed: bytes = b""
    #: A batch's matches by query (its ``matched`` is their sum).
    matched_by_query: dict[str, int] = field(default_factory=dict)

    @property
    def lines(self) -> list[str]:
        """What the merge printed, line by line."""
        return self.printed.decode("utf-8", "replace").splitlines()


def build_searcher(queries: str | list[str], cqlc: str = "cqlc", query_options: list[str] | None = None) -> str:
    """The path of the searcher of ``queries`` (a .cql file, or several:
    one batch searcher that reads each game once for all), built by ``cqlc
    searcher`` (cached) with the options that change the queries."""
    queries = [queries] if isinstance(queries, str) else list(queries)
    done = subprocess.run([cqlc, "searcher", *queries, *(query_options or [])], stdout=subprocess.PIPE)
    if done.returncode != 0:
        raise SearchFailed(f"cqlc searcher {' '.join(queries)} failed (status {done.returncode})")
    return done.stdout.decode().strip().splitlines()[-1]


def check_options(options: list[str]) -> None:
    """An error if ``options`` hold one that the search sets itself."""
    for option in options:
        name = option.lstrip("-").lower()
        if option.startswith("-") and name in OWN_OPTIONS:
            raise ValueError(f"{option}: the shards set it themselves; give the inputs and -o to the search")


def search(
    searcher: str,
    inputs: list[str],
    output: str,
    client,
    *,
    options: list[str] | None = None,
    shard_size: int = DEFAULT_SHARD_BYTES,
    shared_path: bool = False,
    retries: int = 2,
    on_shard: Callable[[ShardDone], None] | None = None,
) -> Summary:
    """Searches ``inputs`` (files, folders, glob patterns) with the searcher
    ``searcher`` on the Dask ``client``'s cluster and writes the merged
    answer to ``output``, as one run of the searcher with ``options`` on
    all the inputs would (a batch searcher's ``output`` is a folder, where
    each query writes ``<query>-out.pgn``). ``shared_path``: the workers run the searcher
    from its path, instead of a copy sent to each. ``on_shard`` hears of
    each shard searched. Raises :class:`SearchFailed` (with the shard) if a
    shard keeps failing; the output is then not written."""
    options = list(options or [])
    check_options(options)
    started = time.monotonic()
    files = expand_inputs(inputs)
    why, queries = query_traits(searcher, files[0])
    program, binary = shipped(searcher, client, shared_path, batch=queries is not None)
    folder = tempfile.mkdtemp(prefix="cqlc-dask-")
    try:
        if why is not None:
            print(f"cqlc_dask: this query {why}: it is searched in one run, on one worker", file=sys.stderr)
            future = client.submit(search_whole, program, binary, files, options, retries=retries, pure=False)
            jobs = {future: (0, Shard(", ".join(files)))}
        else:
            submit = Submitter(client, program, binary, options, retries)
            jobs = search_as_counted(plan_shards(files, shard_size), submit)
        results, counts = gather_results(jobs, folder, on_shard)
        printed = merge(searcher, results, output, options)
        by_query = {name: sum(count[name]["matched"] for count in counts) for name in counts[0]}
        return Summary(
            games=sum(next(iter(count.values()))["games"] for count in counts),
            matched=sum(by_query.values()),
            shards=len(results),
            seconds=time.monotonic() - started,
            printed=printed,
            matched_by_query=by_query if queries is not None else {},
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def shipped(searcher: str, client, shared_path: bool, batch: bool) -> tuple[Program, object]:
    """The searcher (a batch, if ``batch``) as the tasks get it: its path,
    or its bytes sent once to every worker."""
    if shared_path:
        return Program(path=os.path.abspath(searcher), batch=batch), None
    with open(searcher, "rb") as file:
        binary = file.read()
    digest = hashlib.sha256(binary).hexdigest()
    return Program(digest=digest, batch=batch), client.scatter(binary, broadcast=True)


def query_traits(searcher: str, first_file: str) -> tuple[str | None, list[str] | None]:
    """Why the searcher's queries must read the whole input in one run, if
    they must, and the names of a batch searcher's queries (None for one
    query): asked of the searcher itself, counting no games."""
    done = subprocess.run(
        [searcher, "-i", first_file, "-countgames", "-byterange", "0", "0"], capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SearchFailed(f"{searcher}: {done.stderr.strip()}")
    traits = json.loads(done.stdout.strip().splitlines()[-1])
    return traits["whole_input_only"], traits["queries"]


@dataclass
class Submitter:
    """Submits the tasks of one search to the cluster: counts, and searches
    (first: a shard counted is searched before the next ones are counted)."""

    client: object
    program: Program
    binary: object
    options: list[str]
    retries: int

    def count(self, shard: Shard, priority: int = 0):
        """The future of ``shard``'s count."""
        return self.client.submit(
            count_shard, self.program, self.binary, shard, retries=self.retries, pure=False, priority=priority
        )

    def search(self, shard: Shard, first_game: int, first_line: int):
        """The future of ``shard``'s search."""
        arguments = (self.program, self.binary, shard, first_game, first_line, self.options)
        return self.client.submit(search_shard, *arguments, retries=self.retries, pure=False, priority=1)


def search_as_counted(shards: list[Shard], submit: Submitter) -> dict:
    """Counts every shard, and searches each as soon as the shards before it
    are counted (the counts give its first game's number): the searches,
    future → (index, shard). A shard that does not begin where the one
    before it ends is counted again from there."""
    counts = [submit.count(shard) for shard in shards]
    numbering = Numbering()
    jobs = {}
    recounted = 0
    for index, (shard, count) in enumerate(zip(shards, counts)):
        counted = Counted.from_json(shard, gathered(count, shard))
        if not numbering.follows(counted):
            shard = numbering.from_true_start(shard)
            counted = Counted.from_json(shard, gathered(submit.count(shard, priority=2), shard))
            recounted += 1
        searched, first_game, first_line = numbering.place(counted)
        jobs[submit.search(searched, first_game, first_line)] = (index, searched)
    if recounted:
        print(
            f"cqlc_dask: {recounted} shards were counted again from where the shard before them ends (no game "
            "begins after a blank line where they were cut)",
            file=sys.stderr,
        )
    return jobs


def gathered(future, shard: Shard) -> dict:
    """The count of ``future``; a failure names its shard."""
    try:
        return future.result()
    except Exception as error:
        raise SearchFailed(f"counting the games of {shard.describe()} failed: {error}") from error


def gather_results(jobs: dict, folder: str, on_shard) -> tuple[list[str], list[dict]]:
    """Waits for the searches of ``jobs`` (future → (index, shard)), writing
    each result to ``folder`` as it comes (a batch's as a folder of its
    queries' results): their paths and their counts by query, in input
    order."""
    from distributed import as_completed

    paths = [""] * len(jobs)
    counts: list[dict] = [{}] * len(jobs)
    for future in as_completed(list(jobs)):
        index, shard = jobs[future]
        try:
            results = future.result()
        except Exception as error:
            for other in jobs:
                other.cancel()
            raise SearchFailed(f"the search of {shard.describe()} failed: {error}") from error
        paths[index] = write_results(results, os.path.join(folder, f"{index:08}"))
        counts[index] = {name: result_counts(result) for name, result in results.items()}
        future.release()
        if on_shard is not None:
            first = next(iter(counts[index].values()))
            matched = sum(count["matched"] for count in counts[index].values())
            on_shard(ShardDone(index, len(jobs), shard, first["games"], matched))
    return paths, counts


def write_results(results: dict, path: str) -> str:
    """Writes a shard's ``results`` where the merge reads them: one query's
    to ``path``.bin, a batch's into the folder ``path``, each query's to
    ``<query>.bin``. The path written."""
    if list(results) == [""]:
        with open(path + ".bin", "wb") as file:
            file.write(results[""])
        return path + ".bin"
    os.makedirs(path)
    for name, result in results.items():
        with open(os.path.join(path, name + ".bin"), "wb") as file:
            file.write(result)
    return path


def merge(searcher: str, results: list[str], output: str, options: list[str]) -> bytes:
    """Merges the shard ``results`` into ``output`` with the searcher: what
    it printed on standard output (its warnings go to standard error)."""
    inputs = [argument for path in results for argument in ("-i", path)]
    done = subprocess.run([searcher, "-mergeshards", *inputs, "-o", output, *options], stdout=subprocess.PIPE)
    if done.returncode != 0:
        raise SearchFailed(f"merging the shards failed (status {done.returncode})")
    return done.stdout
