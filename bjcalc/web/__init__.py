"""bjcalc in the browser: ``bjcalc serve``, a local web app over the command line.

The top layer.  :mod:`bjcalc.web.api` answers ``GET /api/<command>?<flag>=<value>...`` with
exactly what ``bjcalc <command> --<flag> <value> --json`` prints, by handing the same argument
list to the command line's own parser and commands (so the two cannot drift apart), and describes
each command's flags for the page's form.  :mod:`bjcalc.web.server` serves it (FastAPI on uvicorn,
the optional extra ``bjcalc[web]``) with the page in ``static/``.
"""

__all__: list[str] = []
