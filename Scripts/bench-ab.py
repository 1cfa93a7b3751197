#!/usr/bin/env python3
"""Interleaved A/B runs of one benchmark suite on two builds: before/after claims for a change.

Each side is a commit (built in release in a worktree under .build/ab/, once) or the path of a
forcekit-bench binary. The suite runs on both sides in alternating order (A B B A A B ...), one
counted round each (after its own warm-up), so a machine slowed for a while weighs on both
sides. Prints, for every ratio and figure of the suite's record, each side's median and B over A
per pair, then one JSON line.

Usage: Scripts/bench-ab.py A B [--pairs N] -- SUITE [SUITE OPTIONS...]
  e.g. Scripts/bench-ab.py ca155c1 HEAD --pairs 4 -- rest --accounts 50000
"""
import json
import os
import pathlib
import statistics
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent


def binary(side):
    if os.path.isfile(side) and os.access(side, os.X_OK):
        return side
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", side + "^{commit}"],
                            capture_output=True, text=True)
    if commit.returncode != 0:
        sys.exit(f"bench-ab: {side} is neither a forcekit-bench binary nor a commit")
    commit = commit.stdout.strip()
    tree = root / ".build" / "ab" / commit[:12]
    if not tree.exists():
        subprocess.run(["git", "-C", str(root), "worktree", "add", "--detach", str(tree), commit], check=True)
    print(f"building {side} ({commit[:7]}) in release in {tree}", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "forcekit-bench"], cwd=tree, check=True)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=tree, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "forcekit-bench")


def run(bench, suite):
    done = subprocess.run([bench, *suite, "--rounds", "1", "--warmup", "1", "--json"], capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        sys.exit(f"bench-ab: {bench} {' '.join(suite)} failed:\n{done.stderr[-2000:]}")
    return json.loads(lines[-1])


def values(record):
    found = {}
    for kind in ("ratios", "figures"):
        for name, sample in record.get(kind, {}).items():
            if sample.get("median") is not None:
                found[f"{kind[:-1]} {name}"] = sample["median"]
    return found


def main():
    arguments = sys.argv[1:]
    if "--" not in arguments or arguments.index("--") < 2:
        sys.exit(__doc__)
    split = arguments.index("--")
    sides, suite = arguments[:split], arguments[split + 1:]
    pairs = 3
    if "--pairs" in sides:
        at = sides.index("--pairs")
        pairs = int(sides[at + 1])
        del sides[at:at + 2]
    if len(sides) != 2 or not suite:
        sys.exit(__doc__)
    benches = {"A": binary(sides[0]), "B": binary(sides[1])}
    results = {"A": [], "B": []}
    for pair in range(pairs):
        for side in ("AB" if pair % 2 == 0 else "BA"):
            print(f"pair {pair + 1}/{pairs}: {side} ({sides[0] if side == 'A' else sides[1]})", file=sys.stderr)
            results[side].append(values(run(benches[side], suite)))
    names = [name for name in results["A"][0] if all(name in r for r in results["A"] + results["B"])]
    rows = []
    print(f"{'':<56} {'A median':>12} {'B median':>12} {'B/A':>8}  B/A by pair")
    for name in names:
        a = [r[name] for r in results["A"]]
        b = [r[name] for r in results["B"]]
        per_pair = [y / x for x, y in zip(a, b) if x]
        row = {"name": name, "a": statistics.median(a), "b": statistics.median(b),
               "bOverA": statistics.median(per_pair) if per_pair else None, "pairs": per_pair}
        rows.append(row)
        shown = "–" if row["bOverA"] is None else f"{row['bOverA']:.3f}"
        print(f"{name:<56} {row['a']:>12.4g} {row['b']:>12.4g} {shown:>8}  "
              + ", ".join(f"{v:.3f}" for v in per_pair))
    print(json.dumps({"a": sides[0], "b": sides[1], "suite": suite, "pairs": pairs, "rows": rows}))


if __name__ == "__main__":
    main()
