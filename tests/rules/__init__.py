"""The rules engine, with brute-force references."""
