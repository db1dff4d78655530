"""Runs one Swift server on the swift.conf and rings of the folder given, instead of /etc/swift.

Usage: python3 serve.py <swift dir> <server .conf> <section: proxy-server, account-server...>
"""

import sys

from swift.common import storage_policy, utils
from swift.common.wsgi import run_wsgi

swift_dir, conf_file, section = sys.argv[1:4]
utils.set_swift_dir(swift_dir)
storage_policy.reload_storage_policies()
sys.exit(run_wsgi(conf_file, section))
