"""Compares two Cooklang files as the reference parser (cooklang-rs, through the
cooklang-bindings package) reads them: `python3 cooklang-compare.py [--ingredients] A B`.
Prints each difference and exits 1 if there is one, 0 if they read the same.
With --ingredients only the ingredients (name, quantity, unit, note) are compared."""

import sys

import cooklang


def quantity(value):
    if value is None:
        return None
    number = value.value
    if hasattr(number, "start"):
        number = (number.start, number.end)
    return (number, value.unit or "")


def summary(path, ingredients_only):
    with open(path, encoding="utf-8") as handle:
        recipe = cooklang.parse(handle.read())
    result = {
        "ingredients": [(i.name, quantity(i.quantity), i.note or "") for i in recipe.ingredients],
    }
    if not ingredients_only:
        result["cookware"] = [(c.name, quantity(c.quantity)) for c in recipe.cookware]
        result["timers"] = [(t.name or "", quantity(t.quantity)) for t in recipe.timers]
        result["metadata"] = {key: str(value) for key, value in recipe.metadata.items()}
        result["steps"] = len(recipe.steps)
        result["notes"] = [n.text for s in recipe.sections for n in s.notes]
        result["sections"] = [s.name for s in recipe.sections]
    return result


def main():
    arguments = sys.argv[1:]
    ingredients_only = "--ingredients" in arguments
    first, second = [a for a in arguments if a != "--ingredients"]
    a, b = summary(first, ingredients_only), summary(second, ingredients_only)
    differences = [f"{key}: {a[key]!r} != {b[key]!r}" for key in a if a[key] != b[key]]
    for line in differences:
        print(line)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
