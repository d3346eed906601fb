"""Benchmark and strength scripts; run each with `python -m benchmarks.<name>`."""
