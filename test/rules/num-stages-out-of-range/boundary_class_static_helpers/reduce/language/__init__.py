from .row import Row
