//! Times the EDGE programs (`examples/edge/*.edge`) against the hand-written
//! ports on one generated undirected graph, alternating the two, and checks
//! that they agree: `cargo run --release -p lagraph-ports --example
//! edge_vs_ports -- --kind kron --scale 18 --rounds 5 [--warm]`. Only the
//! algorithm is timed; results are compared after.

use graphblas::{GraphKind, Result};
use lagraph_ports::{bfs, cc, edge, pagerank, sssp, tricount, Graph, Kind};
use std::time::Instant;

/// A result of either version, compared after timing.
enum Out {
    Bfs(bfs::Bfs),
    Distances(graphblas::Vector<f64>),
    Ranks(pagerank::PageRank),
    Count(u64),
    Labels(graphblas::Vector<i64>),
}

impl Out {
    /// A text that must be equal between the two versions.
    fn summary(&self) -> Result<String> {
        Ok(match self {
            Out::Bfs(b) => format!("{:?} {:?}", b.level.pairs()?, b.parent.pairs()?),
            Out::Distances(d) => format!("{:?}", d.pairs()?),
            // Ranks rounded, so that sums in another order compare equal.
            Out::Ranks(p) => {
                let ranks: Vec<String> = p
                    .rank
                    .pairs()?
                    .iter()
                    .map(|(_, r)| format!("{r:.9}"))
                    .collect();
                format!("{} iterations, ranks {}", p.iterations, ranks.join(","))
            }
            Out::Count(c) => c.to_string(),
            Out::Labels(l) => format!("{:?}", l.pairs()?),
        })
    }
}

/// One algorithm: its name and each version.
struct Case {
    name: &'static str,
    port: fn(&Graph) -> Result<Out>,
    edge: fn(&Graph) -> Result<Out>,
}

const CASES: [Case; 5] = [
    Case {
        name: "bfs (levels, parents)",
        port: |g| Ok(Out::Bfs(bfs::bfs(g, 0)?)),
        edge: |g| Ok(Out::Bfs(edge::bfs(g, 0)?)),
    },
    Case {
        name: "sssp (Bellman-Ford)",
        port: |g| Ok(Out::Distances(sssp::bellman_ford(g, 0)?)),
        edge: |g| Ok(Out::Distances(edge::bellman_ford(g, 0)?)),
    },
    Case {
        name: "pagerank (GAP)",
        port: |g| {
            Ok(Out::Ranks(pagerank::pagerank(
                g,
                &pagerank::Params::default(),
            )?))
        },
        edge: |g| Ok(Out::Ranks(edge::pagerank(g, 0.85, 1e-4)?)),
    },
    Case {
        name: "triangles (C<L> = L·L)",
        port: |g| {
            Ok(Out::Count(tricount::triangles(
                g,
                tricount::Method::SandiaLL,
            )?))
        },
        edge: |g| Ok(Out::Count(edge::triangles(g)?)),
    },
    Case {
        name: "components",
        port: |g| Ok(Out::Labels(cc::components(g)?)),
        edge: |g| Ok(Out::Labels(edge::components(g)?)),
    },
];

fn main() -> std::result::Result<(), Box<dyn std::error::Error>> {
    let (mut kind, mut scale, mut rounds, mut warm) = (GraphKind::Kronecker, 16u32, 3usize, false);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--kind" => {
                kind = match value()?.as_str() {
                    "kron" => GraphKind::Kronecker,
                    "uniform" => GraphKind::Uniform,
                    "grid" => GraphKind::Grid,
                    k => return Err(format!("unknown kind {k}").into()),
                }
            }
            "--scale" => scale = value()?.parse()?,
            "--rounds" => rounds = value()?.parse()?,
            "--warm" => warm = true,
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    let g = Graph::generate(kind, scale)?;
    println!(
        "{kind:?}-{scale}: {} vertices, {} entries, {rounds} rounds alternating",
        g.n(),
        g.nvals()?
    );
    println!("| algorithm | port ms, median (range) | EDGE ms, median (range) | EDGE / port |");
    println!("|---|--:|--:|--:|");
    for case in &CASES {
        let (mut port, mut edge) = (Vec::new(), Vec::new());
        for round in 0..rounds {
            // A fresh graph each call, so nothing cached carries over; with
            // --warm the port's graph has its out-degrees before the clock starts.
            let fresh = Graph::new(g.adjacency().dup()?, Kind::Undirected)?;
            if warm {
                fresh.out_degree()?;
            }
            let (p, tp) = timed(|| (case.port)(&fresh))?;
            let fresh = Graph::new(g.adjacency().dup()?, Kind::Undirected)?;
            let (e, te) = timed(|| (case.edge)(&fresh))?;
            if round == 0 && p.summary()? != e.summary()? {
                return Err(
                    format!("{}: the EDGE program disagrees with the port", case.name).into(),
                );
            }
            port.push(tp);
            edge.push(te);
        }
        let (mp, me) = (median(&mut port), median(&mut edge));
        println!(
            "| {} | {mp:.1} ({:.1}–{:.1}) | {me:.1} ({:.1}–{:.1}) | {:.2} |",
            case.name,
            port[0],
            port[rounds - 1],
            edge[0],
            edge[rounds - 1],
            me / mp
        );
    }
    Ok(())
}

fn timed(f: impl FnOnce() -> Result<Out>) -> Result<(Out, f64)> {
    let start = Instant::now();
    let out = f()?;
    Ok((out, start.elapsed().as_secs_f64() * 1e3))
}

/// Sorts `xs` and returns its median.
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}
