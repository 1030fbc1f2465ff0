"""Benchmarks: each script prints figures; none of them asserts a time (see bench/README.md)."""
