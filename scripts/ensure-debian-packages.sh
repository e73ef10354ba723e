#!/usr/bin/env bash
# The tests need four Debian packages: Chromium (/usr/bin/chromium) for the end-to-end tests,
# poppler-utils (pdffonts, pdftotext, pdfsig, pdfdetach) to check the PDFs and their seal, and qpdf
# to check the Factur-X PDFs' structure (decision 0710), and nginx as the load balancer of the
# two-instance test (decision 0857); install whichever is missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
{ command -v pdffonts && command -v pdfsig; } >/dev/null 2>&1 || missing+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Paquets Debian absents : ${missing[*]} — installation…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
# Versions printed for the log; `sed -n 1p` reads every line, so pipefail never sees a SIGPIPE
# (`head -1` closing early made the script exit 141 on a fresh machine).
/usr/bin/chromium --version 2>/dev/null | sed -n 1p
pdffonts -v 2>&1 | sed -n 1p
qpdf --version | sed -n 1p
