//! Shards of a class: `grade-all --shard K/N` grades the entries of shard K of N,
//! on as many machines as there are shards.
//!
//! The partition is by entry name alone, so every machine puts every entry in the
//! same shard whatever else it sees: shard = (the first 8 bytes of SHA-256 of the
//! name's UTF-8, read as a big-endian integer) mod N, plus 1. (`printf %s NAME |
//! sha256sum`, its first 16 hex digits mod N, plus 1, gives it in a shell.) The
//! command line parses a shard, and grade-all and merge partition by it, so it
//! lives below all three.

use std::fmt;

use sha2::{Digest as _, Sha256};

/// The partition rule, as the manifest records it.
pub const PARTITION: &str = "sha256(name)[0..8] as big-endian u64, mod N, plus 1";

/// Shard K of N (1 ≤ K ≤ N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// K, from 1.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl Shard {
    /// The whole class: shard 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The shard of `count` that the entry `name` belongs to.
    pub fn of(name: &str, count: u64) -> Shard {
        let digest = Sha256::digest(name.as_bytes());
        let mut first = [0; 8];
        first.copy_from_slice(&digest[..8]);
        Shard {
            index: u64::from_be_bytes(first) % count.max(1) + 1,
            count,
        }
    }

    /// Whether the entry `name` is in this shard.
    pub fn holds(self, name: &str) -> bool {
        Shard::of(name, self.count) == self
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N`, as `--shard` takes it.
    fn from_str(text: &str) -> Result<Shard, String> {
        let allowed = "a shard is K/N with 1 ≤ K ≤ N, e.g. 1/3, 2/3 and 3/3 for three machines";
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("{text:?} is not K/N: {allowed}"))?;
        let number = |part: &str| {
            part.trim()
                .parse::<u64>()
                .map_err(|_| format!("{text:?}: {part:?} is not a whole number: {allowed}"))
        };
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 || index == 0 || index > count {
            return Err(format!(
                "{text:?} is not a shard: {allowed} (K counts from 1: with a 0-based index such as JOB_COMPLETION_INDEX, give $((INDEX + 1))/N)"
            ));
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_is_k_of_n_counted_from_one() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(Shard { index: 2, count: 3 }.to_string(), "2/3");
        for bad in ["0/3", "4/3", "1/0", "3", "a/3", "1/-2", ""] {
            let error = bad.parse::<Shard>().unwrap_err();
            assert!(error.contains("1 ≤ K ≤ N"), "{bad}: {error}");
        }
    }

    #[test]
    fn every_name_lands_in_exactly_one_shard_and_the_same_one_every_time() {
        let names: Vec<String> = (0..300).map(|i| format!("student-{i}")).collect();
        let mut sizes = [0; 3];
        for name in &names {
            let shard = Shard::of(name, 3);
            assert_eq!(shard, Shard::of(name, 3));
            let holding: Vec<u64> = (1..=3)
                .filter(|&k| Shard { index: k, count: 3 }.holds(name))
                .collect();
            assert_eq!(holding, [shard.index]);
            sizes[shard.index as usize - 1] += 1;
        }
        // A hash spreads names evenly enough: each shard holds a fair part.
        assert!(sizes.iter().all(|&n| n > 70), "{sizes:?}");
        assert!(Shard::WHOLE.holds("anything"));
    }

    #[test]
    fn the_partition_is_the_documented_sha256_rule() {
        // `printf %s alice | sha256sum` begins 2bd806c97f0e00af: mod 3 is 2, shard 3.
        assert_eq!(u64::from_str_radix("2bd806c97f0e00af", 16).unwrap() % 3, 2);
        assert_eq!(Shard::of("alice", 3), Shard { index: 3, count: 3 });
    }
}
