"""The JSON API: every route, its schemas and its refusals."""
