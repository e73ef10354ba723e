#!/usr/bin/env bash
# Every test: type check, lint, unit tests, API tests on the embedded database (PGlite) and, when
# TEST_DATABASE_URL is set, again on that PostgreSQL server under Node 22 (production's Node), then
# end-to-end tests in Chromium. Each stage's duration is printed at its end (decision 1110).
set -euo pipefail
cd "$(dirname "$0")/.."

suite_started=$SECONDS
stage_started=$SECONDS
durations=()
step() {
  finish_step
  current="$1"
  stage_started=$SECONDS
  printf '\n=== %s ===\n' "$1"
}
finish_step() {
  if [ -n "${current:-}" ]; then
    local took=$((SECONDS - stage_started))
    durations+=("$(printf '%3d min %02d s  %s' $((took / 60)) $((took % 60)) "$current")")
    printf '=== %s : %d min %02d s ===\n' "$current" $((took / 60)) $((took % 60))
  fi
}
summary() {
  local code=$?
  finish_step
  current=""
  printf '\n=== Durées ===\n'
  printf '%s\n' "${durations[@]}"
  local total=$((SECONDS - suite_started))
  printf '%3d min %02d s  total\n' $((total / 60)) $((total % 60))
  exit $code
}
trap summary EXIT

step "Paquets Debian (chromium, poppler-utils)"
bash scripts/ensure-debian-packages.sh

# Type check and lint each use one core: they run side by side, each printing when it is done.
step "Vérification des types et lint"
logs=$(mktemp -d)
npm run typecheck >"$logs/typecheck" 2>&1 &
typecheck=$!
npm run lint >"$logs/lint" 2>&1 &
lint=$!
status=0
wait $typecheck || status=1
printf -- '--- Vérification des types ---\n'
cat "$logs/typecheck"
wait $lint || status=1
printf -- '--- Lint ---\n'
cat "$logs/lint"
rm -rf "$logs"
[ $status -eq 0 ]

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
