# Shell functions shared by scripts/bench-vs-suitesparse and scripts/bench-lagraph
# (sourced; SCRIPT names the caller in messages).

die() {
    echo "${SCRIPT:-bench}: $*" >&2
    exit 1
}

# quietly LOG COMMAND...: runs a command, showing its output only if it fails.
quietly() {
    local log=$1
    shift
    "$@" >"$log" 2>&1 || { cat "$log" >&2; die "failed: $*"; }
}

# apt_install PACKAGE...: installs Debian packages (as root, or with sudo).
apt_install() {
    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
            sudo=(sudo -n)
        else
            die "$* not installed, and installing needs root.
Ask an administrator to run: apt-get install $*
(or run this script as root), then run it again."
        fi
    fi
    command -v apt-get >/dev/null || die "no apt-get: install $* by hand"
    echo "Installing $* ..." >&2
    "${sudo[@]}" apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "$@" >&2
}

# suitesparse_header: the path of Debian's SuiteSparse GraphBLAS.h.
suitesparse_header() {
    local h
    h=$(dpkg -L libgraphblas-dev 2>/dev/null | grep '/GraphBLAS\.h$' | head -n1 || true)
    for c in "$h" /usr/include/suitesparse/GraphBLAS.h /usr/include/GraphBLAS.h; do
        [[ -n $c && -f $c ]] && { echo "$c"; return 0; }
    done
    return 1
}

# require_suitesparse: installs libgraphblas-dev when missing and sets
# SS_HEADER, SS_LIBRARY and SS_VERSION.
require_suitesparse() {
    suitesparse_header >/dev/null || apt_install libgraphblas-dev
    SS_HEADER=$(suitesparse_header) || die "libgraphblas-dev installed but GraphBLAS.h not found"
    SS_LIBRARY=$(gcc -print-file-name=libgraphblas.so)
    [[ -f $SS_LIBRARY ]] || die "libgraphblas.so not found by gcc"
    SS_VERSION=$(dpkg-query -W -f='${Version}' libgraphblas-dev 2>/dev/null || echo unknown)
}

# generated_graph KIND SCALE SEED [--weighted]: generates a graph with
# graphgen (once) under target/bench-graphs and prints its path.
generated_graph() {
    local kind=$1 scale=$2 seed=$3 weighted=${4:-} suffix=""
    [[ $kind =~ ^(kron|uniform|grid)$ && $scale =~ ^[0-9]+$ ]] || die "bad graph '$kind:$scale' (want kind:scale)"
    [[ -n $weighted ]] || suffix=-pattern
    local dir=$ROOT/target/bench-graphs
    local file=$dir/$kind-$scale-s$seed$suffix.mtx
    mkdir -p "$dir"
    if [[ ! -s $file ]]; then
        echo "Generating $kind graph, scale $scale ..." >&2
        quietly "$ROOT/target/bench-cargo.log" cargo run --release --bin graphgen -- \
            --kind "$kind" --scale "$scale" --seed "$seed" $weighted -o "$file.tmp"
        mv "$file.tmp" "$file"
    fi
    echo "$file"
}
