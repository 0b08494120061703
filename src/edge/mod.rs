//! EDGE: graph algorithms written as extended Einsums (Odemuyiwa, Emer and
//! Owens, "The EDGE Language: Extended General Einsums for Graph
//! Algorithms", 2024), lowered onto the engine's operations.
//!
//! A program declares tensors (rank 0, 1 or 2) with an element type and an
//! optional *empty value* (what an absent point stands for), parameters, and
//! then equations: an index expression on the left, an expression on the
//! right, its *actions* after `::` (map, reduce, populate) and a *filter*
//! after `where`. Loops repeat equations until a condition holds.
//!
//! ```
//! use graphblas::{edge::Program, Matrix};
//! // Two-hop paths counted: Z = A·A over the (plus, times) semiring.
//! let p = Program::parse(
//!     "input A[V, V] : fp64 empty 0
//!      tensor Z[V, V] : fp64 empty 0
//!      Z[m, n] = A[m, k] * A[k, n] :: map(k, times, intersect) reduce(k, plus, union)",
//! )?;
//! let a = Matrix::from_triplets(3, 3, [(0, 1, 1.0), (1, 2, 1.0)])?;
//! let mut run = p.runner();
//! run.matrix_input("A", &a)?;
//! run.run()?;
//! assert_eq!(run.matrix::<f64>("Z")?.triplets()?, vec![(0, 2, 1.0)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Grammar
//!
//! Whitespace and newlines only separate tokens; `#` comments to the end of
//! the line.
//!
//! ```text
//! program     = { declaration | param | output | statement }
//! declaration = ("input" | "tensor") NAME [ "[" [SIZE {"," SIZE}] "]" ] ":" TYPE [ "empty" literal ]
//! param       = "param" NAME ":" TYPE [ "=" literal ]
//! output      = "output" NAME {"," NAME}
//! statement   = equation | loop
//! equation    = access ("=" | "<-") expr { "::" action {action} | "where" condition {"and" condition} }
//! access      = NAME "[" [ index {"," index} ] "]"          (rank 0: NAME[])
//! index       = RANK | access                               (an access: S[I[m]], an indirect index)
//! action      = "map" "(" [RANKS ","] OP ["," MERGE] ")"
//!             | "reduce" "(" RANKS "," OP ["," "union"] ")"
//!             | "populate" "(" OP ")"
//! MERGE       = "intersect" | "union"
//! condition   = access | "!" access | access CMP (expr | "empty") | RANK CMP (RANK [("+"|"-") expr] | expr)
//! loop        = "loop" [COUNTER] ["max" INT] "{" {statement} "}" ["until" stop {"or" stop}]
//! stop        = "empty" "(" NAME ")" | "unchanged" "(" NAME ")" | expr CMP expr
//! expr        = term {("+" | "-") term};  term = unary {("*" | "/") unary}
//! unary       = "-" unary | "(" expr ")" | literal | NAME | access
//! literal     = ["-"] (INT | FLOAT | "inf") | "true" | "false"
//! CMP         = "==" | "!=" | "<" | "<=" | ">" | ">="
//! TYPE        = bool | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | fp32 | fp64
//! ```
//!
//! # Meaning and lowering
//!
//! * `Z[..] = E` makes `Z` hold exactly `E`'s points (within the `where`
//!   filter: `Z<M, replace> = E`); `Z[..] <- E` *populates*: it writes `E`'s
//!   points and keeps the others (`Z<M> = E`), combining with `Z`'s value by
//!   `populate(OP)` when given (`Z<M> OP= E`).
//! * The right side is a value (every point gets it: `assign`), a rank of the
//!   left side (each point gets its coordinate: `apply(ROWINDEX)`), one
//!   tensor (a copy, a transpose when its ranks are in the other order, or
//!   `map(OP)` with a unary operator: `apply`), `S[I[m]]` (`extract` at `I`'s
//!   values), or two operands joined by `+ - * /`, whose operator and merge
//!   `map(...)` may replace (`*`, `/`: `times`, `div`, ∩; `+`, `-`: `plus`,
//!   `minus`, ∪). A tensor with a value is `apply` with the value bound. Two
//!   tensors over the same ranks: `eWiseMult` for ∩; for ∪ `eWiseAdd` when
//!   both empty values are the operator's identity (or either is not
//!   declared: an absent point then passes the other value through), else
//!   `eWiseUnion` with the two empty values. A rank in both operands and not
//!   on the left is *contracted*: `reduce(k, OP)` with `map(k, OP,
//!   intersect)` is the semiring `OP.OP` and the equation `mxm`, `mxv` or
//!   `vxm` (transposes from the rank order). Any other rank not on the left
//!   is reduced after the map (`reduce` to a vector or to a rank-0 tensor).
//! * `where`: a tensor point (`T[i]`, `!T[i]`, `T[i] == empty`, `T[i] != empty`,
//!   `T[i] CMP value`) is the mask — by value, by structure, complemented, or
//!   the structure of a `select` of the points that compare so, complemented
//!   when `T`'s empty value itself passes; one per equation. A condition on
//!   ranks of the left side (`n < m`, `m == source`, `n >= m + 2`) is a select
//!   with a positional operator (`TRIL`, `TRIU`, `DIAG`, `OFFDIAG`, `ROWLE`,
//!   `ROWGT`, `COLLE`, `COLGT`).
//! * Loops: `loop i max 100 { .. } until C` runs the body, then stops when `C`
//!   holds (`empty(T)`: no points; `unchanged(T)`: as at the iteration's
//!   start; a comparison of values and rank-0 tensors) or after 100
//!   iterations. `i` counts iterations from 1 and is a value in the body.
//!
//! Every equation's calls are recorded by the non-blocking engine like the
//! Rust or C API's, so the engine fuses and plans them together; with explain
//! on (`graphblas::set_explain(true)` or `GRB_EXPLAIN=1`) each equation prints
//! its text and its calls before the engine prints its plans.
//!
//! # Empty values and operator properties
//!
//! A declared empty value must agree with the operators that see it,
//! otherwise the program is rejected ([`ErrorKind::Property`]): a reduction's
//! result is empty where no term exists, so the target's empty value must be
//! the reduce operator's identity; an intersection skips points where an
//! operand is empty, so that operand's empty value must annihilate the map
//! (`0` for `times`, `inf` for `plus` on reals, `false` for `land`, any value
//! in `first`'s first place — checked on sample values) giving the result's
//! empty value; a union's points empty in both operands must map to the
//! result's empty value. User-defined operators and monoids given to
//! [`Program::parse_with`] ([`Operators`]) are checked the same way (their
//! identity is the monoid's, their annihilators found by evaluating them). A
//! tensor declared without an empty value is a set of
//! points: nothing is checked against it. Constructs with no engine operation
//! (tensors of rank 3, a contraction merged by union, broadcasting, two
//! masks, conditions on reduced ranks, ...) are rejected as
//! [`ErrorKind::Unsupported`] with the reason, never computed another way.

