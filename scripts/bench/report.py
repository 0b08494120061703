#!/usr/bin/env python3
"""Turns the raw result lines of scripts/bench-vs-suitesparse into a report.

Input: a file of tab-separated key=value lines, one per program run, each with
lib=ours|ours-blocking|suitesparse[-VERSION], round=N and peak_kb=KB (peak
resident memory of the run, may be empty) prepended to what the benchmark
program printed (kernel, graph, status, times, checksum, failed, info, note).
Every suitesparse* library is a baseline that ours is compared with.

Output: OUT/report.md (Markdown table and notes), OUT/ratios.svg (bar charts of
the time and memory ratios against each baseline), and the table on standard
output.
Python 3 standard library only.
"""

import argparse
import html
import math
import re
import statistics
import sys
from pathlib import Path

OURS = "ours"
# Our build in blocking mode (--blocking of the script): an optional column.
BLOCKING = "ours-blocking"
BASELINE = "suitesparse"
FLOAT = re.compile(r"^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$|^[-+]?(inf|nan)$", re.I)
FLOAT_TOLERANCE = 1e-6


def label(lib):
    """A library's name for people: ours, ours (blocking), SuiteSparse 7.4."""
    if lib == BLOCKING:
        return "ours (blocking)"
    if lib.startswith(BASELINE):
        return f"SuiteSparse {lib[len(BASELINE):].lstrip('-')}".strip()
    return lib


def parse(raw_path):
    """The result rows, each a dict of its fields."""
    rows = []
    for line in Path(raw_path).read_text().splitlines():
        if line.strip():
            rows.append(dict(f.split("=", 1) for f in line.split("\t") if "=" in f))
    return rows


class Cell:
    """One library's runs of one kernel on one graph."""

    def __init__(self, runs):
        self.runs = runs
        statuses = {r.get("status", "error") for r in runs}
        self.status = statuses.pop() if len(statuses) == 1 else "error"
        times = [float(t) for r in runs if r.get("status") == "ok" for t in r["times"].split(",")]
        self.median = statistics.median(times) if self.status == "ok" and times else None
        sums = {r.get("checksum", "") for r in runs}
        self.checksum = sums.pop() if len(sums) == 1 else None  # None: rounds disagree
        peaks = [int(r["peak_kb"]) for r in runs if r.get("peak_kb", "").isdigit()]
        # The highest peak resident memory of its rounds, in KB.
        self.peak_kb = max(peaks) if self.status == "ok" and peaks else None

    def failure(self):
        """Why this cell has no time, in a few words."""
        bad = next((r for r in self.runs if r.get("status") != "ok"), {})
        if bad.get("failed"):
            return f"{bad['failed']} returned {bad.get('info', '?')}"
        return bad.get("note", self.status)


def round_median(run):
    """One round's median: the benchmark's own, else that of its times."""
    median = as_float(run.get("median", ""))
    if median is None and run.get("times"):
        median = statistics.median(float(t) for t in run["times"].split(","))
    return median


def as_float(value):
    """The value when it is written as a float (with a point or exponent), else None."""
    if FLOAT.match(value) and re.search(r"[.eEnN]", value):
        return float(value)
    return None


def same_checksum(a, b):
    """Checksums agree: integers and strings exactly, floats to a relative tolerance."""
    fa, fb = a.split(), b.split()
    if len(fa) != len(fb):
        return False
    for x, y in zip(fa, fb):
        kx, _, vx = x.partition("=")
        ky, _, vy = y.partition("=")
        if kx != ky:
            return False
        if vx == vy:
            continue
        p, q = as_float(vx), as_float(vy)
        if p is None or q is None or not math.isclose(p, q, rel_tol=FLOAT_TOLERANCE):
            return False
    return True


def megabytes(kb):
    """A peak memory in MB (2^20 bytes) for people, or a dash."""
    return "—" if kb is None else f"{kb / 1024:,.0f}"


def ratio_text(value):
    return "n/a" if value is None else f"{value:.2f}"


def seconds(t):
    """A duration for people: 812 µs, 3.41 ms, 1.27 s."""
    if t is None:
        return None
    if t < 1e-3:
        return f"{t * 1e6:.0f} µs"
    if t < 1:
        return f"{t * 1e3:.3g} ms"
    return f"{t:.3g} s"


