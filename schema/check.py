#!/usr/bin/env python3
"""Checks the JSON Schema of ask's spec: every example validates, and the
schema agrees with the structural cases that the Swift decoder is tested
against too (Tests/AskKitTests/SchemaAgreementTests.swift). Ends with the
line 'N passed, M failed'; exit status 1 when anything failed."""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent
schema = json.loads((root / "schema" / "ask-spec.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
passed = failed = 0


def stream(text):
    """The objects of a JSON Lines or concatenated stream."""
    decoder, i = json.JSONDecoder(), 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i == len(text):
            return
        value, i = decoder.raw_decode(text, i)
        yield value


for path in sorted((root / "Examples" / "specs").glob("*.json*")):
    for n, spec in enumerate(stream(path.read_text()), 1):
        errors = [e.message for e in validator.iter_errors(spec)]
        if errors:
            failed += 1
            print(f"FAIL example {path.name} object {n}: {errors[0]}")
        else:
            passed += 1

for case in stream((root / "schema" / "tests" / "structural-cases.jsonl").read_text()):
    valid = validator.is_valid(case["spec"])
    if valid == case["valid"]:
        passed += 1
    else:
        failed += 1
        print(f"FAIL case '{case['why']}': schema says {'valid' if valid else 'invalid'}")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
