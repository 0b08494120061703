//! Unit tests of [`Array`](super::Array).

use super::*;

#[test]
fn typed_and_byte_views_agree() {
    let a = Array::from_vec(vec![1.5f64, -2.0, 3.25]);
    assert_eq!(a.len(), 3);
    assert_eq!(a.get_bytes(1), &(-2.0f64).to_ne_bytes());
    let b = Array::from_bytes(&Type::FP64, a.bytes());
    assert_eq!(a, b);
    let g = a.gather(&[2usize, 0]);
    assert_eq!(g.as_slice::<f64>().unwrap(), &[3.25, 1.5]);
    let c = a.cast(&Type::INT16);
    assert_eq!(c.as_slice::<i16>().unwrap(), &[1, -2, 3]);
}

#[test]
fn user_defined_arrays() {
    let t = Type::user("triple", 3);
    let mut a = Array::new(&t);
    a.push_bytes(&[1, 2, 3]);
    a.push_bytes(&[4, 5, 6]);
    assert_eq!(a.len(), 2);
    assert_eq!(a.bytes(), &[1, 2, 3, 4, 5, 6]);
    let g = a.gather(&[1usize, 1, 0]);
    assert_eq!(g.bytes(), &[4, 5, 6, 4, 5, 6, 1, 2, 3]);
    let mut b = Array::new(&t);
    b.extend_from(&a, 1..2);
    assert_eq!(b.bytes(), &[4, 5, 6]);
    assert_eq!(a.bytes().as_ptr() as usize % 16, 0);
    let f = Array::filled(&Value::from_bytes(&t, &[9, 9, 9]), 2).unwrap();
    assert_eq!(f.bytes(), &[9; 6]);
}

#[test]
fn iso_arrays_keep_one_value_through_rearranging() {
    let mut a = Array::from_vec(vec![2.5f64; 6]);
    a.make_iso_if_uniform();
    assert_eq!(a.iso().map(|iso| iso.value::<f64>()), Some(Some(2.5)));
    assert_eq!((a.len(), a.heap_bytes()), (6, 8));
    assert_eq!(a, Array::from_vec(vec![2.5f64; 6]));
    for derived in [
        a.gather(&[5usize, 0, 3]),
        a.slice(1..4),
        a.copy_ranges(&[0..1, 3..5]),
        Array::concat(&Type::FP64, &[&a.slice(0..1), &a.slice(2..4)]).unwrap(),
    ] {
        assert!(derived.iso().is_some(), "{derived:?}");
        assert_eq!(derived, Array::from_vec(vec![2.5f64; 3]));
    }
    let c = a.cast(&Type::INT32);
    assert_eq!(c.iso().and_then(|iso| iso.value::<i32>()), Some(2));
    assert_eq!(c.get_as::<f64>(4), 2.0);
    // Read as a slice, the values are expanded once and kept.
    assert_eq!(a.as_slice::<f64>().unwrap(), &[2.5; 6]);
    assert_eq!(a.heap_bytes(), 8 + 48);
    // Different values end the iso form; equal ones keep it.
    let mut b = a.clone();
    b.push_bytes(&2.5f64.to_ne_bytes());
    b.set_bytes(0, &2.5f64.to_ne_bytes());
    assert!(b.iso().is_some() && b.len() == 7);
    b.set_bytes(3, &1.0f64.to_ne_bytes());
    assert!(b.iso().is_none());
    assert_eq!(
        b.as_slice::<f64>().unwrap(),
        &[2.5, 2.5, 2.5, 1.0, 2.5, 2.5, 2.5]
    );
    let mut d = Array::from_vec(vec![1.0f64]);
    d.append(&a.slice(0..2));
    assert_eq!(d.as_slice::<f64>().unwrap(), &[1.0, 2.5, 2.5]);
    let mixed = Array::concat(&Type::FP64, &[&d, &a.slice(0..1)]).unwrap();
    assert_eq!(mixed.as_slice::<f64>().unwrap(), &[1.0, 2.5, 2.5, 2.5]);
    let mut e = a.clone();
    assert_eq!(e.as_slice::<f64>().unwrap().len(), a.len());
    e.truncate(2);
    assert_eq!(
        e.expanded().unwrap().as_slice::<f64>().unwrap(),
        &[2.5, 2.5]
    );
    // Values expanded for a reader before the truncation are not reused.
    assert_eq!(e.as_slice::<f64>().unwrap(), &[2.5, 2.5]);
    assert_eq!(e.bytes().len(), 16);
    let values = a.values::<f64>().unwrap();
    assert_eq!((values.at(5), values.stored()), (2.5, None));
    let mut out = vec![0u8; 16];
    a.slice(0..2).write_bytes_into(&mut out);
    assert_eq!(out, [2.5f64.to_ne_bytes(), 2.5f64.to_ne_bytes()].concat());
    assert_eq!(a.strided_bytes(), (&2.5f64.to_ne_bytes()[..], 0));
}

