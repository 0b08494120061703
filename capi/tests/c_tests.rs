//! Compiles every C program in `capi/tests/c/` with `-std=c11 -Wall -Wextra -Werror
//! -pedantic` against `include/GraphBLAS.h` and the static library, runs it,
//! and requires exit status 0. One program is also linked against the shared
//! library to check that it loads. The header checks (`capi/tests/c/header/`) are
//! built both as C11 and as C++17.

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

/// A compiler and its language standard.
#[derive(Clone, Copy)]
enum Language {
    C11,
    Cpp17,
}

fn compile(source: &Path, out: &Path, lib: &[&str]) {
    compile_as(Language::C11, source, out, lib)
}

fn compile_as(language: Language, source: &Path, out: &Path, lib: &[&str]) {
    let include = root().join("include");
    let mut cmd = match language {
        Language::C11 => Command::new("gcc"),
        Language::Cpp17 => Command::new("g++"),
    };
    cmd.args(match language {
        Language::C11 => ["-std=c11", "-x", "c"],
        Language::Cpp17 => ["-std=c++17", "-x", "c++"],
    });
    cmd.args(["-Wall", "-Wextra", "-Werror", "-pedantic", "-O1", "-g"])
        .arg("-I")
        .arg(&include)
        .arg(source)
        .args(["-x", "none"])
        .arg("-o")
        .arg(out)
        .args(lib)
        .args(["-lpthread", "-ldl", "-lm"]);
    let status = cmd.status().expect("run the compiler");
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
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root().join("capi/tests/c"))
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
    let src = root().join("capi/tests/c/test_objects.c");
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
/// The header checks: `leaked_names.c` (no unprefixed name is defined) and
/// `spec_prototypes.c` (every spec function has the spec's prototype), each
/// compiled as C11 and as C++17 with every warning an error, linked and run.
#[test]
fn header_compiles_as_c11_and_cpp17() {
    let libdir = library_dir();
    let staticlib = libdir.join("libgraphblas.a");
    let outdir = libdir.join("c-tests");
    std::fs::create_dir_all(&outdir).unwrap();
    for name in ["leaked_names", "spec_prototypes"] {
        let src = root().join("capi/tests/c/header").join(format!("{name}.c"));
        for (language, suffix) in [(Language::C11, "c"), (Language::Cpp17, "cpp")] {
            let exe = outdir.join(format!("header_{name}_{suffix}"));
            compile_as(language, &src, &exe, &[staticlib.to_str().unwrap()]);
            run(&exe, &[]);
            let _ = std::fs::remove_file(&exe);
        }
    }
}

/// `spec_prototypes.c` checks every function of `docs/spec-functions.txt`.
#[test]
fn spec_prototype_check_covers_every_spec_function() {
    let list = std::fs::read_to_string(root().join("docs/spec-functions.txt")).unwrap();
    let checks =
        std::fs::read_to_string(root().join("capi/tests/c/header/spec_prototypes.c")).unwrap();
    let missing: Vec<&str> = list
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter(|name| !checks.contains(&format!("CHECK({name}, (")))
        .collect();
    assert!(missing.is_empty(), "no prototype check for {missing:?}");
}

/// Every macro the header defines has a GraphBLAS prefix: the macros defined
/// after `#include <GraphBLAS.h>` but not after the C library headers it
/// includes (read with `gcc -E -dM`).
#[test]
fn header_defines_only_prefixed_macros() {
    // The C library headers GraphBLAS.h includes, as it lists them.
    let header = std::fs::read_to_string(root().join("include/GraphBLAS.h")).unwrap();
    let headers: Vec<&str> = header
        .lines()
        .filter_map(|l| l.strip_prefix("#include <")?.strip_suffix('>'))
        // C++'s <complex>, included under `__cplusplus` only.
        .filter(|h| h.ends_with(".h"))
        .collect();
    assert!(headers.contains(&"stdint.h"));
    let macros = |with_graphblas: bool| -> std::collections::BTreeSet<String> {
        let mut cmd = Command::new("gcc");
        cmd.args(["-std=c11", "-E", "-dM", "-x", "c", "-I"])
            .arg(root().join("include"));
        for h in &headers {
            cmd.args(["-include", h]);
        }
        if with_graphblas {
            cmd.args(["-include", "GraphBLAS.h"]);
        }
        let out = cmd.arg("/dev/null").output().expect("run gcc");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.strip_prefix("#define "))
            .map(|l| l.split([' ', '(']).next().unwrap().to_string())
            .collect()
    };
    let system = macros(false);
    let prefixes = ["GrB_", "GxB_", "GB_", "GRB_", "GRAPHBLAS"];
    let unprefixed: Vec<String> = macros(true)
        .difference(&system)
        .filter(|m| !prefixes.iter().any(|p| m.starts_with(p)))
        // glibc's stdarg.h bookkeeping, left over from an earlier include.
        .filter(|m| !m.starts_with("__need"))
        .cloned()
        .collect();
    assert!(unprefixed.is_empty(), "GraphBLAS.h defines {unprefixed:?}");
}
