#!/usr/bin/env python3
"""tests/tools/truth.py: one machine, one truth (issue 23). Runs every
headless command of smtscope on the machine its environment declares (a
fixture: HWLOC_XMLFILE + HWLOC_THISSYSTEM=1) and checks that their SMT
state, words, headlines and relation words agree with each other and with
the kernel's smt/control and the tree's own allowed CPUs, and that no line
contradicts another. Nothing is measured.
Usage: truth.py SMTSCOPE NAME TOURS...
Prints one line per check, "ok - NAME: what" or "not ok - NAME: what"; the
caller numbers them."""
import json, re, subprocess, sys

smtscope, name, tours = sys.argv[1], sys.argv[2], sys.argv[3:]


def check(cond, what):
    print(("ok" if cond else "not ok") + " - " + name + ": " + what)
    return cond


def run(*args):
    """rc, stdout, stderr of smtscope ARGS (never a measurement)."""
    p = subprocess.run([smtscope] + list(args), capture_output=True, text=True,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


def cores_of(node, out):
    """Each core of the tree as its PUs' (os_index, allowed)."""
    if node["type"] == "Core":
        out.append([(c["os_index"], c["allowed"]) for c in node.get("children", [])
                    if c["type"] == "PU"])
        return out
    for c in node.get("children", []):
        cores_of(c, out)
    return out


def unwrap(lines, start):
    """A line of topo's text and the lines that continue it (indented by two)."""
    s = lines[start]
    for nxt in lines[start + 1:]:
        if not nxt.startswith("  "):
            break
        s += " " + nxt[2:]
    return s


def field(text, prefix):
    """The rest of the first line starting with prefix, or None."""
    for line in text.splitlines():
        if line.startswith(prefix):
            return line[len(prefix):]
    return None


# The facts, apart from smtscope's state: the kernel's word and the tree.
try:
    control = open("/sys/devices/system/cpu/smt/control").read().strip()
except OSError:
    control = ""
rc, out, err = run("topo", "--json")
if not check(rc == 0, "topo --json exits 0 (%s)" % err.strip()):
    sys.exit(0)
topo = json.loads(out)
cores = cores_of(topo["tree"], [])
threads = max(len(c) for c in cores)
usable = any(sum(1 for _, a in c if a) >= 2 for c in cores)
nallowed = sum(1 for c in cores for _, a in c if a)
if threads > 1 and control in ("notsupported", "notimplemented", "off", "forceoff"):
    expected = "topology-only"
elif threads > 1:
    expected = "on" if usable else "siblings-outside"
else:
    expected = None
st = topo["smt_state"]
check(st["state"] == expected, "topo --json: state %s where the kernel says %r and the "
      "tree has %d threads per core, siblings %s (expected %s)" % (
          st["state"], control, threads, "usable" if usable else "not usable", expected))
check(st["control"] == (control or None), "topo --json: control %r as the kernel's "
      "file says %r" % (st["control"], control))
check(st["machine"]["pus"] == sum(len(c) for c in cores) and
      st["allowed"]["pus"] == nallowed == topo["summary"]["pus"],
      "topo --json counts both sets: machine %d CPUs, allowed %d (tree: %d, %d allowed)"
      % (st["machine"]["pus"], st["allowed"]["pus"], sum(len(c) for c in cores), nallowed))
words, short = st["words"], st["short"]

# Every command, text and JSON.
texts = {}
jsons = {"topo --json": topo}
for label, args in (("topo", ["topo"]), ("check --dry-run", ["check", "--dry-run"]),
                    ("check --infer --dry-run", ["check", "--infer", "--dry-run"]),
                    ("time -n", ["time", "-n", "--", "true"]),
                    ("c2c --dry-run", ["c2c", "--dry-run"])):
    rc, out, err = run(*args)
    refused = rc == 2 and nallowed < 2 and re.search(r"(allows|may use) 1\b", err)
    if refused:
        check(True, "%s: refused with one allowed CPU: %s" % (label, err.strip()))
        continue
    check(rc == 0, "%s exits 0 (%d%s)" % (label, rc, ": " + err.strip() if err else ""))
    texts[label] = out
for label, args in (("check --dry-run --json", ["check", "--dry-run", "--json"]),
                    ("time -n --json", ["time", "-n", "--json", "--", "true"]),
                    ("c2c --dry-run --json", ["c2c", "--dry-run", "--json"])):
    rc, out, err = run(*args)
    if rc == 0:
        jsons[label] = json.loads(out)
    else:
        check(nallowed < 2, "%s exits 0 (%d: %s)" % (label, rc, err.strip()))
for t in tours:
    rc, out, err = run("tour", "--check", t)
    check(rc == 0, "tour --check %s exits 0" % t)
    texts["tour --check " + t] = out

# One state, one set of words, in every JSON and every text.
for label, j in jsons.items():
    s = j if label == "topo --json" else j["machine"]
    s = s["smt_state"]
    check(s["state"] == st["state"] and s["words"] == words,
          "%s: smt_state %s, words as topo's" % (label, s["state"]))
    if label != "topo --json":
        on = j["machine"]["topology"]["smt_on"]
        check(on is st["on"], "%s: machine.topology.smt_on %s as the state's on %s"
              % (label, on, st["on"]))
lines = texts["topo"].splitlines()
i = 2
while lines[i].startswith("  "):
    i += 1
said = {"topo": unwrap(lines, 1)}
head = {"topo": unwrap(lines, i)}
for label, wp, hp in (("check --dry-run", "  threads    ", "  topology   "),
                      ("time -n", "threads: ", "machine: this machine: "),
                      ("check --infer --dry-run", "Threads: ", "Reported: ")):
    if label in texts:
        said[label] = field(texts[label], wp)
        head[label] = field(texts[label], hp)
if "c2c --dry-run" in texts:
    c2c = texts["c2c --dry-run"].splitlines()
    said["c2c --dry-run"], head["c2c --dry-run"] = c2c[2].strip(), c2c[1].strip()
if "check --infer --dry-run" in head and head["check --infer --dry-run"]:
    head["check --infer --dry-run"] = re.sub(r"(; under [^.]*)?\.$", "",
                                             head["check --infer --dry-run"])
for label in said:
    check(said[label] == words, "%s says the state as topo --json: %r" % (label, said[label]))
    check(head[label] == head["topo"], "%s's headline is topo's: %r" % (label, head[label]))
check(re.search(r"this process may use CPUs? [0-9]", head["topo"]) is not None and
      st["allowed"]["cpus"] in head["topo"], "the headline names the allowed set (%s)"
      % st["allowed"]["cpus"])
check("SMT" not in field(texts["topo"], "CPU: "), "topo's CPU line leaves SMT to the state line")

# No line contradicts the state: SMT is in the topology here.
# ("no SMT sibling of CPU 0 here: <why>" is checked below: the why must be the state's.)
bad = re.compile(r"\bno SMT\b(?! sibling)|SMT absent|SMT (is )?not supported|SMT off|"
                 r"SMT unknown|: no SMT$|: no SMT\)")
for label, text in texts.items():
    hits = [l for l in text.splitlines() if bad.search(l)]
    check(not hits, "%s: no line denies the topology's SMT %s" % (label, hits[:2]))
for label, j in jsons.items():
    hits = [w for w in j.get("warnings", []) if bad.search(w)]
    check(not hits, "%s: no warning denies the topology's SMT %s" % (label, hits[:2]))
if "check --dry-run --json" in jsons:
    smt = re.compile(r"SMT|sibling")
    said_text = [l[len("  ! "):] for l in texts["check --dry-run"].splitlines()
                 if l.startswith("  ! ") and smt.search(l)]
    said_json = [w for w in jsons["check --dry-run --json"]["warnings"] if smt.search(w)]
    # The anchor is the idlest allowed CPU: two runs may pick two CPUs.
    cpus = re.compile(r"\bCPU \d+")
    check([cpus.sub("CPU #", w) for w in said_text] == [cpus.sub("CPU #", w) for w in said_json],
          "check's SMT warnings are the same in its text and its "
          "JSON, but for the anchor CPU's number %s" % said_json)

# The relation words agree: siblings usable, or why not, in the same words.
plan = field(texts["check --dry-run"], "  smt-sibling    ")
if usable:
    check(plan is not None and re.match(r"CPU \d+$", plan) is not None,
          "check plans the smt-sibling cell (%s)" % plan)
    if "c2c --dry-run" in texts:
        check("smt-sibling" in field(texts["c2c --dry-run"], "  by relation:"),
              "c2c plans smt-sibling pairs")
    if "check --infer --dry-run" in texts:
        check("reported smt-sibling" in texts["check --infer --dry-run"],
              "check --infer plans a reported smt-sibling pair")
    check("cores      not run again" not in texts["time -n"],
          "time's 'cores' placement differs from 'all'")
    for t in tours:
        check("no SMT sibling" not in texts["tour --check " + t],
              "tour --check %s skips no step for want of a sibling" % t)
else:
    why = plan[len("n/a: "):] if plan and plan.startswith("n/a: ") else None
    check(why is not None and "outside this process's cpuset" in why,
          "check: smt-sibling n/a, the siblings outside the cpuset (%s)" % plan)
    if "c2c --dry-run" in texts:
        check("smt-sibling" not in texts["c2c --dry-run"], "c2c plans no sibling pair")
    check("the siblings are outside this process's cpuset" in texts["time -n"],
          "time says why 'cores' is 'all' in the state's words")
    skips = [l.split(" is skipped here: ", 1)[1] for t in tours
             for l in texts["tour --check " + t].splitlines()
             if "no SMT sibling" in l.split(" is skipped here: ", 1)[-1]]
    check(len(skips) > 0 and all("outside this process's cpuset" in l for l in skips),
          "every tour step skipped for a sibling says it is outside the cpuset (%d)"
          % len(skips))
