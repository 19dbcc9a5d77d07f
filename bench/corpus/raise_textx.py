"""Raise real errors from textX, one JSON line each (see common.py): grammars it rejects (syntax errors, unknown rules
and base types, bad regular expressions, bad repetition modifiers, unknown imports), models that do not parse or whose
references do not resolve, object processors and scope providers that reject what they are given, and its
registration API misused (unknown languages and generators, languages registered twice, no language for a file);
written from textX's documentation as a user would use it (held-out: see SPLIT.md, seventh split)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Recorder

# A small entity language from textX's tutorial: models of it below fail to parse or to resolve.
ENTITIES = """
Model: types*=SimpleType entities+=Entity;
SimpleType: 'type' name=ID;
Entity: 'entity' name=ID '{' properties*=Property '}';
Property: name=ID ':' type=[Type];
Type: SimpleType | Entity;
"""
# Grammars textX rejects, one mistake each.
GRAMMARS = [
    "Model: 'a'",
    "Model: name=ID",
    "Model: name=ID;;",
    "Model: name=Unknown;",
    "Model: things+=Thing; Thing: 'x' name=ID",
    "Model: 'a' | ;",
    "Model: items*=INT[','];",
    "Model: items*=INT[unknown];",
    "Model: name=/[a-z/;",
    "Model: name=/(?P<x/;",
    "Model: x=INT; Model: y=INT;",
    "Model: ref=[Missing];",
    "Model: ref=[Thing:Missing]; Thing: name=ID;",
    "Model: 'x' name=ID @@;",
    "import nowhere.nothing\nModel: name=ID;",
    "reference nolang as n\nModel: name=ID;",
    "Model: a=INT b=INT#;",
    "Model: a=INT b=INT #[;",
    "Model: a?=;",
    "Model: (('a')*)*;",
    "Model: 'a' 'b' ('c';",
    "",
    "Model: x=BASETYPE+;",
    "Abstract: A | B; Model: Abstract;",
]
# (grammar, model text) pairs where the model does not parse.
MODELS = [
    (ENTITIES, "entity Person {"),
    (ENTITIES, "entity { name: string }"),
    (ENTITIES, "type int\nentity Person { age int }"),
    (ENTITIES, "entitty Person {}"),
    (ENTITIES, ""),
    ("Model: values+=INT[','];", "1, 2,"),
    ("Model: values+=FLOAT;", "1.5 abc"),
    ("Model: 'hello' who=ID;", "hello 42"),
    ("Model: 'x' value=STRING;", 'x "unterminated'),
    ("Model: flag?='on' value=BOOL;", "on maybe"),
    ("Model: points+=Point; Point: '(' x=INT ',' y=INT ')';", "(1, 2) (3 4)"),
    ("Model: a=INT b=INT#;", "1"),
    ("Model: /\\d+/ name=ID;", "abc"),
]
# Models that parse but whose references do not resolve.
UNRESOLVED = [
    (ENTITIES, "type string\nentity Person { name: string age: int }"),
    (ENTITIES, "entity A { b: B }"),
    ("Model: things+=Thing; Thing: name=ID ('->' next=[Thing])?;", "a -> b"),
    ("Model: things+=Thing; Thing: name=ID ('->' next=[Thing])?;", "a b a -> c"),
]


def cases():
    import textx
    from textx import (
        LanguageDesc,
        get_children_of_type,
        get_location,
        get_metamodel,
        get_model,
        metamodel_for_file,
        metamodel_for_language,
        metamodel_from_file,
        metamodel_from_str,
        register_generator,
        register_language,
    )
    from textx.scoping.providers import FQN, PlainName, RelativeName

    for index, grammar in enumerate(GRAMMARS):
        yield f"textx grammar {index} {grammar[:30]!r}", lambda g=grammar: metamodel_from_str(g)
    for index, (grammar, text) in enumerate(MODELS):
        yield f"textx model {index} {text[:30]!r}", lambda g=grammar, t=text: metamodel_from_str(g).model_from_str(t)
    for index, (grammar, text) in enumerate(UNRESOLVED):
        yield f"textx unresolved {index}", lambda g=grammar, t=text: metamodel_from_str(g).model_from_str(t)

    entities = metamodel_from_str(ENTITIES)

    def rejecting_processor(prop):
        raise textx.TextXSemanticError(f"Property {prop.name!r} is not allowed", **get_location(prop))

    def register_twice():
        desc = LanguageDesc("corpus-twice", "*.twice", "twice", lambda: entities)
        register_language(desc)
        register_language(desc)

    def generator_twice():
        def gen(metamodel, model, output_path, overwrite, debug):
            return None

        register_generator("corpus-lang", "corpus-target", "gen", gen)
        register_generator("corpus-lang", "corpus-target", "gen", gen)

    with tempfile.TemporaryDirectory() as folder:
        missing = Path(folder) / "missing.tx"
        broken = Path(folder) / "broken.ent"
        broken.write_text("entity Person {", encoding="utf-8")
        bad_grammar = Path(folder) / "bad.tx"
        bad_grammar.write_text("Model: name=ID", encoding="utf-8")
        yield from [
            ("textx metamodel_from_file missing", lambda: metamodel_from_file(str(missing))),
            ("textx metamodel_from_file bad", lambda: metamodel_from_file(str(bad_grammar))),
            ("textx model_from_file broken", lambda: entities.model_from_file(str(broken))),
            ("textx model_from_file missing", lambda: entities.model_from_file(str(Path(folder) / "none.ent"))),
            ("textx object processor raises", lambda: _with_processor(entities, rejecting_processor)),
            ("textx unknown object processor", lambda: entities.register_obj_processors({"Nope": print}) or 1 / 0),
            ("textx metamodel_for_language unknown", lambda: metamodel_for_language("no-such-language")),
            ("textx language_description unknown", lambda: textx.language_description("no-such-language")),
            ("textx generator_description unknown", lambda: textx.generator_description("a", "b")),
            ("textx generator_for_language_target", lambda: textx.generator_for_language_target("a", "b")),
            ("textx metamodel_for_file none", lambda: metamodel_for_file("model.nolanguage")),
            ("textx language_for_file none", lambda: textx.language_for_file("model.nolanguage")),
            ("textx register_language twice", register_twice),
            ("textx register_language bad", lambda: register_language("name-only")),
            ("textx register_generator twice", generator_twice),
            ("textx LanguageDesc no metamodel", lambda: register_language("corpus-x", "*.x")),
            (
                "textx scope provider FQN",
                lambda: (
                    metamodel_from_str(
                        "Model: packages+=Package refs+=Ref; Package: 'package' name=ID '{' things+=Thing '}';"
                        " Thing: 'thing' name=ID; Ref: 'ref' ref=[Thing|FQN];",
                        global_repository=False,
                    )
                    .register_scope_providers({"*.*": FQN()})
                    .model_from_str("package a { thing x } ref a.y")
                ),
            ),
            (
                "textx scope provider PlainName",
                lambda: _with_scope(
                    "Model: things+=Thing refs+=Ref; Thing: 'thing' name=ID; Ref: 'ref' ref=[Thing];",
                    {"*.*": PlainName()},
                    "thing a ref b",
                ),
            ),
            (
                "textx scope provider RelativeName",
                lambda: _with_scope(
                    "Model: things+=Thing uses+=Use; Thing: 'thing' name=ID '{' parts+=Part '}';"
                    " Part: 'part' name=ID; Use: 'use' thing=[Thing] '.' part=[Part];",
                    {"Use.part": RelativeName("thing.parts")},
                    "thing a { part x } use a.y",
                ),
            ),
            (
                "textx rrel reference",
                lambda: metamodel_from_str(
                    "Model: things+=Thing refs+=Ref; Thing: 'thing' name=ID; Ref: 'ref' ref=[Thing:ID|+p:nothing];"
                ).model_from_str("thing a ref a"),
            ),
            ("textx rrel syntax", lambda: metamodel_from_str("Model: name=ID ref=[Model:ID|^^];")),
            ("textx get_model of str", lambda: get_model("not a model")),
            ("textx get_metamodel of int", lambda: get_metamodel(1)),
            ("textx get_children_of_type unknown", lambda: get_children_of_type("Nope", entities)),
            ("textx model_from_str None", lambda: entities.model_from_str(None)),
            ("textx model_param unknown", lambda: entities.model_from_str("entity A {}", unknown_param=1)),
            (
                "textx model_param declared",
                lambda: _with_param("entity A {}", bogus=1),
            ),
            ("textx builtins wrong", lambda: metamodel_from_str("Model: ref=[Thing];", builtins={"x": 1})),
            ("textx classes user class", lambda: metamodel_from_str("Model: name=ID;", classes=[int])),
            ("textx classes callable bad", lambda: metamodel_from_str("Model: name=ID;", classes=lambda: 1)),
            ("textx match processor raises", lambda: _with_match_processor()),
            ("textx textxerror_wrap", lambda: _wrapped()),
        ]


def _with_processor(metamodel, processor):
    metamodel.register_obj_processors({"Property": processor})
    try:
        return metamodel.model_from_str("type string\nentity Person { name: string }")
    finally:
        metamodel.register_obj_processors({})


def _with_scope(grammar, providers, text):
    from textx import metamodel_from_str

    metamodel = metamodel_from_str(grammar)
    metamodel.register_scope_providers(providers)
    return metamodel.model_from_str(text)


def _with_param(text, **params):
    from textx import metamodel_from_str

    metamodel = metamodel_from_str("Model: 'entity' name=ID '{' '}';")
    metamodel.model_param_defs.add("strict", "be strict")
    return metamodel.model_from_str(text, **params)


def _with_match_processor():
    from textx import metamodel_from_str

    metamodel = metamodel_from_str("Model: values+=Number; Number: /\\d+/;")
    metamodel.register_obj_processors({"Number": lambda text: int(text) / 0})
    return metamodel.model_from_str("1 2")


def _wrapped():
    from textx import metamodel_from_str, textxerror_wrap

    @textxerror_wrap
    def check(thing):
        raise ValueError(f"bad thing {thing.name}")

    metamodel = metamodel_from_str("Model: things+=Thing; Thing: 'thing' name=ID;")
    metamodel.register_obj_processors({"Thing": check})
    return metamodel.model_from_str("thing a")


if __name__ == "__main__":
    Recorder("textX", ("textx",)).run_all(cases())
