"""``canfield-solver follow``: the command (``command``) and its turns on the terminal (``dialogue``)."""
