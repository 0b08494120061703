#!/usr/bin/env python3
"""Turns the raw result lines of scripts/bench-vs-suitesparse into a report.

Input: a file of tab-separated key=value lines, one per program run, each with
lib=ours|ours-blocking|suitesparse and round=N prepended to what the benchmark program
printed (kernel, graph, status, times, checksum, failed, info, note).

Output: OUT/report.md (Markdown table and notes), OUT/ratios.svg (bar chart of
the time ratios), and the table on standard output.
Python 3 standard library only.
"""

import argparse
import html
import math
import re
import statistics
import sys
from pathlib import Path

LIBS = ("ours", "suitesparse")
# Our build in blocking mode (--blocking of the script): an optional column.
BLOCKING = "ours-blocking"
LABELS = {"ours": "ours", "suitesparse": "SuiteSparse", BLOCKING: "ours (blocking)"}
FLOAT = re.compile(r"^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$|^[-+]?(inf|nan)$", re.I)
FLOAT_TOLERANCE = 1e-6


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
    """One kernel on one graph: both libraries."""

    def __init__(self, kernel, graph, runs):
        self.kernel, self.graph = kernel, graph
        self.cells = {lib: Cell([r for r in runs if r.get("lib") == lib]) for lib in LIBS}
        blocking = [r for r in runs if r.get("lib") == BLOCKING]
        if blocking:
            self.cells[BLOCKING] = Cell(blocking)
        ours, theirs = self.cells["ours"], self.cells["suitesparse"]
        self.ratio = ours.median / theirs.median if ours.median and theirs.median else None

    def round_ratios(self):
        """The lowest and highest ratio of one round's medians (ours /
        SuiteSparse, rounds that both ran), as text: how far the machine's
        noise moves the ratio."""
        medians = {
            lib: {
                r.get("round"): round_median(r)
                for r in self.cells[lib].runs
                if r.get("status") == "ok"
            }
            for lib in LIBS
        }
        ratios = sorted(
            ours / medians["suitesparse"][rnd]
            for rnd, ours in medians["ours"].items()
            if ours and medians["suitesparse"].get(rnd)
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
        ours = self.cells["ours"]
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


def rows_of(results):
    order, groups = [], {}
    for r in results:
        key = (r.get("graph", "?"), r.get("kernel", "?"))
        if key not in groups:
            order.append(key)
            groups[key] = []
        groups[key].append(r)
    return [Row(kernel, graph, groups[(graph, kernel)]) for graph, kernel in order]


def markdown_table(rows):
    """The table; with blocking runs, two more columns: their time and the
    ratio of ours (non-blocking) to it."""
    blocking = any(BLOCKING in row.cells for row in rows)
    head = "| kernel | graph | ours | SuiteSparse | ours / SuiteSparse | per round |"
    rule = "|---|---|--:|--:|--:|--:|"
    if blocking:
        head += " ours (blocking) | non-blocking / blocking |"
        rule += "--:|--:|"
    lines = [head + " checksums |", rule + "---|"]
    for row in rows:
        ratio = f"{row.ratio:.2f}" if row.ratio is not None else "n/a"
        line = (
            f"| {row.kernel} | {row.graph} | {row.shown('ours')} | "
            f"{row.shown('suitesparse')} | {ratio} | {row.round_ratios()} |"
        )
        if blocking:
            shown = row.shown(BLOCKING) if BLOCKING in row.cells else "n/a"
            line += f" {shown} | {row.blocking_ratio()} |"
        lines.append(line + f" {row.checksums()} |")
    return "\n".join(lines)


def notes(rows):
    """Why cells are n/a or errors, grouped by cause; checksum disagreements."""
    causes = {}
    for row in rows:
        for lib in row.libs():
            cell = row.cells[lib]
            if cell.status != "ok":
                key = f"{LABELS[lib]}: {cell.failure()}"
                causes.setdefault(key, []).append(f"{row.kernel} on {row.graph}")
    out = [f"- {cause} — {', '.join(where)}" for cause, where in causes.items()]
    for row in rows:
        if row.checksums().startswith("**"):
            for lib in row.libs():
                sums = sorted({r.get("checksum", "") for r in row.cells[lib].runs})
                out.append(f"- checksum of {row.kernel} on {row.graph}, {lib}: `{' | '.join(sums)}`")
    return "\n".join(out)


def svg_chart(rows, title):
    """A horizontal bar chart of log2(ratio), centred on 1."""
    label_w, plot_w, value_w, row_h, top, bottom = 240, 440, 70, 20, 56, 40
    width = label_w + plot_w + value_w
    height = top + row_h * max(len(rows), 1) + bottom
    logs = [abs(math.log2(r.ratio)) for r in rows if r.ratio]
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
        f'<text x="{width / 2}" y="38" text-anchor="middle" fill="#555">time ours / time SuiteSparse '
        "(log scale; left of 1 = ours faster)</text>",
    ]
    axis_y = top + row_h * len(rows)
    for k in range(-span, span + 1):
        tx = x(k)
        label = str(2**k) if k >= 0 else f"1/{2**-k}"
        parts.append(f'<line x1="{tx}" y1="{top - 4}" x2="{tx}" y2="{axis_y}" stroke="#ddd"/>')
        parts.append(f'<text x="{tx}" y="{axis_y + 16}" text-anchor="middle" fill="#555">{label}</text>')
    for i, row in enumerate(rows):
        y = top + i * row_h
        parts.append(
            f'<text x="{label_w - 8}" y="{y + row_h * 0.7}" text-anchor="end">'
            f"{esc(row.kernel)} · {esc(row.graph)}</text>"
        )
        if row.ratio is None:
            parts.append(f'<text x="{x0 + 6}" y="{y + row_h * 0.7}" fill="#999">n/a</text>')
            continue
        end = x(math.log2(row.ratio))
        color = "#2e7d32" if row.ratio < 1 else "#c62828"
        parts.append(
            f'<rect x="{min(x0, end)}" y="{y + 3}" width="{max(abs(end - x0), 1)}" '
            f'height="{row_h - 6}" fill="{color}"/>'
        )
        parts.append(
            f'<text x="{label_w + plot_w + 6}" y="{y + row_h * 0.7}">{row.ratio:.2f}</text>'
        )
    parts.append(f'<line x1="{x0}" y1="{top - 4}" x2="{x0}" y2="{axis_y}" stroke="#333"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--raw", required=True, help="the raw result lines")
    parser.add_argument("--out", required=True, help="directory for report.md and ratios.svg")
    parser.add_argument("--meta", action="append", default=[], help="KEY=VALUE shown in the header")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit with status 1 when checksums differ or a program failed (n/a is fine)",
    )
    args = parser.parse_args()

    rows = rows_of(parse(args.raw))
    table = markdown_table(rows)
    meta = "\n".join(f"- {m.split('=', 1)[0]}: {m.split('=', 1)[1]}" for m in args.meta)
    why = notes(rows)
    report = (
        "# GraphBLAS benchmark: this library vs SuiteSparse:GraphBLAS\n\n"
        f"{meta}\n\n{table}\n\n"
        "Times are medians over all repetitions of all rounds; the ratio is ours / SuiteSparse "
        "(below 1: ours is faster); per round: the lowest and highest ratio of one round's "
        "medians.\n"
        + (f"\n## Notes\n\n{why}\n" if why else "")
    )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.md").write_text(report)
    (out / "ratios.svg").write_text(svg_chart(rows, "GraphBLAS kernels: ours vs SuiteSparse"))
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
