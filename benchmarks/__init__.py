"""Benchmarks that print ratios; run each from the repository root as ``python -m
benchmarks.<name>``."""
