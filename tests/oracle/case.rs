//! A random output context for one operation: the output `C`, a mask, an
//! accumulator and a descriptor, each in a random layout; `check` runs the
//! engine in it and compares with the spec's write-back of the model's `T`.

use super::*;
use graphblas::Result;

/// The output side of an operation.
#[derive(Clone, Debug)]
pub struct Case {
    pub c: OMatrix,
    pub m: OMatrix,
    pub use_mask: bool,
    pub accum: Option<BinaryOp>,
    pub desc: Descriptor,
    pub lc: Layout,
    pub lm: Layout,
}

/// Accumulators with various types (including one with a boolean result).
pub fn arb_accum() -> BoxedStrategy<Option<BinaryOp>> {
    use graphblas::raw::algebra::BinaryCode;
    prop_oneof![
        Just(None),
        Just(BinaryOp::builtin(BinaryCode::Plus, TypeCode::Int32)),
        Just(BinaryOp::builtin(BinaryCode::Minus, TypeCode::Fp64)),
        Just(BinaryOp::builtin(BinaryCode::Second, TypeCode::Int8)),
        Just(BinaryOp::builtin(BinaryCode::Lt, TypeCode::Int16)),
    ]
    .boxed()
}

/// A random output context for an `nrows × ncols` result.
pub fn arb_case(nrows: u64, ncols: u64, max_nnz: usize) -> BoxedStrategy<Case> {
    (
        arb_type().prop_flat_map(move |t| arb_matrix_dims(t, nrows, ncols, max_nnz)),
        arb_type().prop_flat_map(move |t| arb_matrix_dims(t, nrows, ncols, max_nnz)),
        any::<bool>(),
        arb_accum(),
        arb_descriptor(),
        arb_layout(),
        arb_layout(),
    )
        .prop_map(|(c, m, use_mask, accum, desc, lc, lm)| Case {
            c,
            m,
            use_mask,
            accum,
            desc,
            lc,
            lm,
        })
        .boxed()
}

impl Case {
    /// The expected content of `C` when the operation computes `t`.
    pub fn expected(&self, t: &OMatrix) -> OMatrix {
        write_desc(
            &self.c,
            self.use_mask.then_some(&self.m),
            self.accum.as_ref(),
            &self.desc,
            t,
        )
    }

    /// Runs a matrix operation `run(C, mask, accum, desc)` and checks `C` against the model's `t`.
    pub fn check(
        &self,
        t: &OMatrix,
        run: impl FnOnce(&Matrix, Option<&Matrix>, Option<&BinaryOp>, &Descriptor) -> Result<()>,
    ) {
        let cm = self.c.matrix(self.lc);
        let mm = self.m.matrix(self.lm);
        run(
            &cm,
            self.use_mask.then_some(&mm),
            self.accum.as_ref(),
            &self.desc,
        )
        .unwrap();
        assert_matches(&cm, &self.expected(t), 1e-12);
        cm.snapshot().unwrap().check().unwrap();
    }

    /// As [`Case::check`] for a vector operation (`C` and the mask are `n × 1`).
    pub fn check_vector(
        &self,
        t: &OMatrix,
        run: impl FnOnce(&Vector, Option<&Vector>, Option<&BinaryOp>, &Descriptor) -> Result<()>,
    ) {
        let w = self.c.vector(self.lc);
        let mv = self.m.vector(self.lm);
        run(
            &w,
            self.use_mask.then_some(&mv),
            self.accum.as_ref(),
            &self.desc,
        )
        .unwrap();
        assert_matches(w.as_matrix(), &self.expected(t), 1e-12);
    }
}
