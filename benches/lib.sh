# Shared by the corpus benchmarks (corpus.sh, broad.sh): sourced, not run.

# Seconds `$@` takes, its output thrown away; `failed` if it fails.
seconds() {
    start=$(date +%s.%N)
    if "$@" >/dev/null 2>&1; then
        echo "$start $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }'
    else
        echo failed
    fi
}

# The median of three runs of `$@`, in seconds (`failed` if one fails): a
# searcher's time varies from run to run on a shared machine more than CQL
# 6.2's longer runs do.
median_seconds() {
    runs=$(for run in 1 2 3; do seconds "$@"; echo; done)
    case "$runs" in
    *failed*) echo failed ;;
    *) echo "$runs" | sort -g | sed -n 2p ;;
    esac
}

# $1 / $2 with one decimal, prefixed with $3; `-` if either is no number.
ratio() {
    echo "$1 $2" | awk -v prefix="${3:-}" '
        $1 + 0 == $1 && $2 + 0 == $2 { printf "%s%.1f", prefix, $1 / ($2 > 0 ? $2 : 0.01); next }
        { printf "-" }'
}
