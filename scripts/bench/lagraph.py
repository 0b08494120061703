#!/usr/bin/env python3
"""Reads what LAGraph's programs print, for scripts/bench-lagraph.

  lagraph.py demo DEMO OUTPUT CHECK   result lines of one demo run (the
                                      format of scripts/bench/report.py)
  lagraph.py ctest --out FILE LIB=LOG ...
                                      side-by-side table of ctest runs

DEMO is one of bfs, cc, pagerank, sssp, bc, tc; OUTPUT is what the demo
printed; CHECK what scripts/bench/lagraph_check.c printed for the same
library and graph (its results are the checksums compared between
libraries). Python 3 standard library only.
"""

import re
import statistics
import sys
from pathlib import Path

# The "Avg" line of each demo: its kernel name(s) and the pattern of the time.
AVERAGES = {
    "bfs": [("bfs", r"Avg: BFS pushpull parent only\s+threads\s+\d+:\s+([\d.eE+-]+) sec")],
    "cc": [("cc", r"Avg: time:\s+([\d.eE+-]+) sec")],
    "pagerank": [
        ("pagerank_gap", r"GAP: Avg: PR\s+\d+:\s+([\d.eE+-]+) sec"),
        ("pagerank_std", r"STD: Avg: PR\s+\d+:\s+([\d.eE+-]+) sec"),
    ],
    "sssp": [("sssp", r"Avg: SSSP\s+\d+:\s+([\d.eE+-]+) sec")],
    "bc": [("bc", r"Avg: BC\s+\d+:\s+([\d.eE+-]+) sec")],
    "tc": [("tc", r"Avg: TC method[\d.]+\s+\d+:\s+([\d.eE+-]+) sec")],
}

# The line of lagraph_check's output that checks each kernel.
CHECKS = {
    "bfs": "bfs",
    "cc": "cc",
    "pagerank_gap": "pagerank_gap",
    "pagerank_std": "pagerank",
    "sssp": "sssp",
    "bc": "bc",
    "tc": "tc",
}


def check_fields(check_text, kernel):
    """The `key=value` fields lagraph_check printed for `kernel`."""
    want = CHECKS[kernel]
    for line in check_text.splitlines():
        name, _, rest = line.partition(" ")
        if name == want:
            return rest.strip()
    return ""


def demo(name, output_path, check_path):
    """Prints one result line per kernel of the demo run."""
    text = Path(output_path).read_text(errors="replace")
    check = Path(check_path).read_text(errors="replace") if Path(check_path).exists() else ""
    for kernel, pattern in AVERAGES[name]:
        m = re.search(pattern, text)
        fields = [f"kernel={kernel}"]
        if m:
            fields += ["status=ok", f"times={float(m.group(1)):.6g}"]
        else:
            last = text.strip().splitlines()[-1:] or ["no output"]
            fields += ["status=error", f"note=no Avg line ({last[0][:80]})"]
        checksum = check_fields(check, kernel)
        if checksum:
            fields.append(f"checksum={checksum}")
        print("\t".join(fields))


def ctest_times(log_text):
    """{test name: (status, seconds)} from ctest's output."""
    tests = {}
    pattern = r"Test\s+#\d+:\s+(\S+)\s+\.*\s*(\*{0,3}\s*\w[\w ]*?)\s+([\d.]+) sec"
    for m in re.finditer(pattern, log_text):
        status = "ok" if m.group(2).strip() == "Passed" else m.group(2).strip("* ")
        tests[m.group(1)] = (status, float(m.group(3)))
    return tests


def ctest(out_path, runs):
    """Writes the side-by-side table of ctest runs (LIB=LOG, a library's
    rounds given as several LOGs for the same LIB), with the time ratio of
    the first library to each other."""
    by_lib = {}
    for run in runs:
        lib, _, log = run.partition("=")
        by_lib.setdefault(lib, []).append(ctest_times(Path(log).read_text(errors="replace")))
    libs = list(by_lib)
    first, others = libs[0], libs[1:]
    names = sorted({t for rounds in by_lib.values() for r in rounds for t in r})

    def cell(lib, test):
        rounds = [r[test] for r in by_lib[lib] if test in r]
        if not rounds:
            return None, "missing"
        bad = [s for s, _ in rounds if s != "ok"]
        return statistics.median(t for _, t in rounds), (bad[0] if bad else "ok")

    header = ["test", *(f"{lib} (s)" for lib in libs), *(f"{first} / {lib}" for lib in others)]
    lines = ["| " + " | ".join(header) + " |", "|---" * len(header) + "|"]
    totals = {lib: 0.0 for lib in libs}
    worst = {lib: (0.0, "") for lib in others}
    failures = []
    for test in names:
        cells = dict(zip(libs, (cell(lib, test) for lib in libs)))
        row = [test]
        for lib, (t, status) in cells.items():
            if t is not None:
                totals[lib] += t
            row.append(f"{t:.2f}" if status == "ok" else f"{status}")
            if status != "ok":
                failures.append(f"{test} ({lib}: {status})")
        a, sa = cells[first]
        for lib in others:
            b, sb = cells[lib]
            if sa == sb == "ok" and b:
                ratio = a / b if b > 0 else float("inf")
                row.append(f"{ratio:.2f}")
                if max(a, b) >= 0.05 and ratio > worst[lib][0]:
                    worst[lib] = (ratio, test)
            else:
                row.append("–")
        lines.append("| " + " | ".join(row) + " |")
    total = ["**total**"] + [f"**{totals[lib]:.2f}**" for lib in libs]
    total += [f"**{totals[first] / max(totals[lib], 1e-9):.2f}**" for lib in others]
    lines.append("| " + " | ".join(total) + " |")
    notes = [
        f"Largest ratio {first} / {lib} (tests of 0.05 s or more): {test}, {ratio:.2f}."
        for lib, (ratio, test) in worst.items()
        if test
    ]
    if failures:
        notes.append("Not passed: " + ", ".join(failures) + ".")
    text = "\n".join(lines) + "\n\n" + "\n".join(notes) + "\n"
    Path(out_path).write_text(text)
    print(text)
    return 1 if failures else 0


def main(argv):
    if len(argv) >= 4 and argv[0] == "demo":
        demo(argv[1], argv[2], argv[3])
        return 0
    if len(argv) >= 3 and argv[0] == "ctest" and argv[1] == "--out":
        return ctest(argv[2], argv[3:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
