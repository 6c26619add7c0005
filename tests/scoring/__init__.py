"""The scoring: sheets, rounds, records and tallies."""
