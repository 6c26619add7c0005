"""The one build step pyproject.toml cannot say: the top-level templates/ and static/ folders
go into the wheel as companion/templates and companion/static, so an installed copy serves its
pages from any directory (companion.app looks inside the package first)."""

from setuptools import find_packages, setup

BUNDLED = {"companion.templates": "templates", "companion.static": "static"}

setup(packages=find_packages(include=["companion*"]) + list(BUNDLED), package_dir=BUNDLED)
