"""The vectors under ``vectors/``, replayed."""
