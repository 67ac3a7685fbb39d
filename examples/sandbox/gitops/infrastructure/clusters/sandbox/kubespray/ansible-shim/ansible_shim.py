"""Console scripts `ansible-playbook` and `ansible` of the sandbox venv: exec the system's commands."""
import os
import shutil
import sys


def _exec(name):
    system = f"/usr/bin/{name}"
    target = system if os.path.exists(system) else shutil.which(name, path="/usr/local/bin:/usr/bin")
    if not target:
        sys.exit(f"ansible-shim: {name} is not installed (Debian: apt-get install ansible-core)")
    os.execv(target, [target] + sys.argv[1:])


def main():
    _exec("ansible-playbook")


def adhoc():
    _exec("ansible")
