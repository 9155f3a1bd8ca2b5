//! How fast an arrow maze of 100 × 100 squares is solved.
//!
//! The board is made once by the generator (seed 1, a shortest solution of at least
//! 4 moves); then:
//!
//! - `arrows/graph_100x100`: [`Graph::new`], the doubled graph of 20,000 nodes;
//! - `arrows/solve_100x100`: [`solve`], which builds the graph and searches it.
//!
//! Run with `cargo bench --bench arrows` in this crate's folder.

use std::hint::black_box;

use criterion::{Criterion, criterion_main};
use maze::MazeRng;
use maze::arrows::{Graph, generate, solve};

fn arrows(c: &mut Criterion) {
    let board = generate(100, 100, 4, &mut MazeRng::seed_from_u64(1))
        .expect("a 100x100 board with 4 moves is quickly found");
    let path = solve(&board).expect("a generated board has a solution");
    assert!(path.len() > 4);

    let mut group = c.benchmark_group("arrows");
    group.bench_function("graph_100x100", |b| {
        b.iter(|| black_box(Graph::new(black_box(&board))))
    });
    group.bench_function("solve_100x100", |b| {
        b.iter(|| black_box(solve(black_box(&board))))
    });
    group.finish();
}

/// The benchmark group. It sits in a module of its own because `criterion_group!`
/// makes a public function without documentation.
mod group {
    use super::arrows;

    criterion::criterion_group!(benches, arrows);
}

criterion_main!(group::benches);
