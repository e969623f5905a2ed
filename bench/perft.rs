//! Single-thread perft of every bundled variant from its start position,
//! and the load time (parse, check, compile) of every bundled variant.
//!
//! Run with `cargo bench --manifest-path bench/Cargo.toml`; criterion reports the time per
//! iteration and, through the throughput setting, nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kaboom::{Perft, Variant};
use std::hint::black_box;

/// The depth measured for each bundled variant (about a million nodes or
/// more, each count under a few seconds: every variant's nodes are counted
/// once, for the throughput, before criterion's filter picks benchmarks).
fn depth(name: &str) -> u32 {
    match name {
        // Every move is followed by a duck move: depth 2 is 379,440 nodes,
        // depth 3 ten seconds.
        "duck" => 2,
        "capatomic-random" => 3,
        "bouncing-pieces" | "tilting-the-balance" => 5,
        _ => 4,
    }
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for name in kaboom::bundled_names() {
        let variant = Variant::load(name).expect("bundled variants load");
        let start = variant.start_position();
        let mut counter = Perft::new();
        let depth = depth(name);
        let nodes = counter.count(&variant, &start, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} {depth}"), |b| {
            b.iter(|| counter.count(&variant, black_box(&start), depth))
        });
    }
    group.finish();
}

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    for name in kaboom::bundled_names() {
        group.bench_function(name, |b| {
            b.iter(|| Variant::load(black_box(name)).expect("bundled variants load"))
        });
    }
    group.finish();
}

criterion_group!(benches, perft, load);
criterion_main!(benches);
