"""Python source without its comments and docstrings, every line kept at its number.

The page's Python travels as source (tools/stdlib.py: the standard library; tools/pyscript_files.py:
the app's modules without bytecode): comments and docstrings are about a third of its bytes, and
nothing at run time reads them. Each comment is removed, each docstring becomes an empty one
(``""``, or a triple-quoted string of as many newlines as it spanned): a traceback's file and
line number still point at the same statement as in the tree, and the line it shows is that
statement. ``__doc__`` is then ``""``, not ``None``.

Standard library only, and no syntax of its own beyond Python 3.8: tools/stdlib.py runs it inside
Pyodide's Python, whose standard library may use syntax the host's Python cannot parse.
"""

from __future__ import annotations

import ast
import io
import tokenize

_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def strip(source: bytes) -> bytes:
    """``source`` (UTF-8) without comments and docstrings, with as many lines; raises SyntaxError
    or UnicodeDecodeError where it is not Python this interpreter reads."""
    text = source.decode("utf-8")
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(row: int, col: int, utf8: bool = False) -> int:
        line = lines[row - 1] if row <= len(lines) else ""
        if utf8:  # the syntax tree counts columns in UTF-8 bytes, tokenize in characters
            col = len(line.encode("utf-8")[:col].decode("utf-8"))
        return starts[row - 1] + col

    edits = []
    for node in ast.walk(ast.parse(text)):
        body = node.body if isinstance(node, _DOCUMENTED) else None
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            doc = body[0].value
            spanned = doc.end_lineno - doc.lineno
            empty = '"""' + "\n" * spanned + '"""' if spanned else '""'
            edits.append((offset(doc.lineno, doc.col_offset, True), offset(doc.end_lineno, doc.end_col_offset, True), empty))
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            start = offset(*token.start)
            while start > 0 and text[start - 1] in " \t":  # the blanks before it (outside any string)
                start -= 1
            edits.append((start, offset(*token.end), ""))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text.encode("utf-8")
