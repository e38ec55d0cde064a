"""acp_compat._define: attrs classes whose __eq__, __repr__ and pickling methods are shared
functions behave as attrs's generated ones do."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from acp_compat._define import define, frozen


@frozen
class Point:
    x: int
    y: int = 0
    note: str = attrs.field(default="", eq=False)


@define(kw_only=True)
class Box:
    items: list[Any] = attrs.field(factory=list)
    label: str | None = None


@define(eq=False)
class Handle:
    name: str


@frozen
class Custom:
    value: int

    def __repr__(self) -> str:
        return "custom"


@define
class Child(Box):
    extra: int = 0


def test_equality_compares_fields_of_the_same_class_only() -> None:
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(2, 1)
    assert Point(1, note="a") == Point(1, note="b")  # a field with eq=False is not compared
    assert Box(items=[1]) == Box(items=[1])
    assert Box() != Child()  # a subclass is another class, as with attrs
    other: object = (1, 0)
    assert (Point(1) == other) is False


def test_frozen_classes_hash_by_fields_and_mutable_ones_do_not_hash() -> None:
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert {Point(1), Point(1)} == {Point(1)}
    with pytest.raises(TypeError):
        hash(Box())


def test_eq_false_keeps_identity() -> None:
    one = Handle("a")
    assert one == one
    assert Handle("a") != Handle("a")
    assert len({Handle("a"), Handle("a")}) == 2


def test_repr_is_attrs_repr_and_survives_cycles() -> None:
    assert repr(Point(1, 2)) == "Point(x=1, y=2, note='')"
    box = Box(label="b")
    box.items.append(box)
    assert repr(box) == "Box(items=[...], label='b')"
    assert repr(Custom(1)) == "custom"  # a method the class wrote itself is kept
    assert repr(Child(extra=3)) == "Child(items=[], label=None, extra=3)"


@pytest.mark.parametrize("value", [Point(1, 2, "n"), Box(items=[Point(3)], label="x")])
def test_copies_and_pickles_restore_the_fields(value: Any) -> None:
    for again in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert again == value and again is not value
        assert attrs.asdict(again) == attrs.asdict(value)


def test_frozen_stays_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        Point(1).x = 2  # type: ignore[misc]


def test_a_hash_the_class_defines_is_kept() -> None:
    @frozen
    class Keyed:
        key: str

        def __hash__(self) -> int:
            return 7

    assert hash(Keyed("a")) == 7
    assert Keyed("a") == Keyed("a")


@pytest.mark.parametrize("option", ["order", "repr", "unsafe_hash", "getstate_setstate"])
def test_options_that_choose_generated_methods_are_refused(option: str) -> None:
    options: dict[str, Any] = {option: True}
    with pytest.raises(TypeError, match=option):
        define(**options)


def test_exceptions_and_field_functions_are_left_to_attrs() -> None:
    with pytest.raises(TypeError, match="exception"):

        @define
        class Failure(Exception):
            code: int

    with pytest.raises(TypeError, match="eq or repr function"):

        @define
        class Folded:
            name: str = attrs.field(eq=str.lower)
