#!/usr/bin/env python3
"""Benchmarks.md's table of recorded figures, made from Benchmarks/results/*.jsonl.

For each suite, its latest record: every ratio's median with the range of its rounds, its other
figures (folded), each goal
and whether it held, and the command, commit and machine that recorded it. With --write the table
replaces the lines between the markers in Benchmarks.md; without, it is printed.
Usage: Scripts/bench-table.py [--write]
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parent.parent
results = root / "Benchmarks" / "results"
begin, end = "<!-- recorded-results:begin -->", "<!-- recorded-results:end -->"


def latest(path):
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return records[-1] if records else None


def number(value):
    return "–" if value is None else f"{value:.3g}"


def table():
    lines = []
    for path in sorted(results.glob("*.jsonl")):
        record = latest(path)
        if record is None:
            continue
        environment = record["environment"]
        commit = (environment.get("commit") or "unknown")[:7] + (" (with changes)" if environment.get("dirty") else "")
        lines.append(f"**`{record['suite']}`**: `{record['command']}`, commit {commit}, "
                     f"{environment['configuration']} build, {environment['cores']} cores, "
                     f"load {environment.get('loadBefore')} before, {environment['date'][:10]}.")
        lines.append("")
        lines.append("| ratio | median | rounds' range |")
        lines.append("|---|---|---|")
        for name, sample in record["ratios"].items():
            rounds = sample["rounds"]
            spread = f"{number(min(rounds))}–{number(max(rounds))}" if rounds else "–"
            lines.append(f"| {name} | {number(sample['median'])} | {spread} |")
        figures = record.get("figures", {})
        if figures:
            lines.append("")
            lines.append(f"<details><summary>Figures (rates in {record['unit']}; other units as named)</summary>")
            lines.append("")
            lines.append("| figure | median | rounds' range |")
            lines.append("|---|---|---|")
            for name, sample in figures.items():
                rounds = sample["rounds"]
                spread = f"{number(min(rounds))}–{number(max(rounds))}" if rounds else "–"
                lines.append(f"| {name} | {number(sample['median'])} | {spread} |")
            lines.append("")
            lines.append("</details>")
        goals = ", ".join(f"{name} {'held' if held else 'did not hold'}" for name, held in record["bars"].items())
        if goals:
            lines.append("")
            lines.append(f"Goals: {goals}.")
        for note in record.get("notes", []):
            lines.append(f"Note: {note}")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main():
    text = table()
    if "--write" not in sys.argv:
        sys.stdout.write(text)
        return
    document = root / "Benchmarks.md"
    content = document.read_text()
    if begin not in content or end not in content:
        sys.exit(f"{document} has no {begin} … {end} markers")
    head, rest = content.split(begin, 1)
    _, tail = rest.split(end, 1)
    document.write_text(head + begin + "\n" + text + end + tail)


main()
