"""The score sheet as value objects, derived from the recorded rounds by pure functions."""
