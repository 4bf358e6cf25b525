"""The /docs page: the OpenAPI description rendered for people, on the server, as one HTML
page with its style inline (no script, no font, nothing fetched from anywhere else), so it
works offline and behind any firewall. Operations are grouped by tag, each with its
parameters, request body and responses down to every field, then the error codes."""

from __future__ import annotations

import html
import re
from typing import Any

from desktop_app.sandbox.openapi import CONTACT_CODES, PORTAL_CODES, SMS_CODES

Schema = dict[str, Any]

_STYLE = """
:root { --ink:#1d2430; --muted:#5b6678; --line:#dde2ea; --bg:#f6f8fb; --accent:#0b6e4f; }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
       color:var(--ink); background:var(--bg); }
a { color:var(--accent); text-decoration:none; } a:hover { text-decoration:underline; }
code { font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;
       background:#eef1f5; padding:1px 4px; border-radius:3px; }
nav { position:fixed; top:0; bottom:0; left:0; width:290px; overflow-y:auto; padding:20px 16px;
      background:#fff; border-right:1px solid var(--line); font-size:13.5px; }
nav h2 { font-size:12px; text-transform:uppercase; letter-spacing:.06em; color:var(--muted);
         margin:18px 0 6px; }
nav ul { list-style:none; margin:0; padding:0; }
nav li { margin:3px 0; display:flex; gap:6px; }
nav li .verb { flex:0 0 48px; color:var(--muted); font:600 11px/1.9 ui-monospace,monospace; }
nav li a { word-break:break-all; }
main { margin-left:290px; padding:28px 40px 80px; max-width:1180px; }
h1 { margin:0 0 4px; font-size:26px; } .summary { color:var(--muted); margin:0 0 18px; }
h2.tag { margin:44px 0 6px; padding-bottom:6px; border-bottom:2px solid var(--line); }
.op { background:#fff; border:1px solid var(--line); border-radius:8px; margin:18px 0;
      padding:16px 20px; }
.op h3 { margin:0; font-size:17px; display:flex; gap:10px; align-items:center; flex-wrap:wrap; }
.method { font:700 12px/1 ui-monospace,monospace; padding:5px 8px; border-radius:4px;
          color:#fff; min-width:58px; text-align:center; }
.get { background:#1f6feb; } .post { background:#0b6e4f; } .put { background:#9a6700; }
.patch { background:#8250df; } .delete { background:#cf222e; }
.path { font:600 15px ui-monospace,monospace; } .opsum { color:var(--muted); font-weight:400; }
h4 { margin:16px 0 6px; font-size:13px; text-transform:uppercase; letter-spacing:.05em;
     color:var(--muted); }
table { border-collapse:collapse; width:100%; font-size:13.5px; margin:4px 0 8px; }
th, td { text-align:left; vertical-align:top; padding:5px 8px;
         border-bottom:1px solid var(--line); }
th { font-weight:600; color:var(--muted); font-size:12px; }
td.name { white-space:nowrap; font-family:ui-monospace,monospace; font-size:13px; }
td.type { white-space:nowrap; color:#6e3fb3; font-family:ui-monospace,monospace; font-size:12.5px; }
.req { color:#cf222e; font-size:11px; margin-left:4px; }
.status { font:700 13px ui-monospace,monospace; }
.s2 { color:#0b6e4f; } .s4 { color:#9a6700; } .s5 { color:#cf222e; }
details { margin:2px 0 6px; } summary { cursor:pointer; color:var(--accent); font-size:13px; }
.note { color:var(--muted); font-size:12.5px; }
.auth { font-size:13px; color:var(--muted); margin-top:8px; }
.desc p { margin:6px 0; } .desc ul { margin:6px 0; padding-left:22px; }
@media (max-width: 900px) { nav { display:none; } main { margin-left:0; padding:20px; } }
"""

_METHODS = ("get", "post", "put", "patch", "delete")


