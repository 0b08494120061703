//! The vector forms of operations: a vector is an `n × 1` matrix stored by
//! column, so a vector operation is the matrix operation on its matrices.

use crate::object::{Descriptor, Matrix, Vector};

/// The matrix arguments of a vector operation: the mask as a matrix and the
/// descriptor without transposes (they do not apply to vectors).
pub fn vector_args<'a>(
    mask: Option<&'a Vector>,
    desc: &Descriptor,
) -> (Option<&'a Matrix>, Descriptor) {
    let desc = Descriptor {
        transpose_first: false,
        transpose_second: false,
        ..*desc
    };
    (mask.map(Vector::as_matrix), desc)
}
