# gdb script for leak-cycles.sh: reads LeakSanitizer's report (LSAN_REPORT, written with
# report_objects=1), reads every leaked chunk from the living process, and writes to CYCLES the
# strongly connected components of the pointer graph among them. Swift's weak-reference side
# tables are left out: they point back at their object without keeping it.
import bisect
import collections
import os
import re
import sys

import gdb

text = open(os.environ["LSAN_REPORT"]).read()
text = text[text.find("ERROR: LeakSanitizer"):]
allocators = ("malloc", "calloc", "realloc", "posix_memalign", "swift_slowAlloc", "swift_allocObject", "operator new")
chunks = []  # (address, size, allocation site)
for block in re.split(r"\n(?=(?:Direct|Indirect) leak of)", text)[1:]:
    frames = re.findall(r"#\d+ 0x[0-9a-f]+ in (.*?)(?: /| \(|$)", block, re.M)
    frames = [f for f in frames if not f.startswith(allocators)]
    site = " < ".join(f[:110] for f in frames[:3])
    for address, size in re.findall(r"^(0x[0-9a-f]+) \((\d+) bytes\)", block, re.M):
        chunks.append((int(address, 16), int(size), site))
chunks.sort()
starts = [c[0] for c in chunks]
side_table = [("RefCounts" in c[2]) for c in chunks]


def chunk_at(pointer):
    k = bisect.bisect_right(starts, pointer) - 1
    if k >= 0 and chunks[k][0] <= pointer < chunks[k][0] + max(chunks[k][1], 1):
        return k
    return None


memory = gdb.selected_inferior()
edges = collections.defaultdict(list)
for index, (address, size, _) in enumerate(chunks):
    if side_table[index]:
        continue
    data = bytes(memory.read_memory(address, size))
    for offset in range(0, size - 7, 8):
        target = chunk_at(int.from_bytes(data[offset:offset + 8], "little"))
        # An object pointing at itself is a cycle too (a closure capturing only its owner has
        # the owner as its context); its isa and header words never point into itself.
        if target is not None and not side_table[target]:
            edges[index].append((offset, target))

# Tarjan's strongly connected components, iteratively.
order, low, on_stack, stack, components, counter = {}, {}, set(), [], [], 0
for root in range(len(chunks)):
    if root in order:
        continue
    work = [(root, 0)]
    while work:
        node, next_edge = work.pop()
        if next_edge == 0:
            order[node] = low[node] = counter
            counter += 1
            stack.append(node)
            on_stack.add(node)
        descended = False
        for k in range(next_edge, len(edges[node])):
            target = edges[node][k][1]
            if target not in order:
                work.append((node, k + 1))
                work.append((target, 0))
                descended = True
                break
            if target in on_stack:
                low[node] = min(low[node], order[target])
        if descended:
            continue
        if work and low[node] < low[work[-1][0]]:
            low[work[-1][0]] = low[node]
        if low[node] == order[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or any(t == node for _, t in edges[node]):
                components.append(component)

with open(os.environ["CYCLES"], "w") as out:
    out.write("%d leaked chunks, %d cycles\n" % (len(chunks), len(components)))
    shown = set()
    for component in sorted(components, key=len, reverse=True):
        members = set(component)
        summary = collections.Counter()
        for node in component:
            for offset, target in edges[node]:
                if target in members:
                    summary[(chunks[node][2], offset, chunks[target][2])] += 1
        signature = frozenset(summary)
        if signature in shown:
            continue
        shown.add(signature)
        out.write("\n=== cycle of %d chunks\n" % len(component))
        for (source, offset, target), count in summary.most_common():
            out.write("%4d  %s\n        +%d -> %s\n" % (count, source, offset, target))
