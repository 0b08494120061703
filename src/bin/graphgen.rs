//! `graphgen`: writes a generated graph as a Matrix Market file.
//!
//! ```text
//! graphgen --kind kron|uniform|grid --scale 18 [--seed N] [--weighted]
//!          [--edge-factor 16] [--long-edges N] -o out.mtx
//! ```

use graphblas::raw::io::generate::generate;
use graphblas::raw::io::mtx;
use graphblas::{GraphKind, GraphSpec};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: graphgen --kind kron|uniform|grid --scale S [--seed N] [--weighted] \
[--edge-factor F] [--long-edges N] -o OUT.mtx";

/// The command line: what to generate and where to write it.
struct Args {
    spec: GraphSpec,
    out: String,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut kind = None;
    let mut scale = None;
    let mut out = None;
    let mut spec = GraphSpec::new(GraphKind::Kronecker, 0);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{name} needs a non-negative integer, not '{v}'"))
        };
        match arg.as_str() {
            "--kind" => {
                kind = Some(match value("--kind")?.as_str() {
                    "kron" | "kronecker" => GraphKind::Kronecker,
                    "uniform" | "urand" => GraphKind::Uniform,
                    "grid" | "road" => GraphKind::Grid,
                    other => return Err(format!("unknown kind '{other}' (kron, uniform or grid)")),
                })
            }
            "--scale" => {
                let s = number("--scale", value("--scale")?)?;
                scale = Some(u32::try_from(s).map_err(|_| format!("scale {s} is too large"))?);
            }
            "--seed" => spec.seed = number("--seed", value("--seed")?)?,
            "--edge-factor" => spec.edge_factor = number("--edge-factor", value("--edge-factor")?)?,
            "--long-edges" => spec.long_edges = number("--long-edges", value("--long-edges")?)?,
            "--weighted" => spec.weighted = true,
            "-o" | "--output" => out = Some(value("-o")?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    spec.kind = kind.ok_or("--kind is required")?;
    spec.scale = scale.ok_or("--scale is required")?;
    let out = out.ok_or("-o OUT.mtx is required")?;
    Ok(Args { spec, out })
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(msg) => {
            eprintln!("graphgen: {msg}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let graph = match generate(&args.spec) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("graphgen: {e}");
            return ExitCode::FAILURE;
        }
    };
    let generated = start.elapsed();
    if let Err(e) = mtx::write_file(&graph, &args.out) {
        eprintln!("graphgen: {e}");
        return ExitCode::FAILURE;
    }
    eprintln!(
        "graphgen: {:?} scale {}: {} vertices, {} entries; generated in {:.2?}, written to {} in {:.2?}",
        args.spec.kind,
        args.spec.scale,
        graph.nrows(),
        graph.nvals().unwrap_or(0),
        generated,
        args.out,
        start.elapsed() - generated
    );
    ExitCode::SUCCESS
}
