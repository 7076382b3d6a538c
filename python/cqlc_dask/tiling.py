"""Shards counted in input order: each made to begin where the one before
it ends, and given the number of its first game and line.

A shard that starts inside a file starts where its searcher *guesses* a
game begins (a tag pair after a blank line). The count of the shard before
it reads on to where the first game after its range really begins. Where
the two differ (games with no blank line between them), the shard is
counted again from that true start (``-exactstart``).
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


@dataclass
class Numbering:
    """The numbers of the next game and line, as shards are counted in input
    order, and where the last shard of the current file ends."""

    next_game: int = 1
    next_line: int = 1
    path: str | None = None
    end: int | None = None

    def follows(self, counted: Counted) -> bool:
        """Whether ``counted`` begins where the shard before it ends: a whole
        file, or the first range of a file, always does."""
        shard = counted.shard
        return shard.start is None or shard.path != self.path or counted.start == self.end

    def from_true_start(self, shard: Shard) -> Shard:
        """``shard`` started where the shard before it ends, where a game
        begins (to be counted again)."""
        return Shard(shard.path, self.end, max(self.end, shard.end), exact=True)

    def place(self, counted: Counted) -> tuple[Shard, int, int]:
        """The shard to search for ``counted`` (its games' range, which
        begins with a game), the number of its first game and its first
        line; the numbering moves past it."""
        shard = counted.shard
        if shard.path != self.path:
            self.next_line, self.path = 1, shard.path
        searched = shard if shard.start is None else Shard(shard.path, counted.start, counted.end, exact=True)
        placed = (searched, self.next_game, self.next_line)
        self.next_game += counted.games
        self.next_line += counted.lines
        self.end = counted.end
        return placed
