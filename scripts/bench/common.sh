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

# require_suitesparse LINK_DIR [LIB_DIR...]: installs libgraphblas-dev when
# missing and sets SS_HEADER and SS_LIBRARY (Debian's SuiteSparse:GraphBLAS,
# which the programs are compiled against), and the libraries to run them
# with: SUITESPARSE, their keys (suitesparse-MAJOR.MINOR, Debian's first, then
# each LIB_DIR's), and by key SS_LABEL ("SuiteSparse 7.4") and SS_PATH (the
# LD_LIBRARY_PATH that makes a program linked against Debian's library load
# this one instead; empty for Debian's); SS_META, report.py's --meta options
# saying where each comes from. A LIB_DIR holds one libgraphblas*.so.X.Y.Z
# (with what it needs, e.g. the libgomp of a Python wheel): LINK_DIR/KEY gets
# a link to it named as Debian's SONAME, which the programs need.
require_suitesparse() {
    local link_dir=$1 dir lib soname key
    shift
    suitesparse_header >/dev/null || apt_install libgraphblas-dev
    SS_HEADER=$(suitesparse_header) || die "libgraphblas-dev installed but GraphBLAS.h not found"
    SS_LIBRARY=$(gcc -print-file-name=libgraphblas.so)
    [[ -f $SS_LIBRARY ]] || die "libgraphblas.so not found by gcc"
    SUITESPARSE=() SS_META=()
    declare -gA SS_LABEL=() SS_PATH=()
    add_suitesparse "$SS_LIBRARY" "" \
        "libgraphblas-dev $(dpkg-query -W -f='${Version}' libgraphblas-dev 2>/dev/null || echo '?') (Debian)"
    soname=$(readelf -d "$SS_LIBRARY" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
    [[ -n $soname ]] || die "no SONAME in $SS_LIBRARY"
    for dir in "$@"; do
        lib=$(suitesparse_library "$dir")
        key=suitesparse-$(library_version "$lib")
        rm -rf "${link_dir:?}/$key" && mkdir -p "$link_dir/$key"
        ln -s "$lib" "$link_dir/$key/$soname"
        add_suitesparse "$lib" "$link_dir/$key:$dir" "$lib"
    done
}

# add_suitesparse LIBRARY LD_PATH SOURCE: lists a library for require_suitesparse.
add_suitesparse() {
    local version key
    version=$(library_version "$1")
    key=suitesparse-$version
    [[ -z ${SS_LABEL[$key]:-} ]] || die "two libraries of SuiteSparse $version (--suitesparse $3)"
    SUITESPARSE+=("$key")
    SS_LABEL[$key]="SuiteSparse $version"
    SS_PATH[$key]=$2
    SS_META+=(--meta "SuiteSparse $version=$3")
}

# suitesparse_library DIR: the one SuiteSparse:GraphBLAS library in DIR (the
# file its libgraphblas*.so.* names, links or not, resolve to).
suitesparse_library() {
    local found=() f
    for f in "$1"/libgraphblas*.so.*; do
        [[ -f $f ]] && found+=("$(realpath "$f")")
    done
    mapfile -t found < <(printf '%s\n' "${found[@]}" | sort -u | grep .)
    [[ ${#found[@]} -eq 1 ]] || die "$1: want one libgraphblas*.so.X.Y.Z library, found ${#found[@]}"
    echo "${found[0]}"
}

# library_version FILE: MAJOR.MINOR of a shared library, read from its file
# name (libgraphblas.so.7.4.0, libgraphblas-f0d93efa.so.10.5.1).
library_version() {
    local name
    name=$(basename "$(realpath "$1")")
    [[ $name =~ \.so\.([0-9]+)\.([0-9]+) ]] || die "cannot tell the version of $1 from its name"
    echo "${BASH_REMATCH[1]}.${BASH_REMATCH[2]}"
}

# build_of LIB: the build whose programs library LIB runs: ours (for ours and
# ours-blocking) or suitesparse (compiled against Debian's SuiteSparse, for
# each of SUITESPARSE).
build_of() {
    if [[ $1 == ours* ]]; then echo ours; else echo suitesparse; fi
}

# with_library LIB COMMAND...: runs COMMAND (a program of build_of LIB) with
# library LIB.
with_library() {
    local lib=$1 env=()
    shift
    [[ -z ${SS_PATH[$lib]:-} ]] || env=(LD_LIBRARY_PATH="${SS_PATH[$lib]}")
    env "${env[@]}" "$@"
}

# measured LIB PEAK_FILE COMMAND...: with_library under /usr/bin/time, which
# writes the peak resident memory of the run in KB as the last line of
# PEAK_FILE (read it with peak_kb).
measured() {
    with_library "$1" /usr/bin/time -f %M -o "$2" "${@:3}"
}

# peak_kb PEAK_FILE: the peak memory measured() wrote, or nothing.
peak_kb() {
    local kb
    kb=$(tail -n1 "$1" 2>/dev/null || true)
    if [[ $kb =~ ^[0-9]+$ ]]; then echo "$kb"; fi
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
