"""The package as a whole: its public face, its layers, its import cost, its distributions."""