def render(document: Schema) -> str:
    """The whole page for an OpenAPI document built by openapi.build()."""
    schemas: dict[str, Schema] = document.get("components", {}).get("schemas", {})
    operations = _operations_by_tag(document)
    info = document["info"]
    nav = ["<nav>", f"<strong>{_e(info['title'])}</strong>"]
    body = [
        "<main>",
        f"<h1>{_e(info['title'])}</h1>",
        f'<p class="summary">{_e(info.get("summary", ""))} · OpenAPI {document["openapi"]} · '
        '<a href="/openapi.json">openapi.json</a></p>',
    ]
    for server in document.get("servers", []):
        body.append(f'<p class="note">Server: <code>{_e(server["url"])}</code></p>')
    body.append(f'<div class="desc">{_markdown(info.get("description", ""))}</div>')
    for tag in document.get("tags", []):
        name = tag["name"]
        ops = operations.get(name, [])
        if not ops:
            continue
        nav.append(f"<h2>{_e(name)}</h2><ul>")
        body.append(f'<h2 class="tag" id="{_slug(name)}">{_e(name)}</h2>')
        body.append(f'<p class="note">{_inline(tag.get("description", ""))}</p>')
        for method, path, op in ops:
            anchor = op.get("operationId") or _slug(f"{method} {path}")
            nav.append(
                f'<li><span class="verb">{method.upper()}</span>'
                f'<a href="#{anchor}">{_e(path)}</a></li>'
            )
            body.append(_operation(method, path, op, anchor, schemas, document))
        nav.append("</ul>")
    nav.append('<h2>Reference</h2><ul><li><a href="#errors">Error codes</a></li>')
    nav.append('<li><a href="#schemas">Schemas</a></li></ul></nav>')
    body.append(_errors_section())
    body.append(_schemas_section(schemas))
    body.append("</main>")
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(info['title'])}</title><style>{_STYLE}</style></head><body>"
        + "".join(nav)
        + "".join(body)
        + "</body></html>"
    )


def _operations_by_tag(document: Schema) -> dict[str, list[tuple[str, str, Schema]]]:
    grouped: dict[str, list[tuple[str, str, Schema]]] = {}
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if method in _METHODS:
                for tag in operation.get("tags", ["Other"]):
                    grouped.setdefault(tag, []).append((method, path, operation))
    return grouped


def _operation(
    method: str, path: str, op: Schema, anchor: str, schemas: dict[str, Schema], doc: Schema
) -> str:
    parts = [
        f'<section class="op" id="{anchor}"><h3><span class="method {method}">'
        f'{method.upper()}</span><span class="path">{_e(path)}</span>'
        f'<span class="opsum">{_e(op.get("summary", ""))}</span></h3>'
    ]
    if op.get("description"):
        parts.append(f'<div class="desc">{_markdown(op["description"])}</div>')
    parts.append(_auth(op, doc))
    parameters = op.get("parameters", [])
    if parameters:
        parts.append("<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th>")
        parts.append("<th>description</th></tr>")
        for param in parameters:
            required = '<span class="req">required</span>' if param.get("required") else ""
            parts.append(
                f'<tr><td class="name">{_e(param["name"])}{required}</td>'
                f"<td>{_e(param['in'])}</td>"
                f'<td class="type">{_e(_type_of(param.get("schema", {})))}</td>'
                f"<td>{_inline(param.get('description', ''))}"
                f"{_constraints(param.get('schema', {}))}</td></tr>"
            )
        parts.append("</table>")
    request = op.get("requestBody")
    if request:
        parts.append("<h4>Request body</h4>")
        if request.get("description"):
            parts.append(f'<p class="note">{_inline(request["description"])}</p>')
        for media, content in request.get("content", {}).items():
            schema = content.get("schema", {})
            fields = _fields_table(schema, schemas)
            if fields:
                parts.append(f"<p><code>{_e(media)}</code> {_schema_link(schema)}</p>{fields}")
            else:
                parts.append(
                    f'<p><code>{_e(media)}</code> <span class="note">same fields</span></p>'
                )
    parts.append("<h4>Responses</h4><table><tr><th>status</th><th>meaning</th>")
    parts.append("<th>body</th></tr>")
    for status, response in op.get("responses", {}).items():
        content = response.get("content", {})
        cells = []
        for media, media_obj in content.items():
            schema = media_obj.get("schema", {})
            link = _schema_link(schema) or _e(_type_of(schema))
            # a success body's fields are shown here; errors share a few schemas (linked)
            table = _fields_table(schema, schemas) if status.startswith("2") else ""
            detail = f"<details><summary>fields</summary>{table}</details>" if table else ""
            cells.append(f"<code>{_e(media)}</code> {link}{detail}")
        for header in response.get("headers", {}):
            cells.append(f'<span class="note">header <code>{_e(header)}</code></span>')
        parts.append(
            f'<tr><td class="status s{status[0]}">{_e(status)}</td>'
            f"<td>{_inline(response.get('description', ''))}</td>"
            f"<td>{'<br>'.join(cells)}</td></tr>"
        )
    parts.append("</table></section>")
    return "".join(parts)


