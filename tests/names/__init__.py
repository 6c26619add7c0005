"""Names and what people type: one rule, look-alikes, hostile strings."""
