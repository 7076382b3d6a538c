"""The shards of a database: inputs expanded, plain files cut into ranges
that cover them, compressed files whole; counted shards joined until they
tile their files, and numbered on from file to file."""

import gzip
import os
import tempfile
import unittest

from cqlc_dask.shards import Shard, expand_inputs, plan_shards
from cqlc_dask.tiling import Counted, Numbering


class Inputs(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        for name, text in [("b.pgn", "[Event \"b\"]\n\n*\n"), ("a.pgn", "[Event \"a\"]\n\n*\n"), ("notes.txt", "x")]:
            with open(os.path.join(self.folder, name), "w") as file:
                file.write(text)
        with gzip.open(os.path.join(self.folder, "c.pgn.gz"), "wb") as file:
            file.write(b"[Event \"c\"]\n\n*\n" * 1000)

    def path(self, name):
        return os.path.join(self.folder, name)

    def test_a_folder_gives_its_pgn_files_by_name_and_a_pattern_its_matches(self):
        self.assertEqual(expand_inputs([self.folder]), [self.path("a.pgn"), self.path("b.pgn"), self.path("c.pgn.gz")])
        self.assertEqual(expand_inputs([self.path("*.pgn"), self.path("a.pgn")]),
                         [self.path("a.pgn"), self.path("b.pgn"), self.path("a.pgn")])
        with self.assertRaisesRegex(FileNotFoundError, "nope"):
            expand_inputs([self.path("nope*.pgn")])

    def test_plain_files_are_cut_into_ranges_that_cover_them_and_compressed_ones_are_whole(self):
        big = self.path("big.pgn")
        with open(big, "wb") as file:
            file.write(b"[Event \"x\"]\n\n1.e4 *\n\n" * 100)
        size = os.path.getsize(big)
        shards = plan_shards([big, self.path("c.pgn.gz"), self.path("a.pgn")], 700)
        ranges = [shard for shard in shards if shard.path == big]
        self.assertEqual(ranges[0].start, 0)
        self.assertEqual(ranges[-1].end, size)
        self.assertTrue(all(a.end == b.start for a, b in zip(ranges, ranges[1:])))
        self.assertEqual(shards[len(ranges):], [Shard(self.path("c.pgn.gz")), Shard(self.path("a.pgn"))])


class Tiling(unittest.TestCase):
    def test_a_shard_that_does_not_begin_where_the_one_before_ends_starts_there_again(self):
        numbering = Numbering()
        first = Counted(Shard("f", 0, 10), 0, 14, 2, 5)
        self.assertTrue(numbering.follows(first))
        self.assertEqual(numbering.place(first), (Shard("f", 0, 14, exact=True), 1, 1))
        guessed = Counted(Shard("f", 10, 20), 17, 22, 1, 3)
        self.assertFalse(numbering.follows(guessed))
        self.assertEqual(numbering.from_true_start(guessed.shard), Shard("f", 14, 20, exact=True))
        # The game before it ran past the whole range: the range is empty.
        self.assertEqual(numbering.from_true_start(Shard("f", 10, 12)), Shard("f", 14, 14, exact=True))

    def test_whole_files_and_the_first_range_of_a_file_follow_anything(self):
        numbering = Numbering()
        numbering.place(Counted(Shard("a.pgn.zst"), 0, 99, 7, 40))
        self.assertTrue(numbering.follows(Counted(Shard("b", 0, 10), 0, 12, 2, 9)))
        self.assertTrue(numbering.follows(Counted(Shard("c.pgn.gz"), 0, 50, 4, 30)))

    def test_games_are_numbered_on_across_files_and_lines_from_one_in_each_file(self):
        counted = [
            Counted(Shard("a", 0, 10), 0, 12, 2, 9),
            Counted(Shard("a", 10, 20), 12, 20, 3, 7),
            Counted(Shard("b.pgn.gz"), 0, 50, 4, 30),
            Counted(Shard("c", 0, 5), 0, 5, 1, 2),
        ]
        numbering = Numbering()
        placed = [numbering.place(shard) for shard in counted]
        self.assertEqual([(game, line) for _, game, line in placed], [(1, 1), (3, 10), (6, 1), (10, 1)])
        self.assertEqual(placed[2][0], Shard("b.pgn.gz"))


if __name__ == "__main__":
    unittest.main()
