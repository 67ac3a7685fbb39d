"""Writes (or removes) the sandbox's Kubespray inventory; run by OpenTofu's local-exec (no shell).

Usage: python3 write_inventory.py INVENTORY_PATH JSON
  JSON {"control_plane": [names...], "worker": [names...], "bastion": bool} writes the inventory atomically;
  JSON {"remove": true} removes it (destroy).
Kubespray's layout: every host local, fake node addresses in 10.2.128.0/22; kube_control_plane and etcd
are the control-plane hosts in index order; kube_node the workers, or the control plane when there are none.
With a bastion: host "bastion" in group "bastion", as Kubespray's docs/ansible/inventory.md names it (local too).
"""
import ipaddress
import json
import os
import sys
import tempfile

# Stable per role and index: control plane i at 10.2.128.(10+i), worker i at 10.2.128.(50+i).
CONTROL_PLANE_BASE, WORKER_BASE = ipaddress.ip_address("10.2.128.10"), ipaddress.ip_address("10.2.128.50")


def q(value):
    """A YAML scalar: JSON's string syntax is valid YAML."""
    return json.dumps(value)


def host_bin_dir(cluster_dir, name):
    """Each host's own bin_dir, as each server has its own /usr/local/bin: the stand-ins linked there (etcdctl, the
    kubelet) tell the hosts apart by it, since every sandbox host is this machine."""
    return os.path.join(cluster_dir, ".sandbox-hosts", name, "bin")


def link_host_tools(cluster_dir, names):
    for name in names:
        directory = host_bin_dir(cluster_dir, name)
        os.makedirs(directory, exist_ok=True)
        for tool in ("etcdctl", "kubelet"):
            link = os.path.join(directory, tool)
            if not os.path.islink(link):
                os.symlink(os.path.join(cluster_dir, "kubespray", "sandbox_bin", tool), link)


def render(control_plane, workers, cluster_dir, bastion=False):
    lines = ["# Written by OpenTofu (terraform_data.inventory); do not edit.", "all:", "  vars:"]
    # Where Kubespray's etcd paths point in the sandbox (defaults: bin_dir /usr/local/bin, etcd_cert_dir
    # /etc/ssl/etcd/ssl, etcd_data_dir /var/lib/etcd): the etcdctl stand-in and the files cluster.yml writes.
    # Each node host overrides bin_dir with its own (host_bin_dir).
    for name, value in (("bin_dir", "kubespray/sandbox_bin"), ("etcd_cert_dir", ".sandbox-etcd/ssl"), ("etcd_data_dir", ".sandbox-etcd/data")):
        lines.append(f"    {name}: {q(os.path.join(cluster_dir, value))}")
    lines.append("  hosts:")
    addressed = [(n, CONTROL_PLANE_BASE + i) for i, n in enumerate(control_plane)] + [(n, WORKER_BASE + i) for i, n in enumerate(workers)]
    for name, address in addressed:
        address = str(address)
        lines += [
            f"    {q(name)}:",
            "      ansible_connection: local",
            "      ansible_python_interpreter: /usr/bin/python3",
            f"      ip: {q(address)}",
            f"      access_ip: {q(address)}",
            f"      bin_dir: {q(host_bin_dir(cluster_dir, name))}",
        ]
    if bastion:
        lines += ["    bastion:", "      ansible_connection: local", "      ansible_python_interpreter: /usr/bin/python3"]
    lines.append("  children:")
    if bastion:
        lines += ["    bastion:", "      hosts:", "        bastion: {}"]

    def group(name, hosts):
        lines.append(f"    {name}:")
        lines.append("      hosts:" + ("" if hosts else " {}"))
        lines.extend(f"        {q(h)}: {{}}" for h in hosts)

    group("kube_control_plane", control_plane)
    group("etcd", control_plane)
    group("kube_node", workers or control_plane)
    lines += ["    k8s_cluster:", "      children:", "        kube_control_plane: {}", "        kube_node: {}"]
    return "\n".join(lines) + "\n"


def main():
    path, spec = sys.argv[1], json.loads(sys.argv[2])
    if spec.get("remove"):
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
        return
    control_plane, workers = list(spec.get("control_plane") or []), list(spec.get("worker") or [])
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    link_host_tools(os.path.dirname(directory), control_plane + workers)
    fd, tmp = tempfile.mkstemp(prefix=".inventory-", dir=directory)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(render(control_plane, workers, os.path.dirname(directory), bool(spec.get("bastion"))))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except FileNotFoundError:
            pass
        raise


if __name__ == "__main__":
    main()
