import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# keep every test's saves and settings out of the real user data directory
os.environ.setdefault("HKK_DATA_DIR", tempfile.mkdtemp(prefix="hkk-test-"))
