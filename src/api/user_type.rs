//! User-defined element types: any plain-data Rust type (`bytemuck::Pod`)
//! with a name. [`user_type!`](crate::user_type) declares one in a single
//! step; or derive `Pod` yourself and implement [`UserType`].

use super::value::ValueType;
use crate::algebra::Type;
use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// A user-defined element type: plain data (`bytemuck::Pod`: `Copy`, no
/// padding, every bit pattern valid) with a name. Every `UserType` is a
/// [`ValueType`], so `Matrix<T>`, `Vector<T>` and `Scalar<T>` hold it, and
/// operators on it are Rust closures ([`BinaryOp::new`](super::BinaryOp::new), …).
///
/// The shortest way is the [`user_type!`](crate::user_type) macro; by hand:
///
/// ```
/// use graphblas::{Matrix, UserType};
/// #[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
/// #[repr(C)]
/// struct Complex { re: f64, im: f64 }
/// impl UserType for Complex { const NAME: &'static str = "Complex"; }
///
/// let m = Matrix::<Complex>::new(2, 2)?;
/// m.set(0, 1, Complex { re: 1.0, im: -1.0 })?;
/// assert_eq!(m.get(0, 1)?, Some(Complex { re: 1.0, im: -1.0 }));
/// # Ok::<(), graphblas::Error>(())
/// ```
pub trait UserType: bytemuck::Pod + Send + Sync {
    /// The type's name, reported to C as its type name.
    const NAME: &'static str;
}

/// One engine type per Rust user type, so that two matrices of the same Rust
/// type have the same GraphBLAS type.
fn user_type_of<T: UserType>() -> Type {
    static REGISTRY: OnceLock<Mutex<HashMap<TypeId, Type>>> = OnceLock::new();
    let map = REGISTRY.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = map.lock().unwrap_or_else(|e| e.into_inner());
    map.entry(TypeId::of::<T>())
        .or_insert_with(|| Type::user(T::NAME, std::mem::size_of::<T>()))
        .clone()
}

impl<T: UserType> ValueType for T {
    fn graphblas_type() -> Type {
        user_type_of::<T>()
    }
    fn from_bytes(bytes: &[u8]) -> Self {
        bytemuck::pod_read_unaligned(bytes)
    }
    fn write_bytes(&self, out: &mut [u8]) {
        out.copy_from_slice(bytemuck::bytes_of(self))
    }
}

/// Declares a user-defined element type: the struct, made `Copy`, `#[repr(C)]`
/// and plain data (the `bytemuck` derives, checked at compile time: every field
/// must be plain data and the struct must have no padding), and its
/// [`UserType`] implementation named after it. No dependency on `bytemuck` is
/// needed in the calling crate.
///
/// ```
/// use graphblas::{prelude::*, BinaryOp, Matrix, Monoid, Semiring};
/// graphblas::user_type! {
///     /// A tropical number with a hop count.
///     #[derive(Debug, PartialEq)]
///     pub struct Path { pub length: f64, pub hops: u64 }
/// }
/// let add = BinaryOp::new("shorter", |a: Path, b: Path| if b.length < a.length { b } else { a });
/// let none = Path { length: f64::INFINITY, hops: 0 };
/// let extend = BinaryOp::new("extend", |a: Path, b: Path| Path {
///     length: a.length + b.length,
///     hops: a.hops + b.hops,
/// });
/// let shortest = Semiring::new(Monoid::new(add, none)?, extend)?;
/// let edge = |length| Path { length, hops: 1 };
/// let a = Matrix::from_triplets(3, 3, [(0, 1, edge(1.0)), (1, 2, edge(2.0)), (0, 2, edge(5.0))])?;
/// let two_hops = a.mxm(&a, shortest).eval()?;
/// assert_eq!(two_hops.get(0, 2)?, Some(Path { length: 3.0, hops: 2 }));
/// # Ok::<(), graphblas::Error>(())
/// ```
#[macro_export]
macro_rules! user_type {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($fields:tt)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, $crate::bytemuck::Pod, $crate::bytemuck::Zeroable)]
        #[bytemuck(crate = "graphblas::bytemuck")]
        #[repr(C)]
        $vis struct $name { $($fields)* }
        $crate::user_type!(@impl $name);
    };
    ($(#[$meta:meta])* $vis:vis struct $name:ident ( $($fields:tt)* );) => {
        $(#[$meta])*
        #[derive(Clone, Copy, $crate::bytemuck::Pod, $crate::bytemuck::Zeroable)]
        #[bytemuck(crate = "graphblas::bytemuck")]
        #[repr(C)]
        $vis struct $name ( $($fields)* );
        $crate::user_type!(@impl $name);
    };
    (@impl $name:ident) => {
        impl $crate::UserType for $name {
            const NAME: &'static str = stringify!($name);
        }
    };
}
