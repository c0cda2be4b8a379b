"""Backends that compose others: hand rules first, then a declarative model on what is left
(``rules+sat``, ``heuristics+sat``). They sit in the backend layer, above the ports and the models
they call and below the harness."""