class Row:
    """One kernel on one graph: ours and every baseline."""

    def __init__(self, kernel, graph, runs, baselines):
        self.kernel, self.graph = kernel, graph
        libs = [OURS] + baselines
        if any(r.get("lib") == BLOCKING for r in runs):
            libs.append(BLOCKING)
        self.cells = {lib: Cell([r for r in runs if r.get("lib") == lib]) for lib in libs}

    def ratio(self, lib, measure="median"):
        """Ours / lib of a cell's measure (median time, or peak_kb), or None."""
        ours, theirs = getattr(self.cells[OURS], measure), getattr(self.cells[lib], measure)
        return ours / theirs if ours and theirs else None

    def round_ratios(self, lib):
        """The lowest and highest ratio of one round's medians (ours / lib,
        rounds that both ran), as text: how far the machine's noise moves the
        ratio."""
        medians = {
            name: {
                r.get("round"): round_median(r)
                for r in self.cells[name].runs
                if r.get("status") == "ok"
            }
            for name in (OURS, lib)
        }
        ratios = sorted(
            ours / medians[lib][rnd]
            for rnd, ours in medians[OURS].items()
            if ours and medians[lib].get(rnd)
        )
        if not ratios:
            return "n/a"
        if len(ratios) == 1:
            return f"{ratios[0]:.2f}"
        return f"{ratios[0]:.2f}–{ratios[-1]:.2f}"

    def libs(self):
        """The libraries (builds and modes) this row has runs of."""
        return list(self.cells)

    def blocking_ratio(self):
        """Non-blocking time / blocking time of ours, as text."""
        cell = self.cells.get(BLOCKING)
        ours = self.cells[OURS]
        if cell is None or not cell.median or not ours.median:
            return "n/a"
        return f"{ours.median / cell.median:.2f}"

    def shown(self, lib):
        cell = self.cells[lib]
        if cell.status == "ok":
            return seconds(cell.median)
        return {"n/a": "n/a", "skip": "skip"}.get(cell.status, "error")

    def checksums(self):
        cells = list(self.cells.values())
        if any(c.status != "ok" for c in cells):
            return "—"
        if any(c.checksum is None for c in cells):
            return "**vary between rounds**"
        first = cells[0].checksum
        same = all(same_checksum(first, c.checksum) for c in cells[1:])
        return "equal" if same else "**DIFFER**"


def baselines_of(results):
    """The baseline libraries, in the order of their first run."""
    libs = (r.get("lib", "") for r in results)
    return list(dict.fromkeys(lib for lib in libs if lib.startswith(BASELINE)))


def rows_of(results):
    order, groups = [], {}
    for r in results:
        key = (r.get("graph", "?"), r.get("kernel", "?"))
        if key not in groups:
            order.append(key)
            groups[key] = []
        groups[key].append(r)
    baselines = baselines_of(results)
    return [Row(kernel, graph, groups[(graph, kernel)], baselines) for graph, kernel in order]


def markdown_table(rows, baselines):
    """The table: each library's time, ours / each baseline with its spread;
    with blocking runs, their time and the ratio of ours (non-blocking) to
    it; each library's peak memory and ours / each baseline's."""
    blocking = any(BLOCKING in row.cells for row in rows)
    names = [label(b) for b in baselines]
    head = ["kernel", "graph", "ours", *names]
    for name in names:
        head += [f"ours / {name}", "per round"]
    if blocking:
        head += ["ours (blocking)", "non-blocking / blocking"]
    head += ["MB ours", *(f"MB {name}" for name in names)]
    head += [f"MB ours / {name}" for name in names]
    head.append("checksums")
    lines = ["| " + " | ".join(head) + " |", "|---|---|" + "--:|" * (len(head) - 3) + "---|"]
    for row in rows:
        cells = [row.kernel, row.graph, row.shown(OURS), *(row.shown(b) for b in baselines)]
        for b in baselines:
            cells += [ratio_text(row.ratio(b)), row.round_ratios(b)]
        if blocking:
            cells += [row.shown(BLOCKING) if BLOCKING in row.cells else "n/a", row.blocking_ratio()]
        cells += [megabytes(row.cells[lib].peak_kb) for lib in [OURS, *baselines]]
        cells += [ratio_text(row.ratio(b, "peak_kb")) for b in baselines]
        cells.append(row.checksums())
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def notes(rows):
    """Why cells are n/a or errors, grouped by cause; checksum disagreements."""
    causes = {}
    for row in rows:
        for lib in row.libs():
            cell = row.cells[lib]
            if cell.status != "ok":
                key = f"{label(lib)}: {cell.failure()}"
                causes.setdefault(key, []).append(f"{row.kernel} on {row.graph}")
    out = [f"- {cause} — {', '.join(where)}" for cause, where in causes.items()]
    for row in rows:
        if row.checksums().startswith("**"):
            for lib in row.libs():
                sums = sorted({r.get("checksum", "") for r in row.cells[lib].runs})
                out.append(f"- checksum of {row.kernel} on {row.graph}, {lib}: `{' | '.join(sums)}`")
    return "\n".join(out)


