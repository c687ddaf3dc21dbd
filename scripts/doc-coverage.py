#!/usr/bin/env python3
"""The public surface of a module from its symbol graph (swiftc
-emit-symbol-graph), one declaration a line, and the declarations
without a doc comment of their own: the exit status is 1 when there
are any.

A declaration is counted as documented when it has a doc comment, when
the compiler synthesized it (Equatable's ==, CaseIterable's allCases,
a raw-value init), or when it implements a requirement of a protocol
of the standard library (description, ==, hash(into:)): DocC shows the
protocol's own documentation for those.

Usage: doc-coverage.py SYMBOLS.json [--list]
"""
import json
import sys


def main():
    args = sys.argv[1:]
    listing = "--list" in args
    paths = [a for a in args if not a.startswith("--")]
    if len(paths) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    with open(paths[0], encoding="utf-8") as f:
        graph = json.load(f)
    module = graph["module"]["name"]
    # Requirements of protocols from other modules that a symbol implements.
    foreign = {r["source"] for r in graph.get("relationships", [])
               if r["kind"] in ("requirementOf", "defaultImplementationOf", "overrides")
               and not r["target"].startswith("s:" + str(len(module)) + module)}
    implements = {r["source"] for r in graph.get("relationships", [])
                  if r["kind"] in ("overrides",) or r.get("sourceOrigin")}
    missing = []
    surface = []
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        usr = symbol["identifier"]["precise"]
        path = ".".join(symbol["pathComponents"])
        kind = symbol["kind"]["displayName"]
        declaration = "".join(t["spelling"] for t in symbol.get("declarationFragments", []))
        surface.append((path, kind, declaration))
        documented = (symbol.get("docComment", {}).get("lines")
                      or "::SYNTHESIZED::" in usr or usr in implements or usr in foreign)
        if not documented:
            missing.append((path, kind))
    if listing:
        for path, kind, declaration in sorted(surface):
            print(f"{path}\t{kind}\t{declaration}")
    for path, kind in sorted(missing):
        print(f"undocumented: {kind} {path}", file=sys.stderr)
    print(f"{module}: {len(surface)} public declarations, {len(missing)} without a doc comment",
          file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
