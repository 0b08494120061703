//! `Descriptor`: the modifiers of an operation (replace, mask kind, input transposes).

use crate::error::Result;
use crate::fail;

/// `GrB_OUTP`
pub const FIELD_OUTP: i32 = 0;
/// `GrB_MASK`
pub const FIELD_MASK: i32 = 1;
/// `GrB_INP0`
pub const FIELD_INP0: i32 = 2;
/// `GrB_INP1`
pub const FIELD_INP1: i32 = 3;

/// `GrB_DEFAULT`
pub const VALUE_DEFAULT: i32 = 0;
/// `GrB_REPLACE`
pub const VALUE_REPLACE: i32 = 1;
/// `GrB_COMP`
pub const VALUE_COMP: i32 = 2;
/// `GrB_TRAN`
pub const VALUE_TRAN: i32 = 3;
/// `GrB_STRUCTURE`
pub const VALUE_STRUCTURE: i32 = 4;
/// `GrB_COMP_STRUCTURE`
pub const VALUE_COMP_STRUCTURE: i32 = 6;

/// The settings of a descriptor. The default is "no modifiers".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Descriptor {
    /// Clear the output before writing (`GrB_OUTP = GrB_REPLACE`).
    pub replace: bool,
    /// Use the complement of the mask (`GrB_COMP`).
    pub mask_complement: bool,
    /// Use only the structure of the mask (`GrB_STRUCTURE`).
    pub mask_structural: bool,
    /// Transpose the first input (`GrB_INP0 = GrB_TRAN`).
    pub transpose_first: bool,
    /// Transpose the second input (`GrB_INP1 = GrB_TRAN`).
    pub transpose_second: bool,
}

impl Descriptor {
    /// Applies `GrB_Descriptor_set(desc, field, value)`; unknown fields or values
    /// that do not apply to the field give `GrB_INVALID_VALUE`.
    pub fn set(&mut self, field: i32, value: i32) -> Result<()> {
        match (field, value) {
            (FIELD_OUTP, VALUE_DEFAULT) => self.replace = false,
            (FIELD_OUTP, VALUE_REPLACE) => self.replace = true,
            (FIELD_MASK, VALUE_DEFAULT) => {
                self.mask_complement = false;
                self.mask_structural = false;
            }
            (FIELD_MASK, VALUE_COMP) => self.mask_complement = true,
            (FIELD_MASK, VALUE_STRUCTURE) => self.mask_structural = true,
            (FIELD_MASK, VALUE_COMP_STRUCTURE) => {
                self.mask_complement = true;
                self.mask_structural = true;
            }
            (FIELD_INP0, VALUE_DEFAULT) => self.transpose_first = false,
            (FIELD_INP0, VALUE_TRAN) => self.transpose_first = true,
            (FIELD_INP1, VALUE_DEFAULT) => self.transpose_second = false,
            (FIELD_INP1, VALUE_TRAN) => self.transpose_second = true,
            (FIELD_OUTP..=FIELD_INP1, v) => {
                fail!(
                    InvalidValue,
                    "descriptor value {v} does not apply to field {field}"
                )
            }
            (f, _) => fail!(InvalidValue, "unknown descriptor field {f}"),
        }
        Ok(())
    }

    /// The current value of a field, as `GrB_Descriptor_get` reports it.
    pub fn get(&self, field: i32) -> Result<i32> {
        Ok(match field {
            FIELD_OUTP => {
                if self.replace {
                    VALUE_REPLACE
                } else {
                    VALUE_DEFAULT
                }
            }
            FIELD_MASK => match (self.mask_complement, self.mask_structural) {
                (false, false) => VALUE_DEFAULT,
                (true, false) => VALUE_COMP,
                (false, true) => VALUE_STRUCTURE,
                (true, true) => VALUE_COMP_STRUCTURE,
            },
            FIELD_INP0 => {
                if self.transpose_first {
                    VALUE_TRAN
                } else {
                    VALUE_DEFAULT
                }
            }
            FIELD_INP1 => {
                if self.transpose_second {
                    VALUE_TRAN
                } else {
                    VALUE_DEFAULT
                }
            }
            f => fail!(InvalidValue, "unknown descriptor field {f}"),
        })
    }

    /// A predefined descriptor from its suffix, e.g. `"RSCT0"` for `GrB_DESC_RSCT0`
    /// (letters R, S, C, then T0 and/or T1, in that order).
    pub fn predefined(suffix: &str) -> Option<Descriptor> {
        let mut d = Descriptor::default();
        let mut rest = suffix;
        if let Some(r) = rest.strip_prefix('R') {
            d.replace = true;
            rest = r;
        }
        if let Some(r) = rest.strip_prefix('S') {
            d.mask_structural = true;
            rest = r;
        }
        if let Some(r) = rest.strip_prefix('C') {
            d.mask_complement = true;
            rest = r;
        }
        if let Some(r) = rest.strip_prefix("T0") {
            d.transpose_first = true;
            rest = r;
        }
        if let Some(r) = rest.strip_prefix("T1") {
            d.transpose_second = true;
            rest = r;
        }
        (rest.is_empty() && !suffix.is_empty()).then_some(d)
    }

    /// The suffixes of all 31 predefined descriptors (`GrB_DESC_<suffix>`).
    pub const PREDEFINED: [&'static str; 31] = [
        "T1", "T0", "T0T1", "C", "CT1", "CT0", "CT0T1", "S", "ST1", "ST0", "ST0T1", "SC", "SCT1",
        "SCT0", "SCT0T1", "R", "RT1", "RT0", "RT0T1", "RC", "RCT1", "RCT0", "RCT0T1", "RS", "RST1",
        "RST0", "RST0T1", "RSC", "RSCT1", "RSCT0", "RSCT0T1",
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_and_get() {
        let mut d = Descriptor::default();
        d.set(FIELD_MASK, VALUE_COMP).unwrap();
        d.set(FIELD_MASK, VALUE_STRUCTURE).unwrap();
        assert_eq!(d.get(FIELD_MASK).unwrap(), VALUE_COMP_STRUCTURE);
        d.set(FIELD_INP1, VALUE_TRAN).unwrap();
        assert!(d.transpose_second);
        assert!(d.set(FIELD_OUTP, VALUE_TRAN).is_err());
        assert!(d.set(99, VALUE_DEFAULT).is_err());
        d.set(FIELD_MASK, VALUE_DEFAULT).unwrap();
        assert!(!d.mask_complement && !d.mask_structural);
    }

    #[test]
    fn predefined_names() {
        for name in Descriptor::PREDEFINED {
            assert!(Descriptor::predefined(name).is_some(), "{name}");
        }
        let d = Descriptor::predefined("RSCT0").unwrap();
        assert!(d.replace && d.mask_structural && d.mask_complement && d.transpose_first);
        assert!(!d.transpose_second);
        assert!(Descriptor::predefined("X").is_none());
    }
}
