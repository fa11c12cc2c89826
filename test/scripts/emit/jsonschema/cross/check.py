"""Loads every schema file into one referencing.Registry (draft 2020-12), validates each case's value
against the schema of its $id. Input (stdin): {"schemas": [...], "cases": [{"id", "value"}]}.
Output (stdout): one boolean per case, as a JSON array."""
import json
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

data = json.load(sys.stdin)
registry = Registry().with_resources(
    (schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012)) for schema in data["schemas"]
)
validators = {}
results = []
for case in data["cases"]:
    validator = validators.get(case["id"])
    if validator is None:
        validator = validators[case["id"]] = Draft202012Validator({"$ref": case["id"]}, registry=registry)
    results.append(validator.is_valid(case["value"]))
json.dump(results, sys.stdout)
