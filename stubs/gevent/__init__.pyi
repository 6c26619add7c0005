from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")

class ThreadPool:
    def apply(self, func: Callable[..., _T], args: tuple[Any, ...] = ...,
              kwds: dict[str, Any] = ...) -> _T: ...

class Hub:
    threadpool: ThreadPool

def get_hub() -> Hub: ...

class Timeout(BaseException):
    def __init__(self, seconds: float | None = ...) -> None: ...
    def __enter__(self) -> Timeout: ...
    def __exit__(self, *args: object) -> bool | None: ...

def sleep(seconds: float = ..., ref: bool = ...) -> None: ...
