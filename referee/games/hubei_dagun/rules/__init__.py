"""The bundled rule sets of Hubei 打滚 (package data: ``*.toml``)."""
