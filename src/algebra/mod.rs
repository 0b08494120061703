//! The algebra: element types, typecasting, operators, monoids and semirings.

pub mod arith;
pub mod binary;
pub mod complex;
pub mod element;
pub mod indexunary;
pub mod monoid;
pub mod position;
pub mod semiring;
pub mod typed_op;
pub mod types;
pub mod unary;
pub mod value;

pub use binary::{BinaryCode, BinaryKind, BinaryOp, ByteBinaryFn};
pub use element::{cast, Element};
pub use indexunary::{ByteIndexFn, IndexUnaryCode, IndexUnaryKind, IndexUnaryOp};
pub use monoid::Monoid;
pub use position::Position;
pub use semiring::Semiring;
pub use types::{Type, TypeCode};
pub use unary::{ByteUnaryFn, UnaryCode, UnaryKind, UnaryOp};
pub use value::Value;
