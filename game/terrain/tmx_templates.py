"""Objects made from Tiled templates (`.tx`): each instance becomes the object Tiled shows.

An instance names its template file (relative to the map) and keeps only what was changed on it:
its own attributes win over the template's, its custom properties are laid over the template's
by name, and a template's shape (polyline, polygon, ellipse, point) is used when the instance
has none. A template of a tile object carries its own tileset reference; its tile is renumbered
into the map's copy of that tileset, and refused when the map does not use that tileset.
"""

from __future__ import annotations

import copy
import os
from xml.etree.ElementTree import Element

from game.terrain.terrain_map import MapError
from game.terrain.tmx_check import GID_FLAGS, check_properties, int_attr, read_xml

SHAPES = ("polyline", "polygon", "ellipse", "point", "text")


def resolve_templates(path: str, root: Element) -> None:
    """Replace every template instance in the map by the object it stands for (in place)."""
    cache: dict[str, tuple[Element, Element | None]] = {}
    for group in root.iter("objectgroup"):
        layer = group.get("name", "?")
        for obj in group.findall("object"):
            source = obj.get("template")
            if source is None:
                continue
            where = f"object {_label(obj)} in layer {layer!r}"
            if source not in cache:
                cache[source] = _read_template(path, source, where)
            template, tileset = cache[source]
            _merge(path, root, obj, template, tileset, source, where)


def _read_template(path: str, source: str, where: str) -> tuple[Element, Element | None]:
    if not source.lower().endswith(".tx"):
        raise MapError(path, f"{where}: template {source!r} is not a .tx file; only .tx templates are read")
    file = os.path.join(os.path.dirname(path), source)
    label = f"{where}: template {source!r}"
    node = read_xml(file, path, label)
    if node.tag != "template":
        raise MapError(path, f"{label}: the root element is <{node.tag}>, not <template>")
    obj = node.find("object")
    if obj is None:
        raise MapError(path, f"{label} holds no <object>")
    for el in obj.iter():
        props = el.find("properties")
        if props is not None:
            check_properties(path, el, props, label)
    return obj, node.find("tileset")


def _merge(path: str, root: Element, obj: Element, template: Element, tileset: Element | None,
           source: str, where: str) -> None:
    own = dict(obj.attrib)
    del own["template"]
    props = {p.get("name", ""): p for p in template.iterfind("properties/property")}
    props.update({p.get("name", ""): p for p in obj.iterfind("properties/property")})
    shape = [c for c in obj if c.tag in SHAPES] or [copy.deepcopy(c) for c in template if c.tag in SHAPES]
    obj.attrib.clear()
    obj.attrib.update({k: v for k, v in template.attrib.items() if k != "id"})
    if "gid" in obj.attrib and "gid" not in own:
        obj.set("gid", str(_renumber(path, root, template, tileset, source, where)))
    obj.attrib.update(own)
    for child in list(obj):
        obj.remove(child)
    if props:
        holder = Element("properties")
        holder.extend(copy.deepcopy(p) for p in props.values())
        obj.append(holder)
    obj.extend(shape)


def _renumber(path: str, root: Element, template: Element, tileset: Element | None, source: str,
              where: str) -> int:
    """The template's tile number in the map's numbering of the same tileset."""
    raw = int_attr(path, template, "gid", f"{where}: template {source!r}")
    if tileset is None or not tileset.get("source"):
        raise MapError(path, f"{where}: template {source!r} shows a tile but names no tileset file")
    wanted = os.path.normpath(os.path.join(os.path.dirname(source), tileset.get("source", "")))
    for ts in root.findall("tileset"):
        if ts.get("source") and os.path.normpath(ts.get("source", "")) == wanted:
            first = int_attr(path, ts, "firstgid", "a <tileset>")
            local = (raw & ~GID_FLAGS) - int_attr(path, tileset, "firstgid", f"template {source!r}")
            return (first + local) | (raw & GID_FLAGS)
    raise MapError(path, f"{where}: template {source!r} shows a tile of tileset {wanted!r}, which the map "
                         "does not use; add that tileset to the map")


def _label(obj: Element) -> str:
    name = obj.get("name")
    return f"{name!r} (id {obj.get('id', '?')})" if name else f"id {obj.get('id', '?')}"
