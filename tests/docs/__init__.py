"""The docs under ``docs/`` and the README: what they cite exists, their code runs."""
