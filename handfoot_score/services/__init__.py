"""The service layer: the one path from a request (page or JSON) to the engine."""
