import os
import sys

# Test helpers (independent enumerators) live beside the tests and import by plain name.
sys.path.insert(0, os.path.dirname(__file__))
