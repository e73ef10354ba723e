#!/usr/bin/env bash
# Every test: type check, lint, unit tests, API tests on the embedded database (PGlite) and, when
# TEST_DATABASE_URL is set, again on that PostgreSQL server under Node 22 (production's Node), then
# end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step "Paquets Debian (chromium, poppler-utils)"
bash scripts/ensure-debian-packages.sh

step "Vérification des types"
npm run typecheck

step "Lint"
npm run lint

step "Tests unitaires"
npx vitest run --project unit

step "Tests d'API sur PGlite"
env -u TEST_DATABASE_URL npx vitest run --project api

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Production runs Node 22 LTS (decision 0857): the API tests run once more, on the PostgreSQL server
  # and on Node 22 from the npm registry's `node` package, including the two-instance test of the
  # compiled build (its instances are spawned with the running Node).
  step "Tests d'API sur PostgreSQL ($TEST_DATABASE_URL), sous Node 22"
  npx -y -p node@22 node --version
  npx -y -p node@22 node node_modules/vitest/vitest.mjs run --project api
fi

step "Tests de bout en bout (Chromium)"
node scripts/e2e.mjs
