"""The test suite, by area (README, Development)."""

import pytest

# pytest explains a kit's failed assert as it does a test's: it rewrites the asserts of the
# modules it is told of before they are imported.
pytest.register_assert_rewrite("tests.kits")
