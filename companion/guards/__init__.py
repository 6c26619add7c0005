"""What protects a public instance from one client and from a database in trouble: quotas
per address (``quotas``), a deadline for request bodies (``deadline``), and 503 instead of
500 while the database is away (``outage``)."""
