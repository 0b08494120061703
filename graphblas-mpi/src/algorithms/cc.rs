//! Connected components by FastSV, as `lagraph_ports::cc`: every vertex
//! keeps a parent `f` (initially itself) and its grandparent `gp = f(f)`;
//! each round hooks parents to the smallest grandparent among the
//! neighbours (`mngp = A min.second gp`: stochastic hooking
//! `f(f(i)) = min(f(f(i)), mngp(i))`, aggressive hooking `f = min(f, mngp)`),
//! shortcuts (`f = min(f, gp)`), and stops when the grandparents no longer
//! change. Every vertex ends with the smallest vertex id of its component.

use crate::{DistMatrix, DistVector};
use graphblas::{binary, index, monoid, semiring, Result, ValueType};

/// The component label of every vertex of the undirected graph `a`
/// (collective).
pub fn components<A: ValueType>(a: &DistMatrix<A>) -> Result<DistVector<i64>> {
    let (grid, n) = (a.grid(), a.shape().0);
    let f = DistVector::<i64>::filled(grid, n, 0)?;
    f.output().apply_index(&f, index::row_index::<i64>(), 0)?;
    let mut gp = DistVector::new(grid, n)?;
    gp.output().assign(&f)?;
    loop {
        let mngp = DistVector::<i64>::new(grid, n)?;
        mngp.output().mxv(a, &gp, semiring::min_second::<i64>())?;
        // Stochastic hooking: each vertex proposes mngp(i) to its parent f(i)
        // (vertex ids are not negative: -1 marks no proposal).
        let proposed = mngp.local().to_dense(-1)?;
        let proposals = f
            .local()
            .pairs()?
            .into_iter()
            .map(|(i, parent)| (parent as u64, proposed[i as usize]))
            .filter(|&(_, x)| x >= 0);
        let hooks = DistVector::from_pairs(grid, n, proposals, binary::min())?;
        f.output().accum(binary::min()).assign(&hooks)?;
        // Aggressive hooking and shortcutting.
        f.output().accum(binary::min()).assign(&mngp)?;
        f.output().accum(binary::min()).assign(&gp)?;
        // The new grandparents, gp = f(f).
        let next = f.extract_at(&f)?;
        let changed = DistVector::<bool>::new(grid, n)?;
        changed
            .output()
            .ewise_mult(&next, &gp, binary::ne::<i64>())?;
        gp = next;
        if !changed.reduce(monoid::lor())? {
            break;
        }
    }
    Ok(f)
}
