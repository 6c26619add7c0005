"""The use cases, one module per feature: ``games`` (start, lock, record, undo, correct),
``players`` (join, leave, rename), ``groups`` (a table's games and records), ``tallies`` (a
group's records kept with every write) and ``exchange`` (export and import files). They
flush and never commit: the caller's request commits once."""