#[test]
fn different_or_few_values_stay_stored() {
    let mut a = Array::from_vec(vec![1i8, 1, 2]);
    a.make_iso_if_uniform();
    assert!(a.iso().is_none());
    let mut one = Array::from_vec(vec![7u16]);
    one.make_iso_if_uniform();
    assert!(one.iso().is_none());
    let mut zeros = Array::from_vec(vec![0.0f32, -0.0]);
    zeros.make_iso_if_uniform();
    assert!(zeros.iso().is_none(), "bit for bit");
    let t = Type::user("pair", 3);
    let mut u = Array::from_bytes(&t, &[1, 2, 3, 1, 2, 3]);
    u.make_iso_if_uniform();
    assert_eq!(u.get_bytes(1), &[1, 2, 3]);
    assert!(u.iso().is_some());
    assert_eq!(u.truth_values(), vec![true, true]);
}

#[test]
fn bool_from_bytes_normalises() {
    let a = Array::from_bytes(&Type::BOOL, &[0, 2, 1]);
    assert_eq!(a.as_slice::<bool>().unwrap(), &[false, true, true]);
    assert_eq!(
        Array::from_vec(vec![0i32, 5]).truth_values(),
        vec![false, true]
    );
}

#[test]
fn a_computed_gather_matches_the_stored_one() {
    // Long enough for several parallel chunks; positions in reverse.
    let n = 10_000;
    let a = Array::from_vec((0..n as u32).collect());
    let reversed = |r: Range<usize>| r.map(move |t| n - 1 - t);
    let positions: Vec<usize> = reversed(0..n).collect();
    assert_eq!(a.gather_computed(n, reversed), a.gather(&positions));
    let t = Type::user("pair", 2);
    let u = Array::from_bytes(&t, &[1, 2, 3, 4, 5, 6]);
    let g = u.gather_computed(2, |r| r.map(|k| 2 - k));
    assert_eq!(g.bytes(), &[5, 6, 3, 4]);
    let iso = Array::filled(&Value::new(7i8), 3).unwrap();
    let g = iso.gather_computed(5, |r| r.map(|k| k % 3));
    assert!(g.iso().is_some());
    assert_eq!((g.len(), g.get_bytes(4)), (5, &[7u8][..]));
}

#[test]
fn a_gather_in_parts_matches_one_of_the_parts_joined() {
    let a = Array::from_vec((0..1000i64).map(|v| v * 3).collect());
    let parts: Vec<Vec<u32>> = vec![vec![5, 1, 999], vec![], (0..700).rev().collect(), vec![2]];
    let joined: Vec<u32> = parts.iter().flatten().copied().collect();
    assert_eq!(a.gather_parts(&parts).unwrap(), a.gather(&joined));
    let t = Type::user("pair", 2);
    let u = Array::from_bytes(&t, &[1, 2, 3, 4, 5, 6]);
    let g = u.gather_parts(&[vec![2usize], vec![0, 1]]).unwrap();
    assert_eq!(g.bytes(), &[5, 6, 1, 2, 3, 4]);
    let iso = Array::filled(&Value::new(7i8), 3).unwrap();
    let g = iso.gather_parts(&[vec![0u32, 2], vec![1]]).unwrap();
    assert!(g.iso().is_some());
    assert_eq!(g.len(), 3);
}
