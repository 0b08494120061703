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

extern "C" {
    fn dlopen(filename: *const std::ffi::c_char, flags: std::ffi::c_int) -> *mut std::ffi::c_void;
    fn dlsym(
        handle: *mut std::ffi::c_void,
        symbol: *const std::ffi::c_char,
    ) -> *mut std::ffi::c_void;
}

/// Every predefined operator, monoid and semiring the header declares
/// (SuiteSparse's GxB families included) builds, and `GrB_get(obj, name,
/// GrB_NAME)` reports a predefined name of its kind: its own, or the spec's
/// name of the same object (SuiteSparse's historical GxB aliases, such as
/// `GxB_PLUS_TIMES_INT32` for `GrB_PLUS_TIMES_SEMIRING_INT32`).
#[test]
fn predefined_objects_report_their_names() {
    use std::collections::{BTreeMap, BTreeSet};
    use std::ffi::{c_char, c_int, c_void, CStr, CString};
    let libdir = library_dir();
    let header = std::fs::read_to_string(root().join("include/GraphBLAS.h")).unwrap();
    let kinds = ["UnaryOp", "BinaryOp", "IndexUnaryOp", "Monoid", "Semiring"];
    let mut names: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for line in header.lines() {
        let Some(decl) = line.strip_prefix("extern GrB_") else {
            continue;
        };
        let (kind, name) = decl.trim_end_matches(';').split_once(' ').unwrap();
        if kinds.contains(&kind) {
            names.entry(kind).or_default().insert(name);
        }
    }
    assert!(
        names["Semiring"].len() > 1600,
        "the GxB semirings are declared"
    );
    let path = CString::new(libdir.join("libgraphblas.so").to_str().unwrap()).unwrap();
    let sym = |lib: *mut c_void, name: &str| {
        let name = CString::new(name).unwrap();
        let p = unsafe { dlsym(lib, name.as_ptr()) };
        assert!(!p.is_null(), "{name:?} is not exported");
        p
    };
    unsafe {
        // RTLD_NOW | RTLD_LOCAL: a private copy of the library.
        let lib = dlopen(path.as_ptr(), 2);
        assert!(!lib.is_null(), "dlopen libgraphblas.so");
        let init: extern "C" fn(c_int) -> c_int = std::mem::transmute(sym(lib, "GrB_init"));
        assert_eq!(init(1), 0, "GrB_init(GrB_BLOCKING)");
        type GetString = extern "C" fn(*mut c_void, *mut c_char, c_int) -> c_int;
        for (kind, objects) in &names {
            let get: GetString = std::mem::transmute(sym(lib, &format!("GrB_{kind}_get_String")));
            for name in objects {
                let handle = *(sym(lib, name) as *const *mut c_void);
                let mut buf = [0 as c_char; 256];
                // GrB_NAME is 10.
                assert_eq!(get(handle, buf.as_mut_ptr(), 10), 0, "GrB_get of {name}");
                let got = CStr::from_ptr(buf.as_ptr()).to_str().unwrap();
                assert!(
                    got == *name || objects.contains(got),
                    "{name} reports the name {got}"
                );
            }
        }
    }
}
