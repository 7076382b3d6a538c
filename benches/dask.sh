#!/bin/sh
# Throughput on a Dask cluster (python/cqlc_dask): one query searched over a
# corpus by one run of its searcher on one thread, then on a local cluster
# of one worker and of two (each worker one searcher on one thread), with
# the corpus cut into byte ranges; the times, games a second, the ratio of
# two workers to one, and whether every output is the one run's file.
#
#   benches/dask.sh CORPUS [QUERY] [SHARD_SIZE] [PYTHON]
#
# CORPUS is a .pgn or .pgn.zst file (a .zst is unpacked once into the
# temporary directory: only plain files are cut into ranges); QUERY
# defaults to benches/broad/legal-moves-count.cql (every position of every
# game read, few games written); SHARD_SIZE to 32M; PYTHON is
# a Python with Dask and cqlc_dask installed (default python3), for example
# a venv made by `pip install -c python/constraints.txt ./python`.
set -eu
cd "$(dirname "$0")/.."
corpus=$1
query=${2:-benches/broad/legal-moves-count.cql}
shard_size=${3:-32M}
python=${4:-python3}
tmp=${TMPDIR:-/tmp}/cqlc-dask-bench
mkdir -p "$tmp"
case $corpus in
*.zst)
    plain=$tmp/$(basename "$corpus" .zst)
    [ -f "$plain" ] || zstd -dq "$corpus" -o "$plain"
    corpus=$plain
    ;;
esac
cargo build --release -q -p cqlc
searcher=$(target/release/cqlc searcher "$query")
games=$("$searcher" -i "$corpus" -countgames | sed 's/.*"games":\([0-9]*\).*/\1/')

seconds() { # the wall time of a command, in seconds
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    echo "$(date +%s.%N) - $start" | bc
}

one=$(seconds "$searcher" -i "$corpus" -o "$tmp/one.pgn" -threads 1)
w1=$(seconds env PYTHONPATH=python "$python" -m cqlc_dask --workers 1 --shard-size "$shard_size" --searcher "$searcher" \
    -o "$tmp/w1.pgn" "$query" "$corpus" -- -threads 1)
w2=$(seconds env PYTHONPATH=python "$python" -m cqlc_dask --workers 2 --shard-size "$shard_size" --searcher "$searcher" \
    -o "$tmp/w2.pgn" "$query" "$corpus" -- -threads 1)
for run in w1 w2; do
    cmp -s "$tmp/one.pgn" "$tmp/$run.pgn" && same=same || same=DIFFERENT
    echo "$run output: $same as one run"
done
printf '%-28s %8s %12s\n' run seconds games/s
printf '%-28s %8.2f %12.0f\n' "one run, 1 thread" "$one" "$(echo "$games / $one" | bc -l)"
printf '%-28s %8.2f %12.0f\n' "cluster of 1 worker" "$w1" "$(echo "$games / $w1" | bc -l)"
printf '%-28s %8.2f %12.0f\n' "cluster of 2 workers" "$w2" "$(echo "$games / $w2" | bc -l)"
printf 'two workers / one worker: %.2fx\n' "$(echo "$w1 / $w2" | bc -l)"
