"""Checking that counted shards tile their files, and numbering their games.

A shard that starts inside a file starts where its searcher *guesses* a
game begins (a tag pair after a blank line). The shard before it reads on
to where the first game after its range really begins; where the two
differ (a comment holding such a line, a game without tags), the later
shard is joined to the one before and the two are counted again, until
every shard begins where the one before it ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from .shards import Shard


@dataclass(frozen=True)
class Counted:
    """A shard as its count found it: where its first game begins, where
    the first game after it begins, how many games and lines lie between."""

    shard: Shard
    start: int
    end: int
    games: int
    lines: int

    @classmethod
    def from_json(cls, shard: Shard, count: dict) -> "Counted":
        """The shard ``shard`` counted, from the searcher's ``-countgames`` line."""
        return cls(shard, count["start"], count["end"], count["games"], count["lines"])


def first_misfit(counted: list[Counted]) -> int | None:
    """The index of the first shard that does not begin where the shard
    before it (a range of the same file) ends, if any."""
    for at in range(1, len(counted)):
        before, shard = counted[at - 1], counted[at]
        if shard.shard.start is not None and shard.shard.path == before.shard.path and shard.start != before.end:
            return at
    return None


def joined(before: Shard, after: Shard) -> Shard:
    """The shard of the ranges of ``before`` and ``after``, one after the other."""
    return Shard(before.path, before.start, after.end)


@dataclass(frozen=True)
class Numbered:
    """A counted shard with the number of its first game in the whole input
    and the line of its file on which that game begins."""

    counted: Counted
    first_game: int
    first_line: int


def numbered(counted: list[Counted]) -> list[Numbered]:
    """The shards of ``counted`` (which tile their files), each with the
    number of its first game and its first line."""
    result: list[Numbered] = []
    next_game, next_line, path = 1, 1, None
    for shard in counted:
        if shard.shard.path != path:
            next_line, path = 1, shard.shard.path
        result.append(Numbered(shard, next_game, next_line))
        next_game += shard.games
        next_line += shard.lines
    return result
