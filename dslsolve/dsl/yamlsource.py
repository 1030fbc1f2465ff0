"""YAML loading that remembers where every string and mapping came from, for error messages.

PyYAML is imported when a file is loaded, not with this module: the readers of a genre file
that the command line's cache holds (`genrecache.py`) need `where_of` only."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from dslsolve.errors import DslError, Location

if TYPE_CHECKING:
    import yaml

BOOL_TAG = "tag:yaml.org,2002:bool"


class LocatedStr(str):
    """A string from a YAML file, with the place where its text starts."""

    where: Location


class LocatedDict(dict):
    """A mapping from a YAML file, with the place where it starts."""

    where: Location


class LocatedList(list):
    where: Location


def _loader_for(path: str) -> type[yaml.SafeLoader]:
    import yaml

    class Loader(yaml.SafeLoader):
        def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
            """Refuse aliases (`*name`): ten levels of anchors each used ten times expand to
            10^10 nodes (gigabytes); a genre file has no need of them."""
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()
                raise DslError(
                    Location(path, event.start_mark.line + 1, event.start_mark.column + 1),
                    f"a YAML alias (*{event.anchor}) is not allowed in a genre file",
                    hint="write the value out where it is needed",
                )
            return super().compose_node(parent, index)

    # YAML 1.1 reads on/off/yes/no as booleans; a genre file says `on: borders`.
    Loader.yaml_implicit_resolvers = {
        first: [(tag, pattern) for tag, pattern in resolvers if tag != BOOL_TAG]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    Loader.add_implicit_resolver(
        BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
    )

    def place(node: yaml.Node) -> Location:
        return Location(path, node.start_mark.line + 1, node.start_mark.column + 1)

    def construct_str(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> LocatedStr:
        text = LocatedStr(loader.construct_scalar(node))
        where = place(node)
        if node.style in ("'", '"'):
            where = where.shifted(2)
        text.where = where
        return text

    def construct_map(loader: yaml.SafeLoader, node: yaml.MappingNode) -> LocatedDict:
        first_line: dict[str, int] = {}  # YAML would keep the last of two equal keys, silently
        for key, _ in node.value:
            if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                if key.value in first_line:
                    raise DslError(
                        place(key),
                        f"'{key.value}' is given twice in one mapping (first on line "
                        f"{first_line[key.value]}); the second would replace the first",
                        hint="merge the two into one",
                    )
                first_line[key.value] = key.start_mark.line + 1
        mapping = LocatedDict(loader.construct_mapping(node, deep=True))
        mapping.where = place(node)
        return mapping

    def construct_seq(loader: yaml.SafeLoader, node: yaml.SequenceNode) -> LocatedList:
        items = LocatedList(loader.construct_sequence(node, deep=True))
        items.where = place(node)
        return items

    Loader.add_constructor("tag:yaml.org,2002:str", construct_str)
    Loader.add_constructor("tag:yaml.org,2002:map", construct_map)
    Loader.add_constructor("tag:yaml.org,2002:seq", construct_seq)
    return Loader


def load_yaml(path: str, text: str) -> Any:
    import yaml

    try:
        return yaml.load(text, Loader=_loader_for(path))  # noqa: S506 - a SafeLoader subclass
    except RecursionError:
        raise DslError(
            Location(path), "the YAML nests too deeply (thousands of levels) to be read"
        ) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark
        where = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path)
        raise DslError(where, f"not valid YAML: {err.problem}") from None
    except yaml.reader.ReaderError as err:  # a control character: no mark, a position
        line = text.count("\n", 0, err.position) + 1
        column = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        raise DslError(
            Location(path, line, column),
            f"not valid YAML: the control character {err.character:#04x} is not allowed",
        ) from None


def where_of(value: Any, fallback: Location) -> Location:
    return getattr(value, "where", fallback)
