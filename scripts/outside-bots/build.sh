#!/usr/bin/env bash
# Dev only: compile CTruco's bot-spi, its contributed bots and our Bridge.java with plain javac
# (no Maven, no network) into a temp dir, for scripts/bench-outside.ts. CTruco is GPL-3: it is
# only read from a checkout OUTSIDE this repository, and nothing of it is ever committed here.
#
#   CTRUCO_DIR=/path/to/CTruco scripts/outside-bots/build.sh      # a checkout or an exported tree
#   CTRUCO_COMMIT=28230f256 scripts/outside-bots/build.sh          # export that commit of the mirror
#   scripts/outside-bots/build.sh                                  # export the mirror's HEAD
#
# Env: CTRUCO_MIRROR (bare git dir, default /work/.mirror/lucas-ifsp+CTruco/repo),
#      OUT (build dir, default /tmp/outside-bots-<commit or dir name>).
# Prints the build dir on the last line; <OUT>/bots.txt lists the bots that compiled (one class name a line).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mirror="${CTRUCO_MIRROR:-/work/.mirror/lucas-ifsp+CTruco/repo}"

if [[ -z "${CTRUCO_DIR:-}" ]]; then
  commit="$(git -C "$mirror" rev-parse --short "${CTRUCO_COMMIT:-HEAD}")"
  CTRUCO_DIR="/tmp/ctruco-$commit"
  if [[ ! -d "$CTRUCO_DIR/bot-spi" ]]; then
    mkdir -p "$CTRUCO_DIR"
    git -C "$mirror" archive "$commit" | tar -x -C "$CTRUCO_DIR"
  fi
  tag="$commit"
else
  tag="$(basename "$CTRUCO_DIR")"
fi
OUT="${OUT:-/tmp/outside-bots-$tag}"
rm -rf "$OUT"
mkdir -p "$OUT/classes" "$OUT/log"
classes="$OUT/classes"

# 1. The SPI (module-info left out: everything runs on the class path).
find "$CTRUCO_DIR/bot-spi/src/main/java" -name '*.java' ! -name module-info.java >"$OUT/spi.txt"
javac -nowarn -encoding UTF-8 -d "$classes" @"$OUT/spi.txt"

# 2. The bots, with the names their service files declare.
impl="$CTRUCO_DIR/bot-impl/src/main"
cat "$impl"/resources/META-INF/services/com.bueno.spi.service.BotServiceProvider 2>/dev/null |
  sed -e 's/#.*//' -e 's/[[:space:]]//g' | grep -v '^$' >"$OUT/declared.txt" || true
# Also the bots module-info provides that the service file does not list (found by their sources).
grep -rlE 'implements[^{]*BotServiceProvider' "$impl/java" --include='*.java' 2>/dev/null | while read -r f; do
  pkg="$(sed -n 's/^[[:space:]]*package[[:space:]]\+\([A-Za-z0-9_.]*\)[[:space:]]*;.*/\1/p' "$f" | head -1)"
  name="$(basename "$f" .java)"
  # Only the ones module-info provides (a bot's helper strategies may implement the SPI too).
  if grep -qw "$name" "$impl/java/module-info.java" 2>/dev/null; then echo "${pkg:+$pkg.}$name"; fi
done >>"$OUT/declared.txt"
sort -u -o "$OUT/declared.txt" "$OUT/declared.txt"
# Tiny stubs of the JetBrains annotations some bots import (our own three lines each, none of CTruco's code).
stubs="$OUT/stubs"
mkdir -p "$stubs/org/jetbrains/annotations"
for a in NotNull Nullable Contract; do
  extra=""
  [[ $a == Contract ]] && extra='String value() default ""; boolean pure() default false;'
  printf 'package org.jetbrains.annotations;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.CLASS)\npublic @interface %s { %s }\n' "$a" "$extra" \
    >"$stubs/org/jetbrains/annotations/$a.java"
done
javac -nowarn -encoding UTF-8 -d "$classes" "$stubs"/org/jetbrains/annotations/*.java

find "$impl/java" -name '*.java' ! -name module-info.java >"$OUT/impl.txt"
if javac -nowarn -encoding UTF-8 -cp "$classes" -d "$classes" @"$OUT/impl.txt" 2>"$OUT/log/all.txt"; then
  echo "all bot sources compiled together" >&2
else
  # One bot at a time: its class's package and everything under it; a bot that fails is skipped.
  echo "bot sources do not compile together ($(grep -c 'error:' "$OUT/log/all.txt") errors); one bot at a time" >&2
  while read -r bot; do
    pkgdir="$impl/java/$(dirname "${bot//.//}")"
    [[ -d $pkgdir ]] || continue
    find "$pkgdir" -name '*.java' >"$OUT/one.txt"
    javac -nowarn -encoding UTF-8 -cp "$classes" -d "$classes" @"$OUT/one.txt" 2>"$OUT/log/$bot.txt" || true
  done <"$OUT/declared.txt"
fi
[[ -d "$impl/resources" ]] && cp -r "$impl/resources/." "$classes/"

# 3. The bridge.
javac -nowarn -encoding UTF-8 -cp "$classes" -d "$classes" "$here/Bridge.java"

# Which declared bots have a class file and implement the SPI.
: >"$OUT/bots.txt"
while read -r bot; do
  [[ -f "$classes/${bot//.//}.class" ]] && echo "$bot" >>"$OUT/bots.txt" || echo "skipped (did not compile): $bot" >&2
done <"$OUT/declared.txt"
echo "compiled $(wc -l <"$OUT/bots.txt") of $(wc -l <"$OUT/declared.txt") declared bots:" >&2
sed 's/^/  /' "$OUT/bots.txt" >&2
echo "$OUT"
