#!/usr/bin/env bash
# Installs what the project needs from Debian's packages (only what is missing), then configures
# and builds the Release tree in build/. Safe to run again: it does only what is left to do.
#   scripts/setup.sh            install + build
#   BUILD_DIR=dir scripts/setup.sh, CMAKE_ARGS="..." scripts/setup.sh  to change the build
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build git pkg-config
          libeigen3-dev libtbb-dev libcli11-dev libspdlog-dev libfmt-dev doctest-dev
          libtomlplusplus-dev nlohmann-json3-dev libcpp-httplib-dev
          python3 python3-matplotlib python3-numpy
          python3-dev pybind11-dev python3-pytest python3-pandas)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build=${BUILD_DIR:-build}
werror=OFF
[[ "${CI:-}" == "true" ]] && werror=ON   # CI treats warnings as errors
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMISTS_WERROR=$werror ${CMAKE_ARGS:-} >/dev/null
cmake --build "$build" --parallel "$(nproc)"
