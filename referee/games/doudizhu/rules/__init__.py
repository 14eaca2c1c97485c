"""The bundled Dou Dizhu rule sets (package data: ``*.toml``)."""
