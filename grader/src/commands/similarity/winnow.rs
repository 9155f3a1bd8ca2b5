//! Fingerprints by winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local
//! algorithms for document fingerprinting", SIGMOD 2003), the method behind MOSS and
//! Dolos.
//!
//! Every run of `k` consecutive tokens (a k-gram) is hashed with a rolling polynomial
//! hash (fixed base, wrapping 64-bit arithmetic, then a fixed mixer), so each k-gram
//! costs O(1). Of every window of `w` consecutive k-gram hashes the smallest is kept,
//! the rightmost one on ties, and recorded once however many windows choose it. This
//! gives the paper's guarantee: any run of at least `w + k - 1` tokens that two files
//! share yields at least one shared fingerprint, while only about `2 / (w + 1)` of the
//! k-grams are kept. Everything is fixed (no random seed), so two runs agree.

use super::tokens::Token;

/// The polynomial's base: odd, so multiplication by it is a bijection mod 2^64.
const BASE: u64 = 0x100_0000_01b3;

/// One kept fingerprint: a k-gram's hash and where the k-gram starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    /// The k-gram's hash.
    pub hash: u64,
    /// Index of the k-gram's first token in its file.
    pub at: u32,
}

/// SplitMix64's finalizer: spreads the polynomial hash over all 64 bits, so the
/// window minimum is an unbiased pick.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The hash of every k-gram of `tokens`, in order (empty when there are fewer than
/// `k` tokens).
pub fn kgram_hashes(tokens: &[Token], k: usize) -> Vec<u64> {
    if k == 0 || tokens.len() < k {
        return Vec::new();
    }
    // BASE^(k-1): what the token leaving the window weighs.
    let top = (1..k).fold(1u64, |power, _| power.wrapping_mul(BASE));
    let mut hash = 0u64;
    let mut hashes = Vec::with_capacity(tokens.len() + 1 - k);
    for (i, token) in tokens.iter().enumerate() {
        if i >= k {
            hash = hash.wrapping_sub(tokens[i - k].code.wrapping_mul(top));
        }
        hash = hash.wrapping_mul(BASE).wrapping_add(token.code);
        if i + 1 >= k {
            hashes.push(mix(hash));
        }
    }
    hashes
}

/// The winnowed fingerprints of `tokens`: the minimum of each window of `w` k-gram
/// hashes (rightmost on ties), each position once. A file shorter than one window
/// keeps its single minimum.
pub fn winnow(tokens: &[Token], k: usize, w: usize) -> Vec<Fingerprint> {
    let hashes = kgram_hashes(tokens, k);
    let w = w.max(1);
    let mut kept: Vec<Fingerprint> = Vec::new();
    let windows = hashes.len().saturating_sub(w) + usize::from(!hashes.is_empty());
    for start in 0..windows {
        let window = &hashes[start..(start + w).min(hashes.len())];
        // Rightmost minimum: `min_by_key` keeps the first of equals, and this scans
        // from the right.
        let (offset, &hash) = window
            .iter()
            .enumerate()
            .rev()
            .min_by_key(|&(_, &h)| h)
            .unwrap_or((0, &0));
        let at = u32::try_from(start + offset).unwrap_or(u32::MAX);
        if kept.last().is_none_or(|last| last.at != at) {
            kept.push(Fingerprint { hash, at });
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(codes: &[u64]) -> Vec<Token> {
        codes.iter().map(|&code| Token { code, line: 1 }).collect()
    }

    #[test]
    fn similarity_equal_kgrams_hash_alike_wherever_they_are() {
        let hashes = kgram_hashes(&tokens(&[1, 2, 3, 9, 1, 2, 3]), 3);
        assert_eq!(hashes.len(), 5);
        assert_eq!(hashes[0], hashes[4]);
        assert_ne!(hashes[0], hashes[1]);
    }

    #[test]
    fn similarity_winnowing_keeps_one_fingerprint_per_window_at_least() {
        let codes: Vec<u64> = (0..200).map(|i| (i * 7919) % 101).collect();
        let kept = winnow(&tokens(&codes), 5, 4);
        let hashes = kgram_hashes(&tokens(&codes), 5);
        for start in 0..=hashes.len() - 4 {
            let chosen = kept
                .iter()
                .any(|f| (start..start + 4).contains(&(f.at as usize)));
            assert!(chosen, "window at {start} has no fingerprint");
        }
        assert!(kept.len() < hashes.len() / 2);
    }

    #[test]
    fn similarity_shared_run_of_w_plus_k_minus_1_tokens_shares_a_fingerprint() {
        let run: Vec<u64> = (100..140).collect();
        let mut a: Vec<u64> = (0..30).collect();
        a.extend(&run);
        let mut b: Vec<u64> = (500..517).collect();
        b.extend(&run);
        b.extend(600..650);
        let fa = winnow(&tokens(&a), 8, 10);
        let fb = winnow(&tokens(&b), 8, 10);
        assert!(fa.iter().any(|x| fb.iter().any(|y| x.hash == y.hash)));
    }
}
