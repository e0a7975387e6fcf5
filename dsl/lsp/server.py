"""The pygls glue: LSP requests in, :class:`~deckwright.dsl.lsp.analysis.Analysis` answers out.

Each handler converts positions and shapes; what the answer is lives in ``analysis``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional
from urllib.parse import unquote

from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..errors import Diagnostic
from .analysis import Analysis

SEVERITY = {"error": T.DiagnosticSeverity.Error, "warning": T.DiagnosticSeverity.Warning,
            "info": T.DiagnosticSeverity.Information}
COMPLETION_KIND = {"keyword": T.CompletionItemKind.Keyword, "event": T.CompletionItemKind.Event,
                   "card": T.CompletionItemKind.Constant, "zone": T.CompletionItemKind.Folder,
                   "resource": T.CompletionItemKind.Unit, "counter": T.CompletionItemKind.Unit,
                   "action": T.CompletionItemKind.Function, "move": T.CompletionItemKind.Method,
                   "type": T.CompletionItemKind.Class, "subtype": T.CompletionItemKind.Class}
SYMBOL_KIND = {"card": T.SymbolKind.Object, "token": T.SymbolKind.Object,
               "actiondecl": T.SymbolKind.Function, "movedecl": T.SymbolKind.Method,
               "trigger": T.SymbolKind.Event, "whenever": T.SymbolKind.Event,
               "scenario": T.SymbolKind.Function}

server = LanguageServer("deckwright", __version__)
_analyses: dict = {}                 # uri → the last Analysis of that document


def _range(pos) -> T.Range:
    if pos is None:
        return T.Range(T.Position(0, 0), T.Position(0, 0))
    start = T.Position(max(pos.line - 1, 0), max(pos.column - 1, 0))
    if pos.end_line >= pos.line and pos.end_line > 0:
        end = T.Position(pos.end_line - 1, max(pos.end_column - 1, 0))
    else:
        end = start
    return T.Range(start, end)


def _location(pos) -> T.Location:
    from .analysis import absolute
    return T.Location(from_fs_path(absolute(pos.file)), _range(pos))


def to_lsp(d: Diagnostic, analysis: Analysis) -> T.Diagnostic:
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return T.Diagnostic(range=_range(d.pos), message=message, code=d.code, source="deckwright",
                        severity=SEVERITY.get(d.severity, T.DiagnosticSeverity.Warning),
                        data={"hint": d.hint} if d.hint else None)


def buffers(ls: LanguageServer, leaving: Optional[str] = None) -> dict:
    """The open documents' texts by resolved path (but ``leaving``'s, being closed): a
    check reads them instead of the files."""
    out = {}
    for uri, doc in ls.workspace.text_documents.items():
        path = to_fs_path(uri)
        if path and uri != leaving:
            out[str(Path(path).resolve())] = doc.source
    return out


def affected(changed: Analysis, uri: str) -> list:
    """The other open documents whose diagnostics a change to ``changed``'s file may
    change: those whose last check read it (a deck that extends or includes it; a file
    of cards checked as part of it), and the files of cards it reads (a deck that now
    includes one makes it part of a game)."""
    return [other for other, a in _analyses.items() if other != uri and (
        changed.path in a.reads or (a.for_include and a.path in changed.reads))]


def analyse(ls: LanguageServer, uri: str, follow: bool = True,
            leaving: Optional[str] = None) -> Analysis:
    """Analyse an open document again and publish its diagnostics; with ``follow``, those
    of every other open document the change may affect too (once each: their checks
    change nothing else). ``leaving`` is a document being closed: its file is read."""
    doc = ls.workspace.get_text_document(uri)
    before = _analyses.get(uri)
    analysis = Analysis(to_fs_path(uri) or doc.path, doc.source, before,
                        buffers=buffers(ls, leaving))
    _analyses[uri] = analysis
    publish(ls, uri, analysis, doc.version)
    if follow:
        again = affected(analysis, uri)
        if before is not None:       # a file it no longer reads may have read it
            again += [u for u in affected(before, uri) if u not in again]
        for other in again:
            analyse(ls, other, follow=False)
    return analysis


def publish(ls: LanguageServer, uri: str, analysis: Analysis, version=None) -> None:
    """The analysis's diagnostics, and those it found in the files it reads, published."""
    shown = [to_lsp(d, analysis) for d in analysis.diagnostics]
    for d in analysis.elsewhere:                   # in a file this one extends or includes
        where = f"{Path(d.pos.file).name}:{d.pos.line}:{d.pos.column}" if d.pos else ""
        shown.append(T.Diagnostic(
            range=T.Range(T.Position(0, 0), T.Position(0, 0)), code=d.code, source="deckwright",
            message=f"{where}: {d.message}" + (f"\nhint: {d.hint}" if d.hint else ""),
            severity=SEVERITY.get(d.severity, T.DiagnosticSeverity.Warning)))
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=shown,
                                                                    version=version))


