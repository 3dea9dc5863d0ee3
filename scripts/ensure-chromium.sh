#!/usr/bin/env bash
# The browser journeys run on Debian's Chromium; install it when it is missing (root with apt only).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: install it (e.g. 'sudo apt-get install chromium') to run the browser tests." >&2
  exit 1
fi
