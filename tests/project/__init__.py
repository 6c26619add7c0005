"""The repository as a whole: docs, translations, layers, the wheel."""
