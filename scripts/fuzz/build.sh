#!/usr/bin/env bash
# Builds vitrine-fuzz with libFuzzer into .build-fuzz (release, for speed) and prints its path.
# docs/testing.md, "Fuzzing", says why it is built this way.
#
#   scripts/fuzz/build.sh            -> .build-fuzz/release/vitrine-fuzz
#
# The Swift code gets libFuzzer's coverage through the frontend (`-Xfrontend -sanitize=fuzzer`):
# given to the driver, `-sanitize=fuzzer` would also link libFuzzer's own `main`, which clashes
# with the `main` SwiftPM gives an executable. libFuzzer is linked without it
# (libclang_rt.fuzzer_no_main) and vitrine-fuzz starts it with LLVMFuzzerRunDriver, which
# `-DVITRINE_FUZZING` compiles in. The C++ of toml++ (TOMLKit) is instrumented too, so that
# the config target's coverage reaches into the TOML parser; the system libraries (cairo,
# libpng, libjpeg-turbo, libxml2) are not rebuilt and so are fuzzed blind, through our code.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"

toolchain=$(dirname "$(dirname "$(command -v swiftc)")")
arch=$(uname -m)
runtime=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-"$arch".a 2>/dev/null | head -n 1)
if [ -z "$runtime" ]; then
    echo "build.sh: no libclang_rt.fuzzer_no_main-$arch.a under $toolchain/lib/clang" >&2
    exit 1
fi

swift build -c release --scratch-path .build-fuzz --product vitrine-fuzz \
    -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer -Xswiftc -DVITRINE_FUZZING \
    -Xcxx -fsanitize=fuzzer-no-link \
    -Xlinker "$runtime" -Xlinker -lstdc++ -Xlinker -lm >&2
echo .build-fuzz/release/vitrine-fuzz
