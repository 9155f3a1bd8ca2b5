//! Your own disjoint sets (also called union–find), for the maze generator.
//!
//! The elements 0, 1, …, n − 1 are split into sets that never overlap. Each set is a
//! tree: every element points to a parent, and the element that is its own parent
//! is the *root*, which names the set. Two elements are in the same set exactly when
//! they have the same root.
//!
//! Two classic tricks keep the trees flat, so both operations take almost constant
//! time even for a million rooms:
//! - **path compression**: [`find`](DisjointSet::find) makes every element it passes
//!   on the way up point straight at the root;
//! - **union by rank**: [`union`](DisjointSet::union) hangs the root of the lower
//!   tree under the root of the higher one, so trees grow tall only slowly. A rank is
//!   an upper bound on a tree's height.

use std::fmt;

// ANCHOR: disjoint_set
/// A collection of disjoint sets of the numbers `0..len()`.
#[derive(Clone, PartialEq, Eq)]
pub struct DisjointSet {
    /// `parent[x]` is the element above `x` in its tree; a root is its own parent.
    parent: Vec<usize>,
    /// `rank[x]` bounds the height of the tree under `x` (only meaningful for roots).
    rank: Vec<u32>,
}
// ANCHOR_END: disjoint_set

// ANCHOR: disjoint_set_impl
impl DisjointSet {
    /// `n` sets of one element each: {0}, {1}, …, {n − 1}.
    pub fn new(n: usize) -> DisjointSet {
        // BEGIN SOLUTION DisjointSet::new (§7.3): {n} sets of one element each
        let mut parent = Vec::with_capacity(n);
        for x in 0..n {
            parent.push(x);
        }
        DisjointSet {
            parent,
            rank: vec![0; n],
        }
        // END SOLUTION
    }

    /// How many elements there are, in all sets together.
    pub fn len(&self) -> usize {
        // BEGIN SOLUTION DisjointSet::len (§7.3): count the elements of {self:?}
        self.parent.len()
        // END SOLUTION
    }

    /// Whether there are no elements at all.
    pub fn is_empty(&self) -> bool {
        // BEGIN SOLUTION DisjointSet::is_empty (§7.3): does {self:?} have no elements
        self.parent.is_empty()
        // END SOLUTION
    }

    /// The root of the set that holds `x`. On the way, every element passed is made
    /// to point straight at the root (path compression).
    ///
    /// # Panics
    /// If `x` is not below [`len`](DisjointSet::len).
    pub fn find(&mut self, x: usize) -> usize {
        // BEGIN SOLUTION DisjointSet::find (§7.3): the root of {x}'s set in {self:?}
        let mut root = x;
        while self.parent[root] != root {
            root = self.parent[root];
        }
        // Second walk up the same path: point every element on it at the root.
        let mut current = x;
        while current != root {
            let next = self.parent[current];
            self.parent[current] = root;
            current = next;
        }
        root
        // END SOLUTION
    }

    /// Joins the sets of `a` and `b`. Returns `true` if they were different sets and
    /// are now one, `false` if they were already the same set (nothing changes then).
    ///
    /// Union by rank: the root of lower rank goes under the other root; on a tie,
    /// `b`'s root goes under `a`'s root, whose rank grows by one.
    ///
    /// # Panics
    /// If `a` or `b` is not below [`len`](DisjointSet::len).
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        // BEGIN SOLUTION DisjointSet::union (§7.3): join the sets of {a} and {b} in {self:?}
        let root_a = self.find(a);
        let root_b = self.find(b);
        if root_a == root_b {
            return false;
        }
        if self.rank[root_a] < self.rank[root_b] {
            self.parent[root_a] = root_b;
        } else if self.rank[root_a] > self.rank[root_b] {
            self.parent[root_b] = root_a;
        } else {
            self.parent[root_b] = root_a;
            self.rank[root_a] += 1;
        }
        true
        // END SOLUTION
    }

    /// Whether `a` and `b` are in the same set.
    ///
    /// # Panics
    /// If `a` or `b` is not below [`len`](DisjointSet::len).
    pub fn same_set(&mut self, a: usize, b: usize) -> bool {
        // BEGIN SOLUTION DisjointSet::same_set (§7.3): are {a} and {b} in the same set of {self:?}
        self.find(a) == self.find(b)
        // END SOLUTION
    }
}
// ANCHOR_END: disjoint_set_impl

impl fmt::Debug for DisjointSet {
    /// The parent and rank of every element, for a failed assertion or a `todo!`
    /// message. It reads the fields directly, so it works before the methods do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DisjointSet")
            .field("parent", &self.parent)
            .field("rank", &self.rank)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_element_starts_in_a_set_of_its_own() {
        let mut sets = DisjointSet::new(5);
        assert_eq!(sets.len(), 5);
        assert!(!sets.is_empty());
        for x in 0..5 {
            assert_eq!(sets.find(x), x);
        }
        assert!(!sets.same_set(0, 4));
        assert!(sets.same_set(3, 3));
        assert!(DisjointSet::new(0).is_empty());
    }

    #[test]
    fn union_joins_two_sets_and_reports_it() {
        let mut sets = DisjointSet::new(4);
        assert!(sets.union(0, 1));
        assert!(sets.same_set(0, 1));
        assert_eq!(sets.find(0), sets.find(1));
        assert!(!sets.same_set(0, 2));
    }

    #[test]
    fn union_of_a_set_with_itself_changes_nothing() {
        let mut sets = DisjointSet::new(4);
        sets.union(2, 3);
        let before = sets.clone();
        assert!(!sets.union(3, 2));
        assert!(!sets.union(1, 1));
        assert_eq!(sets, before);
    }

    #[test]
    fn being_in_the_same_set_carries_over() {
        let mut sets = DisjointSet::new(6);
        sets.union(0, 1);
        sets.union(2, 3);
        sets.union(1, 3);
        assert!(sets.same_set(0, 2));
        assert!(!sets.same_set(0, 4));
        sets.union(4, 5);
        sets.union(5, 0);
        let root = sets.find(0);
        assert!((0..6).all(|x| sets.find(x) == root));
    }

    #[test]
    fn union_by_rank_hangs_the_lower_tree_under_the_higher() {
        let mut sets = DisjointSet::new(4);
        sets.union(0, 1); // tie: 1 goes under 0, whose rank becomes 1
        assert_eq!(sets.find(1), 0);
        sets.union(2, 0); // 2 has rank 0, so it goes under 0
        assert_eq!(sets.find(2), 0);
        sets.union(3, 2);
        assert_eq!(sets.find(3), 0);
    }

    #[test]
    fn find_compresses_the_path_it_walks() {
        let mut sets = DisjointSet::new(8);
        // Build a tall tree: pairs, then pairs of pairs, then the two halves.
        sets.union(0, 1);
        sets.union(2, 3);
        sets.union(4, 5);
        sets.union(6, 7);
        sets.union(0, 2);
        sets.union(4, 6);
        sets.union(0, 4);
        let root = sets.find(7);
        // After one find, 7 and everything above it points straight at the root.
        assert_eq!(sets.parent[7], root);
        assert_eq!(sets.parent[6], root);
        assert!((0..8).all(|x| sets.find(x) == root));
    }

    #[test]
    fn a_long_chain_of_unions_stays_fast() {
        let n = 200_000;
        let mut sets = DisjointSet::new(n);
        for x in 1..n {
            assert!(sets.union(x - 1, x));
        }
        assert!(sets.same_set(0, n - 1));
    }
}
