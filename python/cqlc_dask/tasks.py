"""What runs on a worker: the searcher, put there once, counting or
searching one shard."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

from .shards import Shard


class ShardFailed(RuntimeError):
    """The searcher failed on a shard (Dask retries the task)."""


@dataclass(frozen=True)
class Program:
    """The searcher as the tasks get it: a path every worker can run (a
    shared file system), or its bytes with their digest, written once to
    each worker's temporary folder; and whether it is a batch (several
    queries in one reading, each with a result of its own)."""

    path: str | None = None
    digest: str | None = None
    batch: bool = False


#: A shard's results: each query's result (``-shardresult``) by the query's
#: name; a searcher of one query has one, named "".
Results = dict[str, bytes]


def searcher_on_worker(program: Program, binary: bytes | None) -> str:
    """The path of the searcher on this worker."""
    if program.path is not None:
        return program.path
    folder = os.path.join(tempfile.gettempdir(), "cqlc-dask", program.digest)
    path = os.path.join(folder, "searcher")
    if not os.path.exists(path):
        os.makedirs(folder, exist_ok=True)
        fd, partial = tempfile.mkstemp(dir=folder)
        with os.fdopen(fd, "wb") as file:
            file.write(binary)
        os.chmod(partial, 0o755)
        os.replace(partial, path)
    return path


def run_searcher(searcher: str, arguments: list[str], shard: Shard) -> str:
    """Runs the searcher with ``arguments`` on ``shard``; its standard output.
    A failure says the end of what the searcher said (the caller names the
    shard)."""
    done = subprocess.run([searcher, *arguments], capture_output=True)
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()[-5:]
        raise ShardFailed(f"the searcher exited with status {done.returncode}: " + " / ".join(said))
    return done.stdout.decode("utf-8", "replace")


def range_arguments(shard: Shard) -> list[str]:
    """The searcher's options that read ``shard``'s byte range, if any."""
    if shard.start is None:
        return ["-i", shard.path]
    exact = ["-exactstart"] if shard.exact else []
    return ["-i", shard.path, "-byterange", str(shard.start), str(shard.end), *exact]


def count_shard(program: Program, binary: bytes | None, shard: Shard) -> dict:
    """Counts the games of ``shard``: the searcher's ``-countgames`` line."""
    searcher = searcher_on_worker(program, binary)
    out = run_searcher(searcher, [*range_arguments(shard), "-countgames"], shard)
    return json.loads(out.strip().splitlines()[-1])


def search_shard(
    program: Program,
    binary: bytes | None,
    shard: Shard,
    first_game: int,
    first_line: int,
    options: list[str],
) -> Results:
    """Searches ``shard``, whose first game is game ``first_game`` of the
    input, beginning on line ``first_line`` of its file, with the
    searcher's ``options``: the shard's results."""
    numbering = ["-firstgame", str(first_game), "-firstline", str(first_line)]
    return searched(program, binary, [*range_arguments(shard), *numbering, *options], shard)


def search_whole(program: Program, binary: bytes | None, files: list[str], options: list[str]) -> Results:
    """Searches all of ``files`` in one run, in order (for a query whose
    meaning for a game depends on the other games): its results."""
    inputs = [argument for path in files for argument in ("-i", path)]
    return searched(program, binary, [*inputs, *options], Shard(", ".join(files)))


def searched(program: Program, binary: bytes | None, arguments: list[str], shard: Shard) -> Results:
    """The results of the searcher run with ``arguments`` on ``shard``."""
    searcher = searcher_on_worker(program, binary)
    # A folder of its own: whatever the searcher leaves there (a partial
    # result) goes with it.
    folder = tempfile.mkdtemp(prefix="cqlc-shard-")
    result = os.path.join(folder, "result")
    try:
        run_searcher(searcher, [*arguments, "-shardresult", result], shard)
        if not program.batch:
            with open(result, "rb") as file:
                return {"": file.read()}
        results = {}
        for name in sorted(os.listdir(result)):
            with open(os.path.join(result, name), "rb") as file:
                results[name.removesuffix(".bin")] = file.read()
        return results
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def result_counts(result: bytes) -> dict:
    """The counts at the end of a shard's result (its last line)."""
    return json.loads(result.rstrip(b"\n").rsplit(b"\n", 1)[-1])
