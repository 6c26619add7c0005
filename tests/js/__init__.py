"""The browser code's pure modules under Node's test runner."""
