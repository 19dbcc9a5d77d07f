import uuid


class ValidationError(Exception):
    pass


class Field:
    default_error_messages = {
        "required": "Missing data for required field.",
        "invalid": "Invalid value.",
    }

    def __init__(self):
        messages = {}
        for cls in reversed(type(self).__mro__):
            messages.update(getattr(cls, "default_error_messages", {}))
        self.error_messages = messages

    def make_error(self, key, **kwargs):
        message = self.error_messages[key]
        if kwargs:
            message = message.format(**kwargs)
        return ValidationError(message)

    def deserialize(self, value):
        if value is None:
            raise self.make_error("required")
        return self._deserialize(value)

    def _deserialize(self, value):
        return value


class String(Field):
    default_error_messages = {"invalid": "Not a valid string."}

    def _deserialize(self, value):
        if not isinstance(value, str):
            raise self.make_error("invalid")
        return value


class UUID(String):
    default_error_messages = {"invalid_uuid": "Not a valid UUID."}

    def _deserialize(self, value):
        try:
            return uuid.UUID(value)
        except (ValueError, AttributeError, TypeError) as error:
            raise self.make_error("invalid_uuid") from error


class Integer(Field):
    default_error_messages = {"too_large": "Number too large: {value}."}

    def _deserialize(self, value):
        if value > 10:
            raise self.make_error("too_large", value=value)
        return value


class Email(String):
    default_error_messages = {"required": "An email address is required."}


class ChoiceError(ValidationError):
    pass


class Choice(Field):
    error_class = ChoiceError
    default_error_messages = {"invalid_choice": "Not a valid choice: {choice}."}

    def fail(self, key, **kwargs):
        try:
            message = self.error_messages[key]
        except KeyError:
            raise AssertionError(f"No message kept under {key!r}") from None
        raise self.error_class(message.format(**kwargs))

    def _deserialize(self, value):
        if value not in ("a", "b"):
            self.fail("invalid_choice", choice=value)
        return value
