//! Gives the shared library a SONAME with the major version, as installed
//! libraries need (`libgraphblas.so.0`), and records the compiler's version
//! (`GxB_COMPILER_VERSION`).
fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.split_whitespace().nth(1).map(String::from))
        .unwrap_or_default();
    println!("cargo:rustc-env=GRAPHBLAS_RUSTC_VERSION={version}");
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_else(|_| "0".into());
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libgraphblas.so.{major}");
    }
}