def _auth(op: Schema, doc: Schema) -> str:
    security = op.get("security")
    if security is None:
        security = doc.get("security", [])
    if not security:
        return '<p class="auth">No authentication.</p>'
    schemes = doc.get("components", {}).get("securitySchemes", {})
    names = []
    for requirement in security:
        for name in requirement:
            scheme = schemes.get(name, {})
            if scheme.get("type") == "http":
                names.append("<code>Authorization: Bearer &lt;token&gt;</code>")
            elif scheme.get("in") == "query":
                names.append(f"<code>?{_e(scheme['name'])}=</code> (legacy)")
            else:
                names.append(f"<code>{_e(scheme.get('name', name))}</code> header")
    return f'<p class="auth">Authentication: {" or ".join(names)}.</p>'


def _ref_name(schema: Schema) -> str | None:
    ref = schema.get("$ref")
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) else None


def _schema_link(schema: Schema) -> str:
    name = _ref_name(schema)
    return f'<a href="#schema-{name}">{_e(name)}</a>' if name else ""


def _resolve(schema: Schema, schemas: dict[str, Schema]) -> Schema:
    """The schema with its $ref followed and allOf merged into one object."""
    name = _ref_name(schema)
    if name:
        schema = schemas.get(name, {})
    if "allOf" in schema:
        merged: Schema = {"type": "object", "properties": {}, "required": []}
        for part in schema["allOf"]:
            resolved = _resolve(part, schemas)
            merged["properties"].update(resolved.get("properties", {}))
            merged["required"] += resolved.get("required", [])
        return merged
    return schema


def _fields_table(schema: Schema, schemas: dict[str, Schema]) -> str:
    rows = _field_rows(_resolve(schema, schemas), schemas, 0, set())
    if not rows:
        return ""
    return (
        "<table><tr><th>field</th><th>type</th><th>description</th></tr>"
        + "".join(rows)
        + "</table>"
    )


def _field_rows(
    schema: Schema, schemas: dict[str, Schema], depth: int, seen: set[str]
) -> list[str]:
    rows: list[str] = []
    required = set(schema.get("required", []))
    for name, prop in schema.get("properties", {}).items():
        mark = '<span class="req">required</span>' if name in required else ""
        indent = "&nbsp;&nbsp;&nbsp;" * depth + ("└ " if depth else "")
        description = prop.get("description", "")
        resolved = _resolve(prop, schemas)
        if not description and resolved is not prop:
            description = resolved.get("description", "")
        rows.append(
            f'<tr><td class="name">{indent}{_e(name)}{mark}</td>'
            f'<td class="type">{_type_html(prop)}</td>'
            f"<td>{_inline(description)}{_constraints(resolved)}</td></tr>"
        )
        ref = _ref_name(prop) or _ref_name(prop.get("items", {}))
        if ref in seen or depth >= 3:
            continue
        inner = _resolve(prop.get("items", prop), schemas)
        rows += _field_rows(inner, schemas, depth + 1, seen | ({ref} if ref else set()))
    return rows


def _type_of(schema: Schema) -> str:
    name = _ref_name(schema)
    if name:
        return name
    if "anyOf" in schema:
        return " | ".join(_type_of(option) for option in schema["anyOf"])
    if "allOf" in schema:
        return " & ".join(_type_of(part) for part in schema["allOf"])
    kind = schema.get("type", "any")
    if isinstance(kind, list):
        kind = " | ".join(kind)
    if kind == "array":
        return f"array of {_type_of(schema.get('items', {}))}"
    fmt = schema.get("format")
    return f"{kind} ({fmt})" if fmt else str(kind)


