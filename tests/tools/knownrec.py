#!/usr/bin/env python3
# tests/tools/knownrec.py HEADER OUT DISTURBED TRIES HASH_RATE HASH_SHARE:
# a recording of known figures for the screen's replay tests. Its header is
# this machine's (the first line of HEADER, a real `smtscope record` of two
# loads); hash#1 on CPU 0 (solo 4e8 B/s, share alone 0.5) and spin#2 on
# CPU 1 (solo 4e7), their solos disturbed or not after TRIES tries, then 8
# refreshes in which hash runs at HASH_RATE with HASH_SHARE of its CPU.
import json
import sys

head, out, disturbed, tries, rate, share = sys.argv[1:7]
disturbed = disturbed == "1"
h = json.loads(open(head).readline())
h["start"] = "2026-11-30T19:04:47Z"
h["loads"][0]["load"], h["loads"][1]["load"] = "hash@0", "spin@1"
L = [{"t": 0.01, "e": "start", "id": 1, "n": 0},
     {"t": 0.01, "e": "start", "id": 2, "n": 1},
     {"t": 0.5, "e": "solo", "id": 1, "solo": 4e8, "share": 0.5, "spread": 0.01,
      "disturbed": disturbed, "tries": int(tries)},
     {"t": 0.9, "e": "solo", "id": 2, "solo": 4e7, "share": 0.5, "spread": 0.01,
      "disturbed": disturbed, "tries": int(tries)}]
for k in range(8):
    c = [[60, 2, 30] if i == 0 else [1, 1, 0] for i, _ in enumerate(h["cpus"])]
    L.append({"t": 1.0 + k, "c": [x for y in c for x in y],
              "l": [[1, "r", float(rate), float(share), 4e8], [2, "r", 2e7, 0.5, 4e7]]})
L.append({"t": 9.5, "e": "end", "why": "time"})
with open(out, "w") as f:
    f.write(json.dumps(h) + "\n")
    for x in L:
        f.write(json.dumps(x) + "\n")
