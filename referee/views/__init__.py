"""Views over results, the store and events: terminal text, JSON, PDF, workbooks."""
