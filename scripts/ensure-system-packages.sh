#!/usr/bin/env bash
# Debian packages the tests use: Chromium for the browser journeys, ffmpeg for video posters and durations,
# poppler-utils to read the printed program's PDF back (its text, pages and pictures), PostgreSQL's client tools
# (pg_dump, pg_restore) for the restore drill, HAProxy in front of the cluster's nodes (`npm run cluster` and its
# tests).
# Installs what is missing when run as root with apt; otherwise says what to install.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
{ command -v pg_dump && command -v pg_restore; } >/dev/null || missing+=(postgresql-client)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v openssl >/dev/null || missing+=(openssl)
# Labels on the generated demo clips need a font.
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} for the tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing Debian packages: ${missing[*]} (e.g. 'sudo apt-get install ${missing[*]}')." >&2
  exit 1
fi