def source(ls: LanguageServer, uri: str) -> Optional[str]:
    """The document's text: the editor's buffer if it is open, else the file's; None if
    it is neither open nor a file that can be read."""
    doc = ls.workspace.text_documents.get(unquote(uri))
    if doc is not None:
        return doc.source
    path = to_fs_path(uri)
    try:
        return Path(path).read_text("utf-8") if path else None
    except (OSError, UnicodeDecodeError):
        return None


def current(ls: LanguageServer, uri: str) -> Optional[Analysis]:
    """The last analysis of an open document; a document the editor has not opened is
    read from its file (and nothing is published for it); None if it cannot be read,
    and the request gets an empty answer."""
    if uri in _analyses:
        return _analyses[uri]
    if unquote(uri) in ls.workspace.text_documents:
        return analyse(ls, uri)
    text = source(ls, uri)
    return Analysis(to_fs_path(uri), text, buffers=buffers(ls)) if text is not None else None


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: T.DidOpenTextDocumentParams):
    # Opened as it is on disk, it changes nothing the other documents read.
    doc = params.text_document
    path = to_fs_path(doc.uri)
    try:
        saved = Path(path).read_text("utf-8") == doc.text if path else False
    except (OSError, UnicodeDecodeError):
        saved = False
    analyse(ls, doc.uri, follow=not saved)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: T.DidChangeTextDocumentParams):
    analyse(ls, params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: LanguageServer, params: T.DidSaveTextDocumentParams):
    # The others read its buffer already: what they read has not changed.
    analyse(ls, params.text_document.uri, follow=False)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: LanguageServer, params: T.DidCloseTextDocumentParams):
    uri = params.text_document.uri
    closed = _analyses.pop(uri, None)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=[]))
    if closed is not None:           # the file, not the buffer, is what they read now
        for other in affected(closed, uri):
            analyse(ls, other, follow=False, leaving=uri)


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: T.HoverParams):
    analysis = current(ls, params.text_document.uri)
    text = analysis and analysis.hover(params.position.line, params.position.character)
    if text is None:
        return None
    return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text))


@server.feature(T.TEXT_DOCUMENT_COMPLETION,
                T.CompletionOptions(trigger_characters=[" ", '"']))
def completion(ls: LanguageServer, params: T.CompletionParams):
    analysis = current(ls, params.text_document.uri)
    items = analysis.completions(params.position.line, params.position.character) \
        if analysis else []
    return T.CompletionList(is_incomplete=False, items=[
        T.CompletionItem(label=c.label, kind=COMPLETION_KIND.get(c.kind, T.CompletionItemKind.Variable),
                         detail=c.detail or c.kind, insert_text=c.insert) for c in items])


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: LanguageServer, params: T.DefinitionParams):
    analysis = current(ls, params.text_document.uri)
    pos = analysis and analysis.definition(params.position.line, params.position.character)
    return _location(pos) if pos is not None else None


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbol(ls: LanguageServer, params: T.DocumentSymbolParams):
    out = []
    analysis = current(ls, params.text_document.uri)
    for s in analysis.symbols() if analysis else ():
        r = _range(s.pos)
        out.append(T.DocumentSymbol(name=s.name, kind=SYMBOL_KIND.get(s.kind, T.SymbolKind.Namespace),
                                    range=r, selection_range=T.Range(r.start, r.start),
                                    detail=s.detail or None))
    return out


@server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                T.CodeActionOptions(code_action_kinds=[T.CodeActionKind.QuickFix]))
def code_action(ls: LanguageServer, params: T.CodeActionParams):
    analysis = current(ls, params.text_document.uri)
    uri = params.text_document.uri
    out = []
    for lsp_diag in params.context.diagnostics if analysis else ():
        for d in analysis.diagnostics:
            if d.code == lsp_diag.code and _range(d.pos) == lsp_diag.range:
                for e in analysis.code_actions(d):
                    edit = T.TextEdit(T.Range(T.Position(e.line, e.start), T.Position(e.line, e.end)),
                                      e.new_text)
                    out.append(T.CodeAction(title=e.title, kind=T.CodeActionKind.QuickFix,
                                            diagnostics=[lsp_diag], is_preferred=True,
                                            edit=T.WorkspaceEdit(changes={uri: [edit]})))
                break
    return out


@server.feature(T.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: LanguageServer, params: T.DocumentFormattingParams):
    from ..errors import DeckError
    from ..fmt import FormatError, format_text
    text = source(ls, params.text_document.uri)
    if text is None:
        return None
    try:
        new = format_text(text, to_fs_path(params.text_document.uri))
    except (DeckError, FormatError):
        return None                                  # the diagnostics already say why
    if new == text:
        return []
    lines = text.split("\n")
    return [T.TextEdit(T.Range(T.Position(0, 0), T.Position(len(lines), 0)), new)]


def serve() -> int:
    server.start_io()
    return 0
