"""Browser tests: Debian's Chromium through Playwright."""
