//! Storage: value arrays and the sparse, hypersparse, bitmap and full formats.

pub mod array;
pub mod build;
pub mod column_blocks;
pub mod compact;
pub mod compressed;
pub mod crc32;
pub mod exchange;
pub mod index;
pub mod iso;
pub mod jumbled;
pub mod kept;
pub mod prefetch;
pub mod ranges;
pub mod serialize;
pub mod sparsity;
pub mod store;
pub mod tile;
pub mod tuple_values;
pub mod tuples;
pub mod uniform;

pub use array::{Array, ArrayElement};
pub use build::{build_compressed, build_single_vector, Dup};
pub use compressed::Compressed;
pub use index::{Idx, IdxSlice, Indices, Position};
pub use iso::{IsoArray, Values};
pub use kept::CompressedRef;
pub use sparsity::Sparsity;
pub use store::{Bitmap, Format, Full, MatrixStore, Orientation};
pub use tuple_values::TupleValues;
