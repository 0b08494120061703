//! The demo: generates a graph (or reads one), runs every ported algorithm on
//! it, and prints each result's summary and time.
//!
//! ```text
//! graphblas-demo [--kind kron|uniform|grid] [--scale N] [--graph FILE.mtx] [--directed]
//!                [--only NAME,...] [--runs N] [--explain] [--blocking]
//! ```
//! `--explain` prints every plan of the non-blocking engine (what it fused,
//! the kernels and their times) on standard error; `--blocking` runs every
//! operation at once instead. `--only` runs just the named algorithms (see
//! [`ALGORITHMS`]), e.g. `--only bfs,pagerank,tricount` on a large graph.
//! `--runs N` runs each algorithm `N` times: the time printed is the first
//! (cold) run's, followed by the median and range of the others (warm: what
//! a first run builds, such as a transpose or a degree vector, is kept).
//! Defaults: a Kronecker graph at scale 16 (65 536 vertices, about 1.9 million
//! directed edges).

use graphblas::GraphKind;
use graphblas::{Result, Vector};
use lagraph_ports::{
    bc, bfs, cc, cdlp, kcore, ktruss, lcc, mis, pagerank, sssp, tricount, Graph, Kind,
};
use std::io::IsTerminal;
use std::time::Instant;

/// Large buffers on huge pages (see `graphblas::HugePages`).
#[global_allocator]
static ALLOCATOR: graphblas::HugePages = graphblas::HugePages;

/// Bucket width for delta-stepping (generated weights are 1..=255).
const DELTA: f64 = 32.0;

/// The names `--only` accepts, in the order the demo runs them.
const ALGORITHMS: [&str; 13] = [
    "bfs",
    "bellman-ford",
    "delta-stepping",
    "pagerank",
    "bc",
    "tricount",
    "cc",
    "lcc",
    "kcore",
    "ktruss",
    "all-ktruss",
    "mis",
    "cdlp",
];

/// Where the graph comes from, and what to run on it.
struct Options {
    kind: GraphKind,
    scale: u32,
    file: Option<String>,
    directed: bool,
    explain: bool,
    blocking: bool,
    only: Option<Vec<String>>,
    /// How many times each algorithm runs (`--runs`).
    repetitions: usize,
}

impl Options {
    /// True when the algorithm `name` (one of [`ALGORITHMS`]) is to run.
    fn runs(&self, name: &str) -> bool {
        self.only
            .as_ref()
            .is_none_or(|names| names.iter().any(|n| n == name))
    }
}

fn parse_args() -> std::result::Result<Options, String> {
    let mut o = Options {
        kind: GraphKind::Kronecker,
        scale: 16,
        file: None,
        directed: false,
        explain: false,
        blocking: false,
        only: None,
        repetitions: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--kind" => {
                o.kind = match value()?.as_str() {
                    "kron" => GraphKind::Kronecker,
                    "uniform" => GraphKind::Uniform,
                    "grid" => GraphKind::Grid,
                    k => return Err(format!("unknown kind {k} (kron, uniform or grid)")),
                }
            }
            "--scale" => o.scale = value()?.parse().map_err(|e| format!("--scale: {e}"))?,
            "--graph" => o.file = Some(value()?),
            "--directed" => o.directed = true,
            "--explain" => o.explain = true,
            "--blocking" => o.blocking = true,
            "--runs" => {
                o.repetitions = value()?.parse().map_err(|e| format!("--runs: {e}"))?;
                if o.repetitions == 0 {
                    return Err("--runs needs at least 1".into());
                }
            }
            "--only" => {
                let names: Vec<String> = value()?.split(',').map(str::to_owned).collect();
                if let Some(bad) = names.iter().find(|n| !ALGORITHMS.contains(&n.as_str())) {
                    return Err(format!(
                        "unknown algorithm {bad} (one of {})",
                        ALGORITHMS.join(",")
                    ));
                }
                o.only = Some(names);
            }
            "-h" | "--help" => {
                return Err(
                    "usage: graphblas-demo [--kind kron|uniform|grid] [--scale N] \
                            [--graph FILE.mtx] [--directed] [--only NAME,...] [--runs N] \
                            [--explain] [--blocking]"
                        .into(),
                )
            }
            _ => return Err(format!("unknown argument {arg} (try --help)")),
        }
    }
    Ok(o)
}

/// The seconds each run of an algorithm took, in order.
struct Times(Vec<f64>);

