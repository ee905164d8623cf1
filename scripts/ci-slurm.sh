#!/usr/bin/env bash
# CI: starts a one-node Slurm cluster on this machine (Debian's slurm-wlm and munge, daemons run
# directly as root, no systemd, everything under a temporary folder), plays a small 3-shard study
# through scripts/slurm-study.sh, plays the same study in one `mists analyze` run and checks that
# games.csv and cells.csv are byte-identical. Stops the daemons on exit. Run from anywhere:
#   scripts/ci-slurm.sh            (MISTS=path/to/mists to test another binary; default build/mists)
set -euo pipefail
cd "$(dirname "$0")/.."
mists=${MISTS:-build/mists}
study=(--levels "1,3" --players 2 --agents expert --games 300 --chunk 50)

fail() { echo "ci-slurm: FAIL: $*"; exit 1; }
[[ -x $mists ]] || fail "no mists binary at $mists (run scripts/setup.sh)"

# Packages, only when missing.
missing=()
for p in slurm-wlm munge; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "ci-slurm: installing ${missing[*]}"
  timeout 120 apt-get update -qq
  DEBIAN_FRONTEND=noninteractive timeout 180 \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "ci-slurm: $(slurmctld -V), $(munged -V | head -1)"

# munged wants its socket folder reachable by everyone, the key readable by its user only.
tmp=$(mktemp -d /tmp/mists-slurm.XXXXXX)
chmod 755 "$tmp"
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
pids=()
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  # Cancel what is left of our jobs while the controller is still up and let them end (or
  # their slurmstepd outlives slurmd), then stop the daemons.
  if ((${#pids[@]})) && kill -0 "${pids[0]}" 2>/dev/null; then
    timeout 5 scancel --quiet --user=root 2>/dev/null || true
    # shellcheck disable=SC2016
    timeout 20 bash -c 'while q=$(squeue --noheader 2>/dev/null) && [[ -n $q ]]; do sleep 1; done' || true
  fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do timeout 10 tail --pid="$pid" -f /dev/null || kill -9 "$pid" 2>/dev/null || true; done
  [[ -S $tmp/munge/socket ]] && { munged --stop --socket="$tmp/munge/socket" >/dev/null 2>&1 || true; }
  if ((rc == 0)); then
    rm -rf "$tmp"
  else
    for f in "$tmp"/log/* "$tmp"/study/slurm/*.log; do
      [[ -f $f ]] && { echo "---- $f"; tail -n 20 "$f"; }
    done
    echo "ci-slurm: FAIL (files kept in $tmp)"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

mungekey --create --keyfile="$tmp/munge/munge.key"
munged --socket="$tmp/munge/socket" --key-file="$tmp/munge/munge.key" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" \
  --seed-file="$tmp/munge/munged.seed" </dev/null >/dev/null 2>&1 || fail "munged did not start"
munge --socket="$tmp/munge/socket" --no-input | unmunge --socket="$tmp/munge/socket" >/dev/null \
  || fail "munge credentials do not round-trip"

host=$(hostname -s)
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=mists-ci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/socket
MailProg=/bin/true
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

# In the foreground (-D) as our children, logging to standard error.
slurmctld -D -f "$SLURM_CONF" </dev/null >"$tmp/log/slurmctld.log" 2>&1 &
pids+=($!)
slurmd -D -N "$host" -f "$SLURM_CONF" </dev/null >"$tmp/log/slurmd.log" 2>&1 &
pids+=($!)
# The timeouts are --foreground so that everything stays in one process group: a timeout around
# this script stops all of it, and the trap still cleans up.
timeout --foreground 60 bash -c "until sinfo --noheader --nodes='$host' --format=%T 2>/dev/null | grep -qx idle; do sleep 1; done" \
  || fail "node $host not idle after 60 s"
echo "ci-slurm: node $host idle"

timeout --foreground 150 scripts/slurm-study.sh --wait "$mists" "$tmp/study" 3 "${study[@]}" \
  || fail "the Slurm study did not finish"
timeout --foreground 60 "$mists" analyze "${study[@]}" --out "$tmp/single" --quiet >/dev/null \
  || fail "the single run did not finish"
for f in games.csv cells.csv; do
  cmp "$tmp/study/$f" "$tmp/single/$f" || fail "$f of the Slurm study differs from the single run's"
done
echo "ci-slurm: PASS (3 Slurm shards merged = one run, games.csv and cells.csv byte-identical)"
