"""Readers of the container recipes, for tests/server/test_container.py: the ``Dockerfile``'s instructions,
and the plain YAML the compose file keeps to (no PyYAML here: a reader of a strict subset, which refuses
anything outside it rather than read it otherwise than Docker would)."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Instruction:
    """One instruction of a Dockerfile: its name (upper case) and the rest of its line, continuations joined."""

    name: str
    text: str

    def exec_form(self) -> list[str]:
        """The JSON array of a ``CMD`` or ``ENTRYPOINT`` (after any ``--flag=`` options, as ``HEALTHCHECK``'s)."""
        text = self.text
        if self.name == "HEALTHCHECK":
            text = re.sub(r"^(--\S+\s+)*CMD\s+", "", text)
        words = json.loads(text)
        assert isinstance(words, list) and all(isinstance(word, str) for word in words), self
        return words

    def options(self) -> dict[str, list[str]]:
        """A ``RUN``'s or ``COPY``'s ``--name=value`` options, by name."""
        found: dict[str, list[str]] = {}
        for name, value in re.findall(r"(?:^|\s)--([\w-]+)=(\S+)", self.shell_prefix()):
            found.setdefault(name, []).append(value)
        return found

    def shell_prefix(self) -> str:
        """The leading ``--option=value`` words of a ``RUN`` or ``COPY``."""
        return self.text[: len(self.text) - len(self.command())]

    def command(self) -> str:
        """What follows the leading options."""
        return re.sub(r"^(--\S+\s+)*", "", self.text)

    def steps(self) -> list[list[str]]:
        """A shell-form ``RUN``'s commands, split at ``&&``, each split into words as the shell would."""
        return [shlex.split(part) for part in self.command().split("&&")]


def read_dockerfile(path: Path) -> list[list[Instruction]]:
    """The Dockerfile's stages, each the list of its instructions (starting with its ``FROM``)."""
    lines: list[str] = []
    pending = ""
    for raw in path.read_text("utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#") and not pending:
            continue
        if line.startswith("#"):  # a comment inside a continued instruction
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        if pending or line:
            lines.append(pending + line)
        pending = ""
    stages: list[list[Instruction]] = []
    for line in lines:
        name, _, text = line.partition(" ")
        instruction = Instruction(name.upper(), " ".join(text.split()) if name.upper() == "RUN" else text.strip())
        if instruction.name == "FROM":
            stages.append([])
        assert stages, f"an instruction before FROM: {line}"
        stages[-1].append(instruction)
    return stages


def read_compose(path: Path) -> dict[str, Any]:
    """The compose file as a mapping: block mappings and lists by indentation, values JSON-like.

    >>> read_compose_text('a:\\n  b: "x"\\n  c: [1, "2"]\\n  d:\\n    - e\\n')
    {'a': {'b': 'x', 'c': [1, '2'], 'd': ['e']}}
    """
    return read_compose_text(path.read_text("utf-8"))


def read_compose_text(text: str) -> dict[str, Any]:
    """``read_compose`` of a text."""
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        assert "\t" not in raw, f"line {number}: a tab"
        lines.append((len(raw) - len(raw.lstrip(" ")), raw.strip(), number))
    value, rest = _block(lines, 0)
    assert not rest, f"line {rest[0][2]}: not where its indentation puts it"
    assert isinstance(value, dict)
    return value


Line = tuple[int, str, int]
"""A line's indentation, its text and its number."""


def _block(lines: list[Line], indent: int) -> tuple[Any, list[Line]]:
    """The mapping or list whose lines start at ``indent``, and the lines after it."""
    if lines[0][1].startswith("- "):
        items: list[Any] = []
        while lines and lines[0][0] == indent and lines[0][1].startswith("- "):
            items.append(_scalar(lines[0][1][2:], lines[0][2]))
            lines = lines[1:]
        return items, lines
    mapping: dict[str, Any] = {}
    while lines and lines[0][0] == indent:
        _, text, number = lines[0]
        key, colon, value = text.partition(":")
        assert colon and re.fullmatch(r"[\w.-]+", key), f"line {number}: not a key"
        assert key not in mapping, f"line {number}: {key} twice"
        lines = lines[1:]
        if value.strip():
            assert value.startswith(" "), f"line {number}: no space after the colon"
            mapping[key] = _scalar(value.strip(), number)
        else:
            assert lines and lines[0][0] > indent, f"line {number}: {key} holds nothing"
            mapping[key], lines = _block(lines, lines[0][0])
    return mapping, lines


PLAIN = re.compile(r"[A-Za-z0-9./][\w./:@-]*")
"""A plain (unquoted) string the reader takes: no character YAML could read otherwise (``: ``, `` #``, ``&``)."""
NOT_STRINGS = re.compile(r"(?i)(true|false|yes|no|on|off|null|~|[-+]?[0-9][0-9_.:eE+-]*)")
"""Plain words YAML would read as something other than a string: booleans, null, numbers (``80:80`` too)."""


def _scalar(text: str, number: int) -> Any:
    """A value: JSON (a quoted string, a list, a mapping, a whole number, true or false: YAML reads them
    alike), else a plain string."""
    if text[0] in '"[{' or re.fullmatch(r"[1-9][0-9]*|0|true|false", text):
        return json.loads(text)
    assert PLAIN.fullmatch(text), f"line {number}: {text!r} is not a plain string (quote it)"
    assert not NOT_STRINGS.fullmatch(text), f"line {number}: YAML reads {text!r} as no string (quote it)"
    return text