/// Runs `f` `runs` times (at least once), printing its name first (on
/// stderr, as progress, when both outputs are a terminal: the report line
/// written over it then replaces it); the last run's result and every run's
/// time.
fn timed<T>(name: &str, runs: usize, mut f: impl FnMut() -> Result<T>) -> Result<(T, Times)> {
    if std::io::stderr().is_terminal() && std::io::stdout().is_terminal() {
        eprint!("running {name} ...\r");
    }
    let mut times = Vec::with_capacity(runs);
    loop {
        let start = Instant::now();
        let out = f()?;
        times.push(start.elapsed().as_secs_f64());
        if times.len() >= runs {
            return Ok((out, Times(times)));
        }
    }
}

/// Prints the first run's time and `summary`, then the median and range of
/// the later runs, if any.
fn report(name: &str, times: &Times, summary: String) {
    let ms = |s: f64| s * 1e3;
    let Some((first, warm)) = times.0.split_first() else {
        return;
    };
    let mut line = format!("{name:<22} {:>10.1} ms   {summary}", ms(*first));
    if !warm.is_empty() {
        let mut sorted = warm.to_vec();
        sorted.sort_by(f64::total_cmp);
        let mid = sorted.len() / 2;
        let median = if sorted.len() % 2 == 1 {
            sorted[mid]
        } else {
            (sorted[mid - 1] + sorted[mid]) / 2.0
        };
        let runs = if sorted.len() == 1 { "run" } else { "runs" };
        line += &format!(
            "; warm: median {:.1} ms ({:.1}-{:.1}, {} {runs})",
            ms(median),
            ms(sorted[0]),
            ms(sorted[sorted.len() - 1]),
            sorted.len()
        );
    }
    println!("{line}");
}

/// The vertex with the most out-edges (smallest id among ties).
fn hub(g: &Graph) -> Result<u64> {
    let degree: Vector<i64> = g.out_degree()?.clone();
    let best = degree
        .pairs()?
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)));
    Ok(best.map_or(0, |(v, _)| v))
}

