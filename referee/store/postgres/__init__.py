"""The PostgreSQL backend of the store interface (the league store, issue 21): ``store`` (the matches, the
events' logs, the tokens, the summaries, ``watch``), ``connection`` (connecting, the schema and its versions,
one line for each way a connection fails) and ``schema/`` (the versioned SQL, applied by ``referee db
upgrade``). Loaded only for a ``postgresql://`` address: psycopg is imported here and nowhere else."""
