#!/usr/bin/env bash
# Refresh the translations: extract the English message ids into messages.pot, merge them
# into every language's catalog, and compile the catalogs to the .mo files the app loads.
#
# Run from anywhere with the project's virtualenv active (it uses `python` from PATH):
#     scripts/translations.sh
# then translate what is new or marked fuzzy in companion/translations/*/LC_MESSAGES/messages.po
# and run it again, so the compiled .mo files match the .po files. Commit all three kinds.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The extractor for phase names (companion.i18n_extract) is imported from the source tree.
export PYTHONPATH="${PWD}${PYTHONPATH:+:${PYTHONPATH}}"

pybabel() {
    python -m babel.messages.frontend --quiet "$@"
}

TRANSLATIONS=companion/translations
VERSION=$(python -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
TEMPLATE="${TRANSLATIONS}/messages.pot"

# Keywords: _, gettext, ngettext and friends are babel's defaults; _l is lazy_gettext; the
# rest are the classes that take an English %-template (companion.refusals's tree, the
# schemas' Says and the Terms they name).
extracted=$(mktemp)
trap 'rm -f "${extracted}"' EXIT
pybabel extract -F babel.cfg \
    -k _l -k Reason -k Problem -k CardError -k PhaseError -k RulesError -k InputError -k PlayRefused \
    -k Says -k Term -k N_ -k must_have_laid:2 \
    --no-location --sort-output \
    --project="Phase 10 Companion" --version="${VERSION}" \
    --header-comment="# The Phase 10 Companion's messages in English, to translate." \
    -o "${extracted}" .

# Keep the old template when only its creation date would change, so that a run without
# new messages leaves every file as it was.
without_date() { grep -v '^"POT-Creation-Date: ' "$1"; }
if [[ ! -f "${TEMPLATE}" ]] || ! cmp -s <(without_date "${extracted}") <(without_date "${TEMPLATE}"); then
    cat "${extracted}" > "${TEMPLATE}"
fi

# Every language that has a catalog; messages that are gone are dropped (git keeps them).
pybabel update -i "${TEMPLATE}" -d "${TRANSLATIONS}" --ignore-obsolete

pybabel compile -d "${TRANSLATIONS}"
