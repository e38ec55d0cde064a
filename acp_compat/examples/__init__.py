"""Example peers shipped with the package (a scripted legacy agent for the demo and tests)."""
