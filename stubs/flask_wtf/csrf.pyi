from werkzeug.exceptions import BadRequest

from . import CSRFProtect as CSRFProtect

class CSRFError(BadRequest):
    description: str

def generate_csrf(secret_key: str | None = ..., token_key: str | None = ...) -> str: ...
def validate_csrf(data: str | None, secret_key: str | None = ..., time_limit: int | None = ...,
                  token_key: str | None = ...) -> None: ...
