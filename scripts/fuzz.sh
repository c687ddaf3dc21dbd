#!/bin/sh
# Builds the libFuzzer targets in Fuzz/ and runs each for a set time.
#
#   scripts/fuzz.sh [-s SECONDS] [-b] [TARGET ...]
#
# -s: seconds per target (default 60); -b: build only. TARGET names a file
# of Fuzz/ without .swift (default: all). A target's seed corpus is
# Fuzz/Corpus/TARGET (kept in the repository); what the run adds goes to
# .build/fuzz/corpus/TARGET, a crash to .build/fuzz/crash-TARGET-*. The
# last line counts the targets ("fuzz: N passed, M failed"); the status is
# 1 when a target found a crash, a leak or a failed check.
#
# Why swiftc and not SwiftPM: `swift build --sanitize fuzzer` was seen to
# build without coverage instrumentation (millions of runs that could find
# nothing); swiftc's -sanitize=fuzzer,address instruments every Swift
# module, and clang's -fsanitize=fuzzer-no-link,address the C shim. The
# modules are built as SwiftPM builds them (AskCore, then AskCLI), with
# -enable-testing so a target reaches internal parsers; the run checks
# that the coverage counters are above zero.
set -eu

seconds=60
build_only=0
while getopts s:b option; do
  case $option in
    s) seconds=$OPTARG ;;
    b) build_only=1 ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))

root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/.build/fuzz
# The toolchain's swiftc and its clang: the same LLVM, the same sanitizer
# runtimes.
swiftc=${SWIFTC:-$(command -v swiftc)}
clang=${CLANG:-$(dirname "$(readlink -f "$swiftc")")/clang}
targets=${*:-$(cd "$root/Fuzz" && ls ./*.swift | sed 's|^\./||; s|\.swift$||' | grep -v '^Support$')}
editline_cflags=$(pkg-config --cflags libedit)

mkdir -p "$out/obj" "$out/modules/CShim"
# SwiftPM makes this module map for CShim's include folder.
cat >"$out/modules/CShim/module.modulemap" <<EOF
module CShim { umbrella header "$root/Sources/CShim/include/CShim.h" export * }
EOF
imports="-I $out -I $out/modules/CShim -I $root/Sources/CLibEdit"
for flag in $editline_cflags; do imports="$imports -Xcc $flag"; done
swiftflags="-parse-as-library -package-name ask -O -g -sanitize=fuzzer,address"

# A module is rebuilt when one of its sources is newer than its library.
stale() { # library sources...
  library=$1
  shift
  [ ! -e "$library" ] && return 0
  for source; do [ "$source" -nt "$library" ] && return 0; done
  return 1
}

c_sources=$(ls "$root"/Sources/CShim/*/*.c "$root"/Sources/CShim/*/*.h "$root"/Sources/CShim/include/*.h)
if stale "$out/libCShim.a" $c_sources; then
  echo "fuzz: building the C shim"
  rm -f "$out"/obj/*.o
  for source in "$root"/Sources/CShim/*/*.c; do
    "$clang" -std=c99 -D_GNU_SOURCE -O1 -g -fsanitize=fuzzer-no-link,address \
      -I"$root/Sources/CShim/include" $editline_cflags -c "$source" \
      -o "$out/obj/$(basename "$source" .c).o"
  done
  ar rcs "$out/libCShim.a" "$out"/obj/*.o
fi
core_sources=$(find "$root/Sources/AskCore" -name '*.swift')
if stale "$out/libAskCore.a" $core_sources "$out/libCShim.a"; then
  echo "fuzz: building AskCore"
  (cd "$out" && "$swiftc" $swiftflags $imports -enable-testing -emit-library -static -emit-module \
    -module-name AskCore -emit-module-path "$out/AskCore.swiftmodule" -o "$out/libAskCore.a" $core_sources)
fi
cli_sources=$(ls "$root"/Sources/AskCLI/*.swift)
if stale "$out/libAskCLI.a" $cli_sources "$out/libAskCore.a"; then
  echo "fuzz: building AskCLI"
  (cd "$out" && "$swiftc" $swiftflags $imports -enable-testing -emit-library -static -emit-module \
    -module-name AskCLI -emit-module-path "$out/AskCLI.swiftmodule" -o "$out/libAskCLI.a" $cli_sources)
fi
for target in $targets; do
  [ -e "$root/Fuzz/$target.swift" ] || { echo "fuzz: no target Fuzz/$target.swift" >&2; exit 2; }
  if stale "$out/$target" "$root/Fuzz/$target.swift" "$root/Fuzz/Support.swift" "$out/libAskCLI.a"; then
    echo "fuzz: building $target"
    # lld: gold warns about each of ASan's local symbols.
    (cd "$out" && "$swiftc" $swiftflags $imports -use-ld=lld -module-name "Fuzz$target" \
      "$root/Fuzz/$target.swift" "$root/Fuzz/Support.swift" \
      "$out/libAskCLI.a" "$out/libAskCore.a" "$out/libCShim.a" \
      $(pkg-config --libs libedit) -o "$out/$target")
  fi
done
[ "$build_only" = 1 ] && exit 0

status=0
passed=0
failed=0
for target in $targets; do
  mkdir -p "$out/corpus/$target"
  log=$out/$target.log
  echo "fuzz: $target for $seconds s"
  # The Swift backtracer would hold the output pipe for 30 s after a crash.
  if SWIFT_BACKTRACE=enable=no "$out/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$out/crash-$target-" \
      "$out/corpus/$target" "$root/Fuzz/Corpus/$target" >"$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
    # The input that failed is in the Base64 line (libFuzzer prints it for
    # a small one): a run elsewhere can be reproduced from its output.
    grep -m 6 -E 'ERROR|fuzz check failed|Fatal error|SUMMARY|Test unit written|^Base64:' "$log" >&2 || true
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  coverage=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  features=$(grep -Eo 'ft: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  echo "fuzz: $target $result: ${runs:-0} runs, coverage $coverage edges, $features features (log: $log)"
  if [ "$result" = ok ] && [ "${coverage:-0}" -eq 0 ]; then
    echo "fuzz: $target has no coverage counters: it is not instrumented" >&2
    result=FAILED
    status=1
  fi
  if [ "$result" = ok ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "fuzz: $passed passed, $failed failed"
exit $status
