#!/usr/bin/env bash
# Lighthouse (mobile) on the home page, a 6-player sheet with 10 rounds, and the checker,
# served by gunicorn on 127.0.0.1; prints the category scores and each page's transfer size.
# Needs Node.js/npm and Debian's Chromium; Lighthouse itself is installed into a temp folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

lighthouse_dir=${LIGHTHOUSE_DIR:-$work/lh}
if [ ! -x "$lighthouse_dir/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$lighthouse_dir"
  (cd "$lighthouse_dir" && npm install --silent --no-audit --no-fund lighthouse@12 >/dev/null)
fi

port=${PORT:-8765}
COMPANION_INSTANCE_PATH="$work/instance" gunicorn --preload -w 2 -b "127.0.0.1:$port" \
  "companion:create_app()" >"$work/server.log" 2>&1 &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 50); do curl -fs "$base/" >/dev/null && break; sleep 0.2; done

sheet=$(python -m benchmarks.make_game "$base")
flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"
printf '%-10s %12s %14s %15s %14s\n' page performance accessibility best-practices "transfer KB"
for page in home:/ sheet:"$sheet" checker:/checker; do
  name=${page%%:*}; path=${page#*:}
  "$lighthouse_dir/node_modules/.bin/lighthouse" "$base$path" --quiet --form-factor=mobile \
    --only-categories=performance,accessibility,best-practices --output=json \
    --output-path="$work/$name.json" --chrome-flags="$flags" >/dev/null 2>&1
  python3 - "$work/$name.json" "$name" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
score = {key: round(cat["score"] * 100) for key, cat in report["categories"].items()}
items = report["audits"]["network-requests"]["details"]["items"]
size = sum(i.get("transferSize", 0) for i in items
           if i.get("resourceType") in ("Document", "Stylesheet", "Script"))
print(f"{sys.argv[2]:<10} {score['performance']:>12} {score['accessibility']:>14} "
      f"{score['best-practices']:>15} {size / 1024:>14.1f}")
failed = [a["id"] for a in report["audits"].values()
          if a.get("score") is not None and a["score"] < 0.9 and a.get("scoreDisplayMode") == "binary"]
if failed:
    print("  below par:", ", ".join(failed))
PY
done