def svg_chart(rows, baselines, title):
    """Horizontal bar charts of log2(ratio), centred on 1: one panel for the
    time and one for the peak memory against each baseline."""
    panels = [
        (f"time ours / time {label(b)}", [row.ratio(b) for row in rows]) for b in baselines
    ] + [
        (f"peak memory ours / {label(b)}", [row.ratio(b, "peak_kb") for row in rows])
        for b in baselines
    ]
    label_w, plot_w, value_w, row_h, head_h, axis_h = 240, 440, 70, 20, 32, 28
    width = label_w + plot_w + value_w
    panel_h = head_h + row_h * max(len(rows), 1) + axis_h
    height = 36 + panel_h * len(panels)
    logs = [abs(math.log2(r)) for _, ratios in panels for r in ratios if r]
    span = min(max(3, math.ceil(max(logs, default=0))), 8)
    x0 = label_w + plot_w / 2

    def x(log_ratio):
        return x0 + max(-span, min(span, log_ratio)) / span * (plot_w / 2)

    esc = html.escape
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">{esc(title)}</text>',
    ]
    for p, (subtitle, ratios) in enumerate(panels):
        top = 36 + p * panel_h + head_h
        axis_y = top + row_h * len(rows)
        parts.append(
            f'<text x="{width / 2}" y="{top - 12}" text-anchor="middle" fill="#555">{esc(subtitle)} '
            "(log scale; left of 1 = ours better)</text>"
        )
        for k in range(-span, span + 1):
            tx = x(k)
            tick = str(2**k) if k >= 0 else f"1/{2**-k}"
            parts.append(f'<line x1="{tx}" y1="{top - 4}" x2="{tx}" y2="{axis_y}" stroke="#ddd"/>')
            parts.append(f'<text x="{tx}" y="{axis_y + 16}" text-anchor="middle" fill="#555">{tick}</text>')
        for i, (row, ratio) in enumerate(zip(rows, ratios)):
            y = top + i * row_h
            parts.append(
                f'<text x="{label_w - 8}" y="{y + row_h * 0.7}" text-anchor="end">'
                f"{esc(row.kernel)} · {esc(row.graph)}</text>"
            )
            if ratio is None:
                parts.append(f'<text x="{x0 + 6}" y="{y + row_h * 0.7}" fill="#999">n/a</text>')
                continue
            end = x(math.log2(ratio))
            color = "#2e7d32" if ratio < 1 else "#c62828"
            parts.append(
                f'<rect x="{min(x0, end)}" y="{y + 3}" width="{max(abs(end - x0), 1)}" '
                f'height="{row_h - 6}" fill="{color}"/>'
            )
            parts.append(f'<text x="{label_w + plot_w + 6}" y="{y + row_h * 0.7}">{ratio:.2f}</text>')
        parts.append(f'<line x1="{x0}" y1="{top - 4}" x2="{x0}" y2="{axis_y}" stroke="#333"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--raw", required=True, help="the raw result lines")
    parser.add_argument("--out", required=True, help="directory for report.md and ratios.svg")
    parser.add_argument("--meta", action="append", default=[], help="KEY=VALUE (or a note) shown in the header")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit with status 1 when checksums differ or a program failed (n/a is fine)",
    )
    args = parser.parse_args()

    results = parse(args.raw)
    rows = rows_of(results)
    baselines = baselines_of(results)
    table = markdown_table(rows, baselines)
    # A value without "=" is shown as it is.
    meta = "\n".join(
        f"- {key}: {value}" if sep else f"- {key}"
        for key, sep, value in (m.partition("=") for m in args.meta)
    )
    why = notes(rows)
    report = (
        "# GraphBLAS benchmark: this library vs SuiteSparse:GraphBLAS\n\n"
        f"{meta}\n\n{table}\n\n"
        "Times are medians over all repetitions of all rounds; the ratios are ours / each "
        "SuiteSparse (below 1: ours is faster); per round: the lowest and highest ratio of one "
        "round's medians. MB: peak resident memory of the whole program run (2^20 bytes), the "
        "highest of its rounds; below 1: ours uses less.\n"
        + (f"\n## Notes\n\n{why}\n" if why else "")
    )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.md").write_text(report)
    (out / "ratios.svg").write_text(svg_chart(rows, baselines, "GraphBLAS kernels: ours vs SuiteSparse"))
    print(table)
    if why:
        print("\n" + why)
    if args.check:
        bad = [r for r in rows if problems(r)]
        for r in bad:
            print(f"check failed: {r.kernel} on {r.graph}: {problems(r)}", file=sys.stderr)
        return 1 if bad else 0
    return 0


def problems(row):
    """What is wrong with a row for --check: errors and checksum disagreements."""
    found = [
        f"{lib} {row.cells[lib].failure()}"
        for lib in row.libs()
        if row.cells[lib].status == "error"
    ]
    if row.checksums().startswith("**"):
        found.append("checksums " + row.checksums().strip("*").lower())
    return "; ".join(found)


if __name__ == "__main__":
    sys.exit(main())
