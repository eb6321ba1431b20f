from .row import *
