"""Real servers and concurrency: gunicorn, live streams, limits, outages."""