fn main() -> Result<()> {
    let o = match parse_args() {
        Ok(o) => o,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    graphblas::retain_freed_memory();
    graphblas::set_explain(o.explain);
    if o.blocking {
        graphblas::set_mode(graphblas::Mode::Blocking);
    }
    let (g, load) = timed("graph", 1, || match &o.file {
        Some(path) => {
            let kind = if o.directed {
                Kind::Directed
            } else {
                Kind::Undirected
            };
            Graph::read_mtx(path, kind)
        }
        None => Graph::generate(o.kind, o.scale),
    })?;
    let source = match &o.file {
        Some(path) => path.clone(),
        None => format!("{:?} graph, scale {}", o.kind, o.scale),
    };
    report(
        "load / generate",
        &load,
        format!("{source}: {} vertices, {} edges", g.n(), g.nvals()?),
    );
    let root = hub(&g)?;
    if o.runs("bfs") {
        let (r, s) = timed("BFS", o.repetitions, || bfs::bfs(&g, root))?;
        let reached = r.level.nvals()?;
        let depth = r.level.pairs()?.iter().map(|p| p.1).max().unwrap_or(0);
        report(
            "BFS (levels+parents)",
            &s,
            format!("from hub {root}: {reached} reached, {depth} levels"),
        );
    }
    if o.runs("bellman-ford") {
        let (d, s) = timed("SSSP", o.repetitions, || sssp::bellman_ford(&g, root))?;
        let far = d.pairs()?.iter().map(|p| p.1).fold(0.0, f64::max);
        report(
            "SSSP (Bellman-Ford)",
            &s,
            format!("from hub {root}: farthest vertex at distance {far}"),
        );
    }
    if o.runs("delta-stepping") {
        let (d, s) = timed("SSSP", o.repetitions, || {
            sssp::delta_stepping(&g, root, DELTA)
        })?;
        let far = d.pairs()?.iter().map(|p| p.1).fold(0.0, f64::max);
        report(
            "SSSP (delta-stepping)",
            &s,
            format!("delta {DELTA}: farthest vertex at distance {far}"),
        );
    }
    if o.runs("pagerank") {
        pageranks(&g, o.repetitions)?;
    }
    if o.runs("bc") {
        let sources: Vec<u64> = [root, g.n() / 4, g.n() / 2, 3 * g.n() / 4]
            .into_iter()
            .filter(|&v| v < g.n())
            .collect();
        let (c, s) = timed("betweenness", o.repetitions, || {
            bc::betweenness(&g, &sources)
        })?;
        let best = (0..c.len())
            .max_by(|&x, &y| c[x].total_cmp(&c[y]))
            .unwrap_or(0);
        report(
            "betweenness (Brandes)",
            &s,
            format!("{} sources: most central vertex {best}", sources.len()),
        );
    }
    if g.kind() == Kind::Undirected {
        undirected(&g, &o)
    } else {
        println!("(the remaining algorithms need an undirected graph)");
        Ok(())
    }
}

/// Both PageRank variants.
fn pageranks(g: &Graph, runs: usize) -> Result<()> {
    for (name, variant) in [
        ("PageRank (GAP)", pagerank::Variant::Gap),
        ("PageRank (dangling)", pagerank::Variant::Dangling),
    ] {
        let params = pagerank::Params {
            variant,
            ..Default::default()
        };
        let (p, s) = timed(name, runs, || pagerank::pagerank(g, &params))?;
        let top: Vec<String> = pagerank::top(&p.rank, 5)?
            .iter()
            .map(|(v, r)| format!("{v} ({r:.2e})"))
            .collect();
        report(
            name,
            &s,
            format!("{} iterations, top 5: {}", p.iterations, top.join(", ")),
        );
    }
    Ok(())
}

/// All-k-truss peels once per `k`; beyond this many vertices the demo skips it.
const ALL_KTRUSS_MAX_VERTICES: u64 = 1 << 12;

/// All-k-truss, or a line saying it was skipped (unless `run`).
fn all_ktruss(a: &graphblas::Matrix<f64>, run: bool, runs: usize) -> Result<()> {
    if !run {
        println!(
            "{:<22} skipped: slow beyond {ALL_KTRUSS_MAX_VERTICES} vertices (it peels every k; \
             --only all-ktruss runs it)",
            "all k-truss"
        );
        return Ok(());
    }
    let (all, s) = timed("all k-truss", runs, || ktruss::all_ktruss(a))?;
    let kmax = all.last().map_or(0, |x| x.0);
    report(
        "all k-truss",
        &s,
        format!("largest non-empty truss: k = {kmax}"),
    );
    Ok(())
}

/// The algorithms defined on undirected graphs only.
fn undirected(g: &Graph, o: &Options) -> Result<()> {
    if o.runs("tricount") {
        let method = tricount::choose(g)?;
        let (t, s) = timed("triangle counting", o.repetitions, || {
            tricount::triangles(g, method)
        })?;
        report(
            "triangle counting",
            &s,
            format!("{t} triangles ({method:?})"),
        );
    }
    if o.runs("cc") {
        let (labels, s) = timed("connected components", o.repetitions, || cc::components(g))?;
        report(
            "connected components",
            &s,
            format!("{} components (FastSV)", cc::count(&labels)?),
        );
    }
    let a = g.adjacency();
    if o.runs("lcc") {
        let (c, s) = timed("local clustering", o.repetitions, || {
            lcc::local_clustering(a)
        })?;
        let mean = c.iter().sum::<f64>() / c.len().max(1) as f64;
        report(
            "local clustering",
            &s,
            format!("mean coefficient {mean:.4}"),
        );
    }
    if o.runs("kcore") {
        let (core, s) = timed("k-core", o.repetitions, || kcore::core_numbers(a))?;
        let max = core.iter().copied().max().unwrap_or(0);
        let in_max = core.iter().filter(|&&k| k == max).count();
        report("k-core", &s, format!("max core {max} ({in_max} vertices)"));
    }
    if o.runs("ktruss") {
        let (t, s) = timed("3-truss", o.repetitions, || ktruss::ktruss(a, 3))?;
        report(
            "k-truss (k = 3)",
            &s,
            format!("{} edges in the 3-truss", t.nvals()?),
        );
    }
    if o.runs("all-ktruss") {
        all_ktruss(
            a,
            g.n() <= ALL_KTRUSS_MAX_VERTICES || o.only.is_some(),
            o.repetitions,
        )?;
    }
    if o.runs("mis") {
        let (set, s) = timed("maximal independent set", o.repetitions, || {
            mis::maximal_independent_set(a, 1)
        })?;
        report(
            "maximal indep. set",
            &s,
            format!("{} vertices (Luby, seed 1)", set.len()),
        );
    }
    if o.runs("cdlp") {
        let (labels, s) = timed("label propagation", o.repetitions, || {
            cdlp::label_propagation(a, 10)
        })?;
        let mut distinct = labels.clone();
        distinct.sort_unstable();
        distinct.dedup();
        report(
            "CDLP (10 rounds)",
            &s,
            format!("{} communities", distinct.len()),
        );
    }
    Ok(())
}
