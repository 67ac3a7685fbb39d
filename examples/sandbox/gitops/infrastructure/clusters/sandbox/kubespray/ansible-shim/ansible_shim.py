"""Console script `ansible-playbook` of the sandbox venv: execs the system's ansible-playbook."""
import os
import shutil
import sys

SYSTEM_PLAYBOOK = "/usr/bin/ansible-playbook"


def main():
    target = SYSTEM_PLAYBOOK if os.path.exists(SYSTEM_PLAYBOOK) else shutil.which("ansible-playbook", path="/usr/local/bin:/usr/bin")
    if not target:
        sys.exit("ansible-shim: ansible-playbook is not installed (Debian: apt-get install ansible-core)")
    os.execv(target, [target] + sys.argv[1:])
