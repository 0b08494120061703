//! `docs/STATUS.md` tells the truth about coverage: its function table is
//! generated from `docs/spec-functions.txt` (every function of spec 2.1), the
//! symbols `libgraphblas.so` exports, and the C tests that call each function
//! (by name, by its typed family, or through its polymorphic macro). This test
//! fails when the table is stale; `UPDATE_STATUS=1` rewrites it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const BEGIN: &str = "<!-- BEGIN GENERATED FUNCTION TABLE -->";
const END: &str = "<!-- END GENERATED FUNCTION TABLE -->";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn exported_symbols() -> BTreeSet<String> {
    let status = Command::new(env!("CARGO"))
        .current_dir(root())
        .args(["build", "-q", "-p", "graphblas-capi"])
        .status()
        .expect("cargo build");
    assert!(status.success());
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(target.join("debug/libgraphblas.so"))
        .output()
        .expect("run nm");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(String::from))
        .collect()
}

/// Identifiers used by each C test file.
fn test_identifiers() -> Vec<(String, BTreeSet<String>)> {
    let mut files: Vec<_> = std::fs::read_dir(root().join("capi/tests/c"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            let ids = text
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| w.starts_with("GrB_") || w.starts_with("GxB_"))
                .map(String::from)
                .collect();
            (p.file_name().unwrap().to_string_lossy().into_owned(), ids)
        })
        .collect()
}

const SUFFIXES: [&str; 18] = [
    "_BOOL",
    "_INT8",
    "_UINT8",
    "_INT16",
    "_UINT16",
    "_INT32",
    "_UINT32",
    "_INT64",
    "_UINT64",
    "_FP32",
    "_FP64",
    "_UDT",
    "_Scalar",
    "_String",
    "_SIZE",
    "_VOID",
    "_BinaryOp",
    "_Monoid",
];

/// The names under which a C program may call `f`: itself, its family, and the
/// polymorphic macro that dispatches to it.
fn aliases(f: &str) -> Vec<String> {
    let mut base = f.to_string();
    for s in SUFFIXES {
        if let Some(b) = base.strip_suffix(s) {
            base = b.to_string();
            break;
        }
    }
    let base = base.trim_end_matches("_Semiring").to_string();
    let mut names = vec![f.to_string(), base.clone()];
    let polymorphic = [
        ("_apply", "GrB_apply"),
        ("_assign", "GrB_assign"),
        ("_reduce", "GrB_reduce"),
        ("_select", "GrB_select"),
        ("_free", "GrB_free"),
        ("_wait", "GrB_wait"),
        ("_error", "GrB_error"),
        ("_eWiseAdd", "GrB_eWiseAdd"),
        ("_eWiseMult", "GrB_eWiseMult"),
        ("_kronecker", "GrB_kronecker"),
        ("_extract", "GrB_extract"),
        ("_get", "GrB_get"),
        ("_set", "GrB_set"),
    ];
    for (piece, macro_name) in polymorphic {
        if base.contains(piece) && !base.contains("Element") && !base.contains("Tuples") {
            names.push(macro_name.to_string());
        }
    }
    names
}

fn table() -> String {
    let spec = std::fs::read_to_string(root().join("docs/spec-functions.txt")).unwrap();
    let exported = exported_symbols();
    let tests = test_identifiers();
    let mut rows = Vec::new();
    let (mut implemented, mut tested, mut total) = (0, 0, 0);
    for f in spec
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        total += 1;
        let is_impl = exported.contains(f);
        let names = aliases(f);
        let users: Vec<&str> = tests
            .iter()
            .filter(|(_, ids)| names.iter().any(|n| ids.contains(n)))
            .map(|(file, _)| file.as_str())
            .collect();
        implemented += is_impl as usize;
        tested += (is_impl && !users.is_empty()) as usize;
        let status = match (is_impl, users.is_empty()) {
            (false, _) => "**missing**",
            (true, true) => "implemented, untested from C",
            (true, false) => "implemented, tested",
        };
        rows.push(format!("| `{f}` | {status} | {} |", users.join(", ")));
    }
    format!(
        "{BEGIN}\n\n{implemented} of {total} functions implemented; {tested} exercised by the C tests in `capi/tests/c/`.\n\n| function | status | C tests |\n|---|---|---|\n{}\n\n{END}",
        rows.join("\n")
    )
}

#[test]
fn status_table_is_current() {
    let path = root().join("docs/STATUS.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (head, rest) = doc
        .split_once(BEGIN)
        .expect("STATUS.md has the table markers");
    let (_, tail) = rest.split_once(END).expect("STATUS.md has the end marker");
    let fresh = format!("{head}{}{tail}", table());
    if std::env::var_os("UPDATE_STATUS").is_some() {
        std::fs::write(&path, fresh).unwrap();
        return;
    }
    assert!(
        doc == fresh,
        "docs/STATUS.md is stale: run `UPDATE_STATUS=1 cargo test -p graphblas-capi --test status`"
    );
}
