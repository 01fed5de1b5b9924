"""How the app meets the network: the ``serve`` command (``cli``) and the addresses it shows
(``network``), security headers and request limits (``security``), static files
(``static_files``) and the plain answers to HTTP errors (``errors``)."""
