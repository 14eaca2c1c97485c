"""Tools for the project's own tests and benches, never imported by the command line.

``generate`` deals real three-deck hands and plays them legally, settling each hand itself: an
oracle independent of the engine, for the property tests and for the benches' long records.
"""
