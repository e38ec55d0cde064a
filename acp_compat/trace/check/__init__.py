"""``acp-compat trace --check``: the rules of both protocols, held to a recorded session.

``rules`` (the table of rules), ``links`` (what is open on each connection of a trace),
``checker`` (the rules applied record by record, and findings as lines).
"""
