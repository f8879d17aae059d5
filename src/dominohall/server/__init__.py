"""The web server: an ASGI app (FastAPI) with the HTTP API and the tables' WebSocket."""
