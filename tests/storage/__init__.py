"""Storage: databases, migrations, history and what a process keeps."""
