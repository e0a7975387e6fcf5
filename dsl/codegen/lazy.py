"""The generated module's functions, each compiled when it is first called.

A 1,000-card deck generates some 14,000 lines, and ``compile()`` of them took longer than
parsing the deck: most of them are card effects, triggers and abilities that a game may
never reach. So every function of the module is defined at load time as a stub, a
function object whose code compiles the real function's source and takes its code
(``__code__``) before running it. Tables and other functions hold the function object
itself, so from its second call on the function costs exactly what it would have cost
compiled up front: nothing forwards, nothing is patched.

The source compiled is the very text of the module that ``--emit`` prints (each function
at its own line numbers in it): laziness changes when it is compiled, not what.
"""
from __future__ import annotations

import types

_FILE = "<deckwright>"
# The stubs' own file name: a traceback (deckwright.dsl.engine.recursion) tells them from the
# generated functions they stand for.
_TEMPLATE = next(c for c in compile("def _(*args, **kwargs):\n"
                                    "    return LAZY_CODE('?')(*args, **kwargs)\n",
                                    "<deckwright stub>", "exec").co_consts
                 if isinstance(c, types.CodeType))


def define(functions: list, first_line: list, ns: dict) -> None:
    """Define each function (its source lines, ``def NAME(...)`` first) in ``ns`` as a
    stub that compiles it on its first call; ``first_line[k]`` is where function ``k``
    starts in the module's source."""
    texts = {}
    for lines, line in zip(functions, first_line):
        name = lines[0][4:lines[0].index("(")]
        texts[name] = (line, "\n".join(lines) + "\n")
        consts = tuple(name if c == "?" else c for c in _TEMPLATE.co_consts)
        code = _TEMPLATE.replace(co_consts=consts, co_name=name)
        ns[name] = types.FunctionType(code, ns, name)

    def compile_now(name: str):
        fn = ns[name]
        line, text = texts[name]
        module = compile(text, _FILE, "exec")
        code = next(c for c in module.co_consts if isinstance(c, types.CodeType))
        fn.__code__ = _moved(code, line - 1)
        # Dropped only once the code is in place: a Ctrl-C in the REPL during `compile`
        # (a KeyboardInterrupt) leaves the stub to compile again at its next call.
        texts.pop(name, None)
        return fn

    ns["LAZY_CODE"] = compile_now


def _moved(code: types.CodeType, lines: int) -> types.CodeType:
    """``code`` (and the code it holds: comprehensions) as if its source began ``lines``
    lines further down: a code object's line table counts from its first line, so
    compiling the function alone and moving it costs nothing per line before it, where
    compiling it behind that many blank lines cost the tokenizer each of them."""
    consts = tuple(_moved(c, lines) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_firstlineno=code.co_firstlineno + lines, co_consts=consts)


def compile_all(ns: dict) -> None:
    """Compile every function not yet compiled (a tool that wants them all now)."""
    compile_now = ns["LAZY_CODE"]
    for name, value in list(ns.items()):
        if isinstance(value, types.FunctionType) and value.__code__.co_name == name \
                and "LAZY_CODE" in value.__code__.co_names:
            compile_now(name)
