//! Binary operators on one built-in type as typed kernels call them: the
//! [`Op`] trait, zero-sized operators for the monomorphic kernels (fully
//! inlined, with what they read known at compile time) and [`FnOp`], a
//! built-in operator through its function pointer. The product kernels and
//! the write-back's dense folds both use them.

use super::arith::Arith;
use super::cast;

/// A binary operator on one built-in type, as the typed tier calls it.
pub trait Op<T>: Copy + Send + Sync + 'static {
    /// `f(x, y)`.
    fn f(self, x: T, y: T) -> T;

    /// A value `e` with `f(e, x) == x == f(x, e)` bit for bit for every `x`
    /// (NaN and the sign of zero included), when the operator is known to
    /// have one: a fold may then start from `e` instead of its first value.
    fn exact_identity(self) -> Option<T> {
        None
    }

    /// True when `f` is compiled into its caller (a zero-sized operator),
    /// not called through a pointer.
    const INLINE: bool = true;
    /// True when the operator is known to read its first input `x`.
    const READS_X: bool = false;
    /// True when the operator is known to read its second input `y`.
    const READS_Y: bool = false;
    /// True when the operator is known never to read `x`.
    const IGNORES_X: bool = false;
    /// True when the operator is known never to read `y`.
    const IGNORES_Y: bool = false;
    /// True when the operator is known to read both its inputs: a kernel
    /// then reads both without testing which ones it needs.
    const READS_BOTH: bool = Self::READS_X && Self::READS_Y;
    /// True when it is known, for each input, whether the operator reads it.
    const KNOWN_READS: bool =
        (Self::READS_X || Self::IGNORES_X) && (Self::READS_Y || Self::IGNORES_Y);
}

/// Declares zero-sized operators for the monomorphic kernels.
macro_rules! zst_ops {
    ($($(#[$doc:meta])* $name:ident, x: $rx:ident, y: $ry:ident, |$x:ident, $y:ident| $e:expr $(, identity $id:expr)?;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl<T: Arith> Op<T> for $name {
            const READS_X: bool = zst_ops!(@reads $rx);
            const READS_Y: bool = zst_ops!(@reads $ry);
            const IGNORES_X: bool = zst_ops!(@ignores $rx);
            const IGNORES_Y: bool = zst_ops!(@ignores $ry);

            #[inline(always)]
            #[allow(unused_variables)]
            fn f(self, $x: T, $y: T) -> T {
                $e
            }
            $(
                #[inline(always)]
                fn exact_identity(self) -> Option<T> {
                    Some($id)
                }
            )?
        }
    )*};
    (@reads read) => { true };
    (@reads $other:ident) => { false };
    (@ignores ignored) => { true };
    (@ignores $other:ident) => { false };
}

zst_ops! {
    /// `x + y` (exact identity `-0`: `-0.0 + x` is `x` for every float,
    /// where `0.0 + -0.0` is `0.0`; `false` for bool, 0 for integers)
    Plus, x: read, y: read, |x, y| x.add(y), identity T::ZERO.neg();
    /// `x * y`
    Times, x: read, y: read, |x, y| x.mul(y), identity T::ONE;
    /// `min(x, y)`
    Min, x: read, y: read, |x, y| x.min_of(y);
    /// `max(x, y)`
    Max, x: read, y: read, |x, y| x.max_of(y);
    /// `x`
    First, x: read, y: ignored, |x, y| x;
    /// `y`
    Second, x: ignored, y: read, |x, y| y;
    /// `1`
    Oneb, x: ignored, y: ignored, |x, y| T::ONE;
    /// `x or y`
    Lor, x: read, y: read, |x, y| cast::<bool, T>(x.to_bool() | y.to_bool());
    /// `x and y`
    Land, x: read, y: read, |x, y| cast::<bool, T>(x.to_bool() & y.to_bool());
    /// The ANY monoid (the kernels keep the first value; this is never called to combine).
    Any, x: unknown, y: unknown, |x, y| x;
}

/// A built-in operator through its function pointer (the typed tier).
#[derive(Clone, Copy, Debug)]
pub struct FnOp<T>(pub fn(T, T) -> T);

impl<T: Arith> Op<T> for FnOp<T> {
    const INLINE: bool = false;

    #[inline(always)]
    fn f(self, x: T, y: T) -> T {
        (self.0)(x, y)
    }
}
