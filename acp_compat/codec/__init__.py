"""The one cattrs converter for both protocols."""
