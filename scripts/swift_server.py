# Runs one Swift server of scripts/swift.mjs in the foreground from its folder, logging to stderr.
# Swift reads /etc/swift/swift.conf as its modules load, so it is pointed at the folder's first.
# Usage: swift_server.py <account|container|object> <conf>, or proxy <conf> <3 backend ports>
import os
import sys

import swift.common.utils

server, conf_file = sys.argv[1], sys.argv[2]
folder = os.path.dirname(conf_file)
# Also drops the hash prefix and suffix the import of utils read from /etc/swift, if it exists.
swift.common.utils.set_swift_dir(folder)

from swift.common.wsgi import run_wsgi  # noqa: E402 (reads swift.conf as it loads)

options = {}
if server == "proxy":
    # Written here rather than by a process of their own: one Python start-up less before the proxy.
    from swift_rings import write_rings

    write_rings(folder, sys.argv[3:6])
if server == "object":
    from swift.obj.server import global_conf_callback

    options["global_conf_callback"] = global_conf_callback
sys.exit(run_wsgi(conf_file, f"{server}-server", verbose=True, **options))
