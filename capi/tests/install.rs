//! `scripts/install` puts a working library into a prefix: a C program builds
//! and runs against it through pkg-config and through CMake's
//! `find_package(GraphBLAS)` (target `SuiteSparse::GraphBLAS`, shared and static),
//! with its debug information apart or left out.
//! Each check is skipped, with a message, when its tool is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run command");
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Installs the debug build into `target/<dir>` with the extra `options`.
fn install(dir: &str, options: &[&str]) -> PathBuf {
    let prefix = root().join("target").join(dir);
    let _ = std::fs::remove_dir_all(&prefix);
    run(Command::new(root().join("scripts/install"))
        .arg("--debug")
        .args(options)
        .arg(&prefix));
    for f in [
        "lib/libgraphblas.so",
        "lib/libgraphblas.a",
        "include/GraphBLAS.h",
        "lib/pkgconfig/graphblas.pc",
        "lib/cmake/GraphBLAS/GraphBLASConfig.cmake",
    ] {
        assert!(prefix.join(f).exists(), "{f} not installed");
    }
    prefix
}

#[test]
fn installed_library_builds_with_pkg_config_and_cmake() {
    let prefix = install("install-test", &[]);
    let soname = run(Command::new("objdump")
        .arg("-p")
        .arg(prefix.join("lib/libgraphblas.so")));
    assert!(
        soname.contains("SONAME               libgraphblas.so.0"),
        "no SONAME: {soname}"
    );
    let hello = root().join("examples/c/hello.c");
    let lib = prefix.join("lib");

    if have("pkg-config") {
        let flags = run(Command::new("pkg-config")
            .args(["--cflags", "--libs", "graphblas"])
            .env("PKG_CONFIG_PATH", lib.join("pkgconfig")));
        let exe = prefix.join("hello-pkgconfig");
        run(Command::new("gcc")
            .args(["-std=c11", "-Wall", "-Werror"])
            .arg(&hello)
            .arg("-o")
            .arg(&exe)
            .args(flags.split_whitespace()));
        let out = run(Command::new(&exe).env("LD_LIBRARY_PATH", &lib));
        assert!(out.contains("A: 3 x 4, 5 entries"), "{out}");
    } else {
        eprintln!("SKIPPED: pkg-config is not installed");
    }

    if have("cmake") {
        let build = prefix.join("cmake-build");
        run(Command::new("cmake")
            .arg("-S")
            .arg(root().join("examples/c/cmake"))
            .arg("-B")
            .arg(&build)
            .arg(format!("-DGraphBLAS_ROOT={}", prefix.display())));
        run(Command::new("cmake").arg("--build").arg(&build));
        for exe in ["hello", "hello_static"] {
            let out = run(Command::new(build.join(exe)).env("LD_LIBRARY_PATH", &lib));
            assert!(out.contains("A': 4 x 3, 5 entries"), "{out}");
        }
    } else {
        eprintln!("SKIPPED: cmake is not installed");
    }
}

/// The installed shared library carries no debug information; with
/// `--with-debug-info` that goes to `lib/debug/`, named by the library's
/// debug link.
#[test]
fn debug_information_is_installed_apart_only_when_asked() {
    if !have("readelf") {
        eprintln!("SKIPPED: readelf is not installed");
        return;
    }
    let version = env!("CARGO_PKG_VERSION");
    for kept in [false, true] {
        let options: &[&str] = if kept { &["--with-debug-info"] } else { &[] };
        let lib = install("install-test-debug-info", options).join("lib");
        let so = lib.join(format!("libgraphblas.so.{version}"));
        let sections = run(Command::new("readelf").arg("-S").arg(&so));
        assert!(!sections.contains(".debug_"), "{sections}");
        assert_eq!(sections.contains(".gnu_debuglink"), kept, "{sections}");
        let debug = lib.join(format!("debug/libgraphblas.so.{version}.debug"));
        assert_eq!(debug.exists(), kept, "{}", debug.display());
    }
}
