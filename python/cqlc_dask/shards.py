"""The shards of a database: its files (a folder, a glob, names), and a
large plain PGN file cut into byte ranges.

A byte range of a file stands for the games that *begin* in it; the
searcher finds where they begin (``-byterange``), so ranges that tile a
file search each of its games once. Compressed files (gzip, zstd) cannot
be entered in the middle: each is one shard.
"""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass

#: The file names taken from a folder.
PGN_SUFFIXES = (".pgn", ".pgn.zst", ".pgn.gz")

#: The first bytes of the compressed formats the searcher reads.
COMPRESSED_MAGIC = (b"\x1f\x8b", b"\x28\xb5\x2f\xfd")


@dataclass(frozen=True)
class Shard:
    """A part of one input file: the games that begin in bytes
    ``start``..``end`` of it, or the whole file if ``start`` is None;
    ``exact``: a game begins at ``start`` (else the first tag pair after a
    blank line from there is taken for the first game's start)."""

    path: str
    start: int | None = None
    end: int | None = None
    exact: bool = False

    def describe(self) -> str:
        """The shard as messages name it."""
        if self.start is None:
            return self.path
        return f"{self.path} (bytes {self.start}-{self.end})"


def expand_inputs(inputs: list[str]) -> list[str]:
    """The input files named by ``inputs``, in order: a folder gives its
    PGN files (.pgn, .pgn.zst, .pgn.gz) by name, a glob pattern the files
    it matches by name, a file itself. A name that gives no file is an
    error."""
    files: list[str] = []
    for name in inputs:
        if os.path.isdir(name):
            found = sorted(
                os.path.join(name, entry)
                for entry in os.listdir(name)
                if entry.endswith(PGN_SUFFIXES) and os.path.isfile(os.path.join(name, entry))
            )
        elif os.path.exists(name):
            found = [name]
        else:
            found = sorted(path for path in glob.glob(name) if os.path.isfile(path))
        if not found:
            raise FileNotFoundError(f"{name}: no such file, nor PGN files in a folder or by a pattern")
        files.extend(os.path.abspath(path) for path in found)
    return files


def is_compressed(path: str) -> bool:
    """Whether the file is gzip or zstd, told by its first bytes as the
    searcher tells it."""
    with open(path, "rb") as file:
        start = file.read(4)
    return start.startswith(COMPRESSED_MAGIC)


def plan_shards(files: list[str], shard_size: int) -> list[Shard]:
    """The shards of ``files``, in input order: a plain file larger than
    ``shard_size`` bytes cut into ranges of that size, any other file
    whole."""
    if shard_size <= 0:
        raise ValueError("the shard size is a number of bytes above 0")
    shards: list[Shard] = []
    for path in files:
        size = os.path.getsize(path)
        if size <= shard_size or is_compressed(path):
            shards.append(Shard(path))
            continue
        for start in range(0, size, shard_size):
            shards.append(Shard(path, start, min(start + shard_size, size)))
    return shards
