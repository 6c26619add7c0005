"""The schemas' plumbing: a field's sentence (:class:`Says`), reading a request into a model
(:func:`read`) with the first problem as a sentence a person can act on, and the values the
rules engine reads (cards, editions, phase numbers)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from types import NoneType, UnionType
from typing import Annotated, Any, ClassVar, TypeVar, Union, cast, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    PlainSerializer,
    PlainValidator,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from companion import editions
from companion.editions import Edition
from companion.refusals import N_, CompanionError, InputError, Reason
from companion.rules import Card, get_phase

M = TypeVar("M", bound=BaseModel)


class Says:
    """A field's sentence when its value is missing or not shaped as documented.

    ``template`` may name ``%(key)s`` (the field), the field's own value by the field's name,
    any plain value beside it in the same object (``%(player)s`` in a result) and ``params``.
    ``too_big`` is said instead when a value passes its documented maximum.
    """

    def __init__(self, template: str, *, too_big: str | None = None, **params: Any) -> None:
        self.template, self.too_big, self.params = template, too_big, params

    def reason(self, error_type: str, values: Mapping[str, Any]) -> Reason:
        template = self.template
        if self.too_big is not None and error_type in ("less_than_equal", "too_long"):
            template = self.too_big
        params = {**values, **self.params}
        for name in re.findall(r"%\((\w+)\)s", template):
            params.setdefault(name, "")
        return Reason(template, {name: params[name] for name in
                                 re.findall(r"%\((\w+)\)s", template)})


class Schema(BaseModel):
    """A request or file object: unknown fields are ignored, as the API always did. Its
    validator is built when first used (defer_build), not when a process starts."""

    model_config = ConfigDict(extra="ignore", frozen=True, defer_build=True)
    #: What is said when the object is not an object at all.
    SAYS: ClassVar[Says] = Says("the body must be a JSON object")


def read(model: type[M], data: object, edition: Edition | None = None) -> M:
    """``data`` as a ``model``; InputError (or the rules engine's error) when it is not one.
    ``edition``: the game's, for a round (what a result may say depends on it)."""
    try:
        return model.model_validate(data, context={"edition": edition})
    except ValidationError as error:
        raise refusal(model, data, first(model, error)) from None


def first(model: type[BaseModel], error: ValidationError,
          at: tuple[int | str, ...] = ()) -> ErrorDetails:
    """The problem to name: an object's own fields in their order before the objects its
    lists hold (a round's ``confirm`` before its second result), as the API always checked.
    ``at``: where in a ``model`` the object that ``error`` is about sits (an import reads a
    file's games one at a time), put before each problem's place."""
    found = error.errors()
    if at:
        found = [cast(ErrorDetails, {**details, "loc": (*at, *details["loc"])})
                 for details in found]
    return min(found, key=lambda details: _in_listed_object(model, details["loc"]))


def _in_listed_object(model: type[BaseModel], loc: tuple[int | str, ...]) -> bool:
    kind: Any = model
    for step in loc:
        kind, _says = _unwrap(kind)
        if isinstance(step, str) and isinstance(kind, type) and issubclass(kind, BaseModel):
            if step in kind.model_fields:
                kind = kind.model_fields[step].annotation
        elif isinstance(step, int) and get_origin(kind) is list:
            kind, _says = _unwrap(get_args(kind)[0])
            if isinstance(kind, type) and issubclass(kind, BaseModel):
                return True
    return False


def refusal(model: type[BaseModel], data: object, error: ErrorDetails) -> CompanionError:
    """The first problem pydantic found, as the sentence its field says."""
    cause = error.get("ctx", {}).get("error")
    if isinstance(cause, CompanionError):
        return cause  # the engine's own reason (a card, an edition, a phase) or a check's
    says, values = _says_at(model, error["loc"], data)
    return InputError(says.reason(error["type"], values))


def _plain(value: object) -> bool:
    return value is None or isinstance(value, str | int | float)


def _says_at(model: type[BaseModel], loc: tuple[int | str, ...],
             data: object) -> tuple[Says, dict[str, Any]]:
    """The innermost Says along ``loc``, and the values its sentence may name."""
    says: Says = getattr(model, "SAYS", Schema.SAYS)
    values: dict[str, Any] = {}
    kind: Any = model
    value: Any = data
    for step in loc:
        kind, found = _unwrap(kind)
        says = found or says
        if isinstance(step, str) and isinstance(kind, type) and issubclass(kind, BaseModel):
            if step not in kind.model_fields:
                continue  # a union's branch name ("bool", "int"), not a field
            parent = value if isinstance(value, dict) else {}
            info = kind.model_fields[step]
            value = parent.get(step)
            values = {key: item for key, item in parent.items()
                      if isinstance(key, str) and _plain(item)}
            values["key"] = step
            values[step] = value  # None when missing, as it always read
            says = next((item for item in info.metadata if isinstance(item, Says)), None) \
                or getattr(info.annotation, "SAYS", None) or says
            kind = info.annotation
        elif isinstance(step, int) and get_origin(kind) is list:
            kind = get_args(kind)[0]
            value = value[step] if isinstance(value, list) and step < len(value) else None
            kind, found = _unwrap(kind)
            says = found or getattr(kind, "SAYS", None) or says
    return says, values


def _unwrap(kind: Any) -> tuple[Any, Says | None]:
    """``kind`` without Annotated and None; the Says its annotations carry, if any."""
    says = None
    while True:
        if get_origin(kind) is Annotated:
            args = get_args(kind)
            says = next((item for item in args[1:] if isinstance(item, Says)), says)
            kind = args[0]
        elif get_origin(kind) in (Union, UnionType):
            rest = [arg for arg in get_args(kind) if arg is not NoneType]
            if len(rest) != 1:
                return kind, says
            kind = rest[0]
        else:
            return kind, says


# Values the rules engine reads. The notation is wider than any pattern would say (colour words
# in five languages, "joker", "12 blau"): the API names the card it cannot read in its 400.

def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise PydanticCustomError("card_type", "a card is written as text")
    return Card.parse(value)


CardValue = Annotated[Card, PlainValidator(_card), PlainSerializer(str, return_type=str),
                      WithJsonSchema({
                          "type": "string", "examples": ["7r", "12b", "W", "S"],
                          "description": "a card: 1-12 and a colour letter r g b y (or a colour "
                                         "word), W (wild) or S (skip)"})]
Cards = list[Annotated[CardValue, Says("cards must be written as text, like 7r or W")]]
CARDS_SAY = Says("“%(key)s” must be a list of cards like \"7r\" or \"W\"")


def _edition(value: object) -> Edition:
    return editions.get(value)


#: An edition's key. The document lists the editions the registry holds when it is served.
EditionKey = Annotated[Edition, PlainValidator(_edition),
                       PlainSerializer(lambda edition: getattr(edition, "key", edition),
                                       return_type=str),
                       WithJsonSchema({"type": "string", "x-editions": True,
                                       "description": "an edition, original by default"})]


def _phase_number(value: object, info: ValidationInfo) -> int:
    """A phase the edition (read before it) has; else the rules engine's PhaseError."""
    edition = info.data.get("edition")
    return get_phase(edition if isinstance(edition, Edition) else editions.default(),
                     value).number


PhaseNumber = Annotated[int, PlainValidator(_phase_number), WithJsonSchema({
    "type": "integer", "minimum": 1, "description": "a phase of the edition, from 1"})]


NOT_UNICODE = N_("the text holds a character that is not Unicode (an unpaired surrogate, "
                 "\\ud800 to \\udfff)")


def is_unicode(data: object) -> bool:
    """Every key and string in ``data`` is Unicode text: JSON's ``\\ud800`` escapes may
    leave half a surrogate pair, which no database, page or validator can take.

    What JSON reads is written back and encoded (both in C: an 8 MB import in a tenth of a
    second, where a walk through its strings took a second and a half); anything else is
    walked through."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    except (TypeError, ValueError, RecursionError):
        pass
    else:
        return True
    waiting: list[object] = [data]
    while waiting:
        item = waiting.pop()
        if isinstance(item, dict):
            waiting.extend(item.keys())
            waiting.extend(item.values())
        elif isinstance(item, list):
            waiting.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
    return True
