//! Gives the shared library a SONAME with the major version, as installed
//! libraries need (`libgraphblas.so.0`).
fn main() {
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_else(|_| "0".into());
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libgraphblas.so.{major}");
    }
}
