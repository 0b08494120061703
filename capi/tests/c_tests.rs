//! Compiles every C program in `tests/c/` with `-std=c11 -Wall -Wextra -Werror
//! -pedantic` against `include/GraphBLAS.h` and the static library, runs it,
//! and requires exit status 0. One program is also linked against the shared
//! library to check that it loads.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Builds the C library (debug profile, as the tests) and returns its directory.
fn library_dir() -> PathBuf {
    let status = Command::new(env!("CARGO"))
        .current_dir(root())
        .args(["build", "-q", "-p", "graphblas-capi"])
        .status()
        .expect("run cargo build");
    assert!(status.success(), "building the C library failed");
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from);
    target.join("debug")
}

fn compile(source: &Path, out: &Path, lib: &[&str]) {
    let include = root().join("include");
    let mut cmd = Command::new("gcc");
    cmd.args([
        "-std=c11",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-O1",
        "-g",
    ])
    .arg("-I")
    .arg(&include)
    .arg(source)
    .arg("-o")
    .arg(out)
    .args(lib)
    .args(["-lpthread", "-ldl", "-lm"]);
    let status = cmd.status().expect("run gcc");
    assert!(status.success(), "compiling {} failed", source.display());
}

fn run(program: &Path, env: &[(&str, &Path)]) {
    let mut cmd = Command::new(program);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run test program");
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{} failed", program.display());
}

#[test]
fn c_conformance_programs_pass() {
    let libdir = library_dir();
    let staticlib = libdir.join("libgraphblas.a");
    let outdir = libdir.join("c-tests");
    std::fs::create_dir_all(&outdir).unwrap();
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root().join("tests/c"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    sources.sort();
    assert!(!sources.is_empty());
    for src in &sources {
        let exe = outdir.join(src.file_stem().unwrap());
        compile(src, &exe, &[staticlib.to_str().unwrap()]);
        run(&exe, &[]);
        // Each program embeds the whole debug library (about 0.5 GB).
        let _ = std::fs::remove_file(&exe);
    }
}

#[test]
fn shared_library_loads() {
    let libdir = library_dir();
    let outdir = libdir.join("c-tests");
    std::fs::create_dir_all(&outdir).unwrap();
    // The library's SONAME is libgraphblas.so.<major>, as an install provides.
    let soname = outdir.join("libgraphblas.so.0");
    let _ = std::fs::remove_file(&soname);
    std::fs::copy(libdir.join("libgraphblas.so"), &soname).unwrap();
    let exe = outdir.join("objects_shared");
    let src = root().join("tests/c/test_objects.c");
    compile(&src, &exe, &["-L", libdir.to_str().unwrap(), "-lgraphblas"]);
    run(&exe, &[("LD_LIBRARY_PATH", &outdir)]);
}
