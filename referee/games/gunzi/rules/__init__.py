"""The bundled rule sets (``*.toml``), shipped as package data so an installed wheel finds them too."""
