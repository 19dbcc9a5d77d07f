"""A method left for subclasses to define (or a property, or a base's raise a subclass replaces), in the reader's
words (issue 29, §1, §3): its raise has no test, so "whenever that line runs" would say nothing. What it means is
that an object's class inherits the method without defining it; the repository's own subclasses that define it or
inherit it are named from the harvest's class index (`kb.harvest.reading.left_open`), its callers in the same class
only where the harvest resolved the call. The fix is the user's own declaration: define the method in their
subclass."""

from kb.cards.reader import is_public
from kb.models import RaiseSite
from kb.text.escaping import code

MAX_CALLERS = 2


def opened(site: RaiseSite) -> dict | None:
    """The site's "abstract" evidence, checked for the shape the harvest writes; None when it has none."""
    found = (site.evidence or {}).get("abstract")
    if not isinstance(found, dict):
        return None
    owner, method = found.get("class"), found.get("method")
    if not (isinstance(owner, str) and isinstance(method, str) and owner and method.isidentifier()):
        return None
    return found


def meaning(found: dict) -> str:
    owner, method = str(found["class"]), str(found["method"])
    read = found.get("property") is True  # read, not called (`BaseEngine.app_dirname`)
    name = code(method if read else f"{method}()")
    whole = code(f"{owner}.{method}" if read else f"{owner}.{method}()")
    used = "read" if read else "called"
    if found.get("default") is True:
        # Another error than `NotImplementedError`: the base's own answer, which a subclass may replace.
        text = (
            f"{'Reading ' + whole if read else whole} raises this unless the object's class defines its own "
            f"{name}: you get it when {name} is {used} on an object whose class inherits it, for example your own "
            f"subclass of {code(owner)} that leaves it out."
        )
    else:
        until = "reading it raises this" if read else "it raises this"
        text = (
            f"{whole} is left for subclasses of {code(owner)} to define; until one does, {until}. You get it when "
            f"{name} is {used} on an object whose class inherits it without defining its own {name}: for example "
            f"your own subclass of {code(owner)} that leaves it out."
        )
    defined = _names(found, "defined_by", "defined")
    inherited = _names(found, "inherited_by", "inherited")
    if defined and inherited:
        does = f"do{_es(found, 'inherited')} not"
        text += f" Of the library's own subclasses, {defined} define{_s(found, 'defined')} it; {inherited} {does}."
    elif defined:
        text += f" Of the library's own subclasses, {defined} define{_s(found, 'defined')} it."
    elif inherited:
        text += f" Of the library's own subclasses, {inherited} do{_es(found, 'inherited')} not define it."
    return text


def when(found: dict, site: RaiseSite) -> str:
    """ ", when it is called on an object whose class does not define `m()` itself", with the class's own methods
    that call it, where the harvest resolved the call."""
    owner, method = str(found["class"]), str(found["method"])
    if found.get("property") is True:
        said = f", when it is read on an object whose class does not define {code(method)} itself."
    else:
        said = f", when it is called on an object whose class does not define {code(method + '()')} itself."
    callers = []
    for row in (site.evidence or {}).get("callers") or []:
        if not isinstance(row, dict) or row.get("guess") or not isinstance(row.get("function"), str):
            continue
        function = row["function"]
        if function.rpartition(".")[0] == owner and is_public(function) and code(function + "()") not in callers:
            callers.append(code(function + "()"))
    if callers:
        said += f" {' and '.join(callers[:MAX_CALLERS])} call{'s' if len(callers[:MAX_CALLERS]) == 1 else ''} it."
    return said


def solution(found: dict) -> str:
    owner, method = str(found["class"]), str(found["method"])
    defined = code(method if found.get("property") is True else method + "()")
    return f"If the object's class is your own subclass of {code(owner)}, define {defined} in it."


def _names(found: dict, key: str, count: str) -> str:
    """The classes by their short name, or by their qualified name where two share one (Django's `Command`s)."""
    qualified = [str(n) for n in found.get(key) or [] if isinstance(n, str) and n]
    short = [name.rpartition(".")[2] for name in qualified]
    names = [code(s if short.count(s) == 1 else q) for s, q in zip(short, qualified, strict=True)]
    recorded = found.get(count)
    total = recorded if isinstance(recorded, int) else len(names)
    if not names:
        return ""
    more = total - len(names)
    if more > 0:
        return ", ".join(names) + f" and {more} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def _s(found: dict, count: str) -> str:
    return "s" if found.get(count) == 1 else ""


def _es(found: dict, count: str) -> str:
    return "es" if found.get(count) == 1 else ""


def replaced(site: RaiseSite) -> str:
    """ "The library's own subclasses of `RedirectURLMixin` all override `get_default_redirect_url()` (`LoginView`
    and `LogoutView` define their own): ..." for a method every subclass the library ships overrides
    (`kb.harvest.reading.replaced`); "" when the site has no such evidence."""
    found = (site.evidence or {}).get("replaced")
    if not isinstance(found, dict):
        return ""
    owner, method = found.get("class"), found.get("method")
    if not (isinstance(owner, str) and isinstance(method, str) and owner and method.isidentifier()):
        return ""
    named = _names(found, "by", "count")
    if not named:
        return ""
    called = code(method + "()")
    its = "defines its own" if found.get("count") == 1 else "define their own"
    return (
        f"The library's own subclasses of {code(owner)} all override {called} ({named} {its}): this one runs on an"
        f" object of {code(owner)} itself, or of a subclass from outside the library (such as yours) that does not"
        f" define {called}."
    )
