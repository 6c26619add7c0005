"""Game-night groups: their games, records, pages, export and import."""
