//! Runs an EDGE program (`examples/edge/*.edge`) on a graph and prints its
//! outputs: `cargo run --release --example edge -- examples/edge/bfs.edge
//! --graph G.mtx` (or `--kind kron|uniform|grid --scale N` for a generated
//! undirected graph), with `--param NAME=VALUE`, `--lowering` to print the
//! engine calls each equation became, and `--explain` for the engine's plans.

use graphblas::{edge::Program, GraphKind, GraphSpec, Matrix};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        return Err("usage: edge FILE.edge [--graph G.mtx | --kind K --scale N] [--param NAME=VALUE] [--lowering] [--explain]".into());
    };
    let (mut graph, mut kind, mut scale, mut params) = (None, GraphKind::Kronecker, 16, Vec::new());
    let mut it = args[1..].iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--graph" => graph = Some(value()?.clone()),
            "--kind" => {
                kind = match value()?.as_str() {
                    "kron" => GraphKind::Kronecker,
                    "uniform" => GraphKind::Uniform,
                    "grid" => GraphKind::Grid,
                    k => return Err(format!("unknown kind {k} (kron, uniform or grid)").into()),
                }
            }
            "--scale" => scale = value()?.parse()?,
            "--param" => params.push(value()?.clone()),
            "--lowering" | "--explain" => {}
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    let program = Program::parse(&std::fs::read_to_string(file)?)?;
    if args.iter().any(|a| a == "--lowering") {
        print!("{}", program.lowering());
    }
    let a: Matrix<f64> = match &graph {
        Some(path) => Matrix::read_mtx(path)?,
        None => Matrix::generate_with(&GraphSpec {
            weighted: true,
            ..GraphSpec::new(kind, scale)
        })?,
    };
    println!("graph: {} vertices, {} entries", a.nrows(), a.nvals()?);
    let mut run = program.runner();
    for input in program.inputs() {
        run.matrix_input(input, &a)?;
    }
    for p in &params {
        let (name, value) = p.split_once('=').ok_or("--param takes NAME=VALUE")?;
        run.param(name, value.parse::<f64>()?)?;
    }
    graphblas::set_explain(args.iter().any(|a| a == "--explain"));
    let start = Instant::now();
    run.run()?;
    for name in program.outputs() {
        match program.rank(name) {
            Some(0) => println!("{name} = {:?}", run.scalar::<f64>(name)?),
            Some(1) => match run.vector::<f64>(name) {
                Ok(v) => describe(name, v.pairs()?),
                Err(_) => describe(name, run.vector::<i64>(name)?.pairs()?),
            },
            _ => println!(
                "{name}: {} points",
                run.matrix::<f64>(name).map(|m| m.nvals())??
            ),
        }
    }
    println!("iterations: {:?}", run.iterations());
    println!("time: {:.3} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// A vector's number of points, the sum of its values and its first points.
fn describe<T: Copy + std::fmt::Debug + Into<Num>>(name: &str, pairs: Vec<(u64, T)>) {
    let sum: f64 = pairs.iter().map(|p| p.1.into().0).sum();
    let head: Vec<_> = pairs.iter().take(5).collect();
    println!("{name}: {} points, sum {sum}, first {head:?}", pairs.len());
}

/// A value summed as a real.
struct Num(f64);

impl From<f64> for Num {
    fn from(x: f64) -> Num {
        Num(x)
    }
}

impl From<i64> for Num {
    fn from(x: i64) -> Num {
        Num(x as f64)
    }
}
