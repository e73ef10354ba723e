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
  if [ -n "${e2e_pid:-}" ] && kill -0 "$e2e_pid" 2>/dev/null; then
    # An interrupt first: Playwright then stops the server it started (its own process group, out of
    # reach of ours), which would otherwise keep the port for the next run. Then what is left.
    kill -INT -- -"$e2e_pid" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$e2e_pid" 2>/dev/null || break; sleep 1; done
    kill -KILL -- -"$e2e_pid" 2>/dev/null || true
  fi
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

# The end-to-end tests wait on browsers and on their server more than they compute: they start as
# soon as the code is known to compile and run beside the unit and API tests (on PGlite, then on
# the PostgreSQL server, another process), their output kept for the end (decision 1110).
# TEST_SIDE_BY_SIDE=0, or no PostgreSQL server, runs them last, alone.
e2e_pid=""
if [ -n "${TEST_DATABASE_URL:-}" ] && [ "${TEST_SIDE_BY_SIDE:-1}" != 0 ]; then
  step "Tests de bout en bout (Chromium), lancés à côté des tests unitaires et d'API"
  e2e_log=$(mktemp)
  e2e_started=$SECONDS
  # Its own process group: stopped with its server and browsers if this script stops first.
  setsid node scripts/e2e.mjs >"$e2e_log" 2>&1 &
  e2e_pid=$!
fi

step "Tests unitaires"
npx vitest run --project unit

step "Tests d'API sur PGlite"
env -u TEST_DATABASE_URL npx vitest run --project api

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Production runs Node 22 LTS (decision 0857): the API tests that can behave differently on a
  # server — several connections at once, restarts, two instances, Redis (decision 1214,
  # scripts/server-api-tests.mjs; TEST_SERVER_ALL=1 for every file) — run once more, on the
  # PostgreSQL server and on Node 22 from the npm registry's `node` package, including the
  # two-instance test of the compiled build (its instances are spawned with the running Node).
  step "Tests d'API sur PostgreSQL ($TEST_DATABASE_URL), sous Node 22"
  npx -y -p node@22 node --version
  api_status=0
  mapfile -t server_files < <(node scripts/server-api-tests.mjs)
  printf '%d fichiers de test d’API sur le serveur\n' "${#server_files[@]}"
  npx -y -p node@22 node node_modules/vitest/vitest.mjs run --project api "${server_files[@]}" || api_status=$?
fi

if [ -n "$e2e_pid" ]; then
  step "Tests de bout en bout (Chromium) : fin"
  e2e_status=0
  wait "$e2e_pid" || e2e_status=$?
  e2e_pid=""
  cat "$e2e_log"
  rm -f "$e2e_log"
  took=$((SECONDS - e2e_started))
  durations+=("$(printf '%3d min %02d s  %s' $((took / 60)) $((took % 60)) "Tests de bout en bout (du lancement à la fin)")")
  if [ "$api_status" -ne 0 ] || [ "$e2e_status" -ne 0 ]; then exit 1; fi
else
  if [ "${api_status:-0}" -ne 0 ]; then exit "$api_status"; fi
  step "Tests de bout en bout (Chromium)"
  node scripts/e2e.mjs
fi
