"""Writes the ansible-shim wheel without setuptools or network: a wheel is a zip with a fixed layout.

The shim's console scripts `ansible-playbook` and `ansible` hand over to Debian's, so the sandbox's
Kubespray venv behaves like a real one (`<venv>/bin/ansible-playbook`) with nothing from PyPI.
Usage: python3 build_wheel.py OUTPUT_DIR
"""
import base64
import hashlib
import os
import sys
import zipfile

NAME, VERSION = "ansible_shim", "0.0.1"
DIST_INFO = f"{NAME}-{VERSION}.dist-info"
HERE = os.path.dirname(os.path.abspath(__file__))

with open(os.path.join(HERE, "ansible_shim.py"), "rb") as module:
    files = {
        "ansible_shim.py": module.read(),
        f"{DIST_INFO}/METADATA": f"Metadata-Version: 2.1\nName: ansible-shim\nVersion: {VERSION}\nSummary: Sandbox stand-in for Kubespray's ansible requirement\n".encode(),
        f"{DIST_INFO}/WHEEL": b"Wheel-Version: 1.0\nGenerator: build_wheel.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{DIST_INFO}/entry_points.txt": b"[console_scripts]\nansible-playbook = ansible_shim:main\nansible = ansible_shim:adhoc\n",
    }


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


record = "\n".join([record_line(p, d) for p, d in files.items()] + [f"{DIST_INFO}/RECORD,,"]) + "\n"
files[f"{DIST_INFO}/RECORD"] = record.encode()

out_dir = sys.argv[1]
os.makedirs(out_dir, exist_ok=True)
wheel = os.path.join(out_dir, f"{NAME}-{VERSION}-py3-none-any.whl")
with zipfile.ZipFile(wheel + ".tmp", "w", zipfile.ZIP_DEFLATED) as archive:
    for path, data in files.items():
        info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, data)
os.replace(wheel + ".tmp", wheel)
print(wheel)
