//! The ports are written on the typed Rust API only: no path into the
//! engine's layers (`graphblas::raw`) appears in their sources.

use std::path::Path;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn ports_use_only_the_typed_api() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    sources(&root.join("tests"), &mut files);
    assert!(files.len() > 20, "found only {} sources", files.len());
    for file in files.iter().filter(|f| !f.ends_with("api_only.rs")) {
        let text = std::fs::read_to_string(file).unwrap();
        // `raw::` also catches `use graphblas::{raw::…}`.
        assert!(
            !text.contains("raw::"),
            "{} uses graphblas::raw",
            file.display()
        );
    }
}