def _type_html(schema: Schema) -> str:
    name = _ref_name(schema) or _ref_name(schema.get("items", {}))
    text = _e(_type_of(schema))
    if name:
        text = text.replace(_e(name), f'<a href="#schema-{name}">{_e(name)}</a>', 1)
    return text


def _constraints(schema: Schema) -> str:
    notes = []
    for key, label in (
        ("const", "always"),
        ("enum", "one of"),
        ("default", "default"),
        ("minimum", "min"),
        ("exclusiveMinimum", "above"),
        ("maximum", "max"),
        ("minLength", "min length"),
        ("maxLength", "max length"),
        ("minItems", "min items"),
        ("maxItems", "max items"),
        ("pattern", "pattern"),
    ):
        if key in schema:
            value = schema[key]
            if isinstance(value, list):
                shown = ", ".join(f"<code>{_e(_json_text(v))}</code>" for v in value)
            else:
                shown = f"<code>{_e(_json_text(value))}</code>"
            notes.append(f"{label} {shown}")
    examples = schema.get("examples")
    if examples:
        notes.append("e.g. " + ", ".join(f"<code>{_e(_json_text(v))}</code>" for v in examples))
    return f'<div class="note">{"; ".join(notes)}</div>' if notes else ""


def _json_text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, float) and value.is_integer() and abs(value) >= 1e6:
        return f"{value:g}"
    return str(value)


def _errors_section() -> str:
    sms = "".join(
        f"<tr><td class='status'>{code}</td><td>{int(code)}</td><td>{_inline(text)}</td></tr>"
        for code, text in SMS_CODES.items()
    )
    contacts = "".join(
        f"<tr><td class='status'>{status}</td><td><code>{code}</code></td>"
        f"<td>{_inline(text)}</td></tr>"
        for status, (code, text) in CONTACT_CODES.items()
    )
    portal = "".join(
        f"<tr><td class='status'>{status}</td><td>{_inline(text)}</td></tr>"
        for status, text in PORTAL_CODES.items()
    )
    return (
        '<h2 class="tag" id="errors">Error codes</h2>'
        "<h4>SMS family (/v1, /v2, WhatsApp, surveys): "
        "<code>{status: false, responseCode, message}</code></h4>"
        "<table><tr><th>responseCode</th><th>HTTP</th><th>when</th></tr>"
        f"{sms}</table>"
        "<h4>Contacts: <code>{success: false, error: {code, message, fields}}</code></h4>"
        "<table><tr><th>HTTP</th><th>code</th><th>when</th></tr>"
        f"{contacts}</table>"
        "<h4>Sandbox portal: <code>{error}</code></h4>"
        f"<table><tr><th>HTTP</th><th>when</th></tr>{portal}</table>"
    )


def _schemas_section(schemas: dict[str, Schema]) -> str:
    parts = ['<h2 class="tag" id="schemas">Schemas</h2>']
    for name, schema in schemas.items():
        parts.append(f'<section class="op" id="schema-{name}"><h3>{_e(name)}</h3>')
        if schema.get("description"):
            parts.append(f'<div class="desc">{_inline(schema["description"])}</div>')
        parts.append(_fields_table(schema, schemas) or f"<p>{_e(_type_of(schema))}</p>")
        parts.append("</section>")
    return "".join(parts)


# --- a little Markdown: paragraphs, "- " lists, pipe tables, **bold** and `code` ------------


def _markdown(text: str) -> str:
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        if all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            out.append(f"<ul>{items}</ul>")
        elif all(line.startswith("|") for line in lines) and len(lines) >= 2:
            out.append(_table(lines))
        else:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


def _table(lines: list[str]) -> str:
    def cells(line: str) -> list[str]:
        return [cell.strip() for cell in line.strip().strip("|").split("|")]

    head = "".join(f"<th>{_inline(c)}</th>" for c in cells(lines[0]))
    rows = "".join(
        "<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in cells(line)) + "</tr>"
        for line in lines[2:]
    )
    return f"<table><tr>{head}</tr>{rows}</table>"


def _inline(text: str) -> str:
    escaped = _e(text)
    escaped = re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", escaped)


def _e(text: str) -> str:
    return html.escape(str(text), quote=True)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