mod ast;
mod error;
mod exec;
mod filter;
mod ir;
mod lex;
mod lower;
mod operators;
mod parse;
mod product;
mod run;
mod single;

pub use error::{Error, ErrorKind, Span};
pub use operators::Operators;
pub use run::Runner;

use ir::{Names, Step};

/// A parsed and lowered EDGE program.
pub struct Program {
    text: String,
    lowering: lower::Lowering,
}

impl Program {
    /// Parses and lowers `text`; errors point at the offending token.
    pub fn parse(text: &str) -> Result<Program, Error> {
        Program::parse_with(text, &Operators::new())
    }

    /// [`parse`](Self::parse), with user-defined operators the program may name.
    pub fn parse_with(text: &str, operators: &Operators) -> Result<Program, Error> {
        let ast = parse::parse(text).map_err(|e| e.in_source(text))?;
        let lowering = lower::lower(&ast, operators).map_err(|e| e.in_source(text))?;
        Ok(Program {
            text: text.to_string(),
            lowering,
        })
    }

    /// A new run: bind its inputs and parameters, then [`Runner::run`].
    pub fn runner(&self) -> Runner<'_> {
        Runner::new(self)
    }

    /// The input tensors, in the order declared.
    pub fn inputs(&self) -> Vec<&str> {
        let l = &self.lowering;
        l.tensors
            .iter()
            .filter(|t| t.input)
            .map(|t| t.name.as_str())
            .collect()
    }

    /// The tensors named by `output` lines, in order.
    pub fn outputs(&self) -> Vec<&str> {
        let l = &self.lowering;
        l.outputs
            .iter()
            .map(|&t| l.tensors[t].name.as_str())
            .collect()
    }

    /// The rank (0, 1 or 2) of tensor `name`, if there is one.
    pub fn rank(&self, name: &str) -> Option<usize> {
        let l = &self.lowering;
        l.tensors
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.shape.len())
    }

    /// Every equation and the engine calls it lowers to, one per line:
    /// `line N: EQUATION` then the calls, indented (`t1, t2, …` are the
    /// equation's temporaries).
    pub fn lowering(&self) -> String {
        let mut out = String::new();
        self.describe(&self.lowering.body, 0, &mut out);
        out
    }

    fn describe(&self, steps: &[Step], depth: usize, out: &mut String) {
        let pad = "  ".repeat(depth);
        let names = Names(&self.lowering.tensors);
        for s in steps {
            match s {
                Step::Equation(eq) => {
                    out.push_str(&format!("{pad}line {}: {}\n", eq.span.line, eq.text));
                    for ins in &eq.instrs {
                        out.push_str(&format!("{pad}    {}\n", names.instr(ins)));
                    }
                }
                Step::Loop(l) => {
                    let max = l.max.map(|m| format!(" max {m}")).unwrap_or_default();
                    out.push_str(&format!("{pad}line {}: loop{max}\n", l.span.line));
                    self.describe(&l.body, depth + 1, out);
                }
            }
        }
    }
}
