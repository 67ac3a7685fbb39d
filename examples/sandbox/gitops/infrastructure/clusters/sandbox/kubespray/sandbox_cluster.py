"""State of the sandbox's fake cluster, changed by the Kubespray stand-in's playbooks (python3 stdlib only).

Usage: python3 sandbox_cluster.py COMMAND JSON   (the playbooks call it with `command: argv:`, no shell)

  register      {"registry", "hosts": [...], "control_plane": [...], "version": "v1.33.5" | null}
                adds or updates the hosts as Ready nodes (roles from control_plane); version null = the
                cluster's version (the lowest kubeletVersion among control-plane nodes, default v1.33.5)
  remove        {"registry", "names": [...]}                     deletes the nodes
  rebuilt       {"api_file", "name"}                              Nova rebuilt the server in place: a node the
                cluster knows goes NotReady (run by the sandbox node module's nova_rebuild, not by a playbook)
  upgrade       {"registry", "host", "version", "fail_file"}
                sets the node's kubeletVersion (a host that is no node stays none), unless fail_file
                names the host (then exit 1, nothing changed)
  etcd          {"file", "mode": "install" | "upgrade" | "remove", "etcd": [...], "join": [...], "control_plane": [...]}
                the etcd model (<cluster dir>/.sandbox-etcd.json, {"members": [...], "apiservers": {host: [...]}}):
                install/upgrade add `join` to the members; install gives each control plane without a manifest
                the `etcd` group as --etcd-servers, upgrade rewrites every `control_plane` host's; remove drops
                `join` from the members and the removed hosts' manifests
  record        {"runs", "playbook", "hosts", "vars"}             appends one JSON line to the run log
  facts         {"dir", "hosts": [...]}                           writes a facts-cache marker per host
  uncached      {"dir", "hosts": [...], "max_age": 86400}         prints the hosts without a fresh marker (JSON)
  etcd_start    {"data_dir", "registry", "lost_marker"}           a restored etcd starts: the registry becomes the
                data dir's member/snap/db, and the lost-quorum marker goes

The registry ({"nodes": [{"name", "ready", "kubeletVersion", "roles"}]}) is what the Kubernetes API
stand-in serves; every read-modify-write holds an flock on "<registry>.lock" and replaces the file atomically.
"""
import contextlib
import fcntl
import json
import os
import re
import sys
import tempfile
import time

DEFAULT_VERSION = "v1.33.5"


@contextlib.contextmanager
def locked(path):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def write_atomic(path, text):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", dir=directory)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.remove(tmp)
        raise


def read_registry(path):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return {"nodes": []}


def version_key(version):
    match = re.match(r"^v?(\d+)\.(\d+)\.(\d+)", version or "")
    return tuple(int(x) for x in match.groups()) if match else (float("inf"),) * 3


def cluster_version(registry):
    versions = [n.get("kubeletVersion") or DEFAULT_VERSION for n in registry["nodes"] if "control-plane" in (n.get("roles") or [])]
    return min(versions, key=version_key) if versions else DEFAULT_VERSION


def modify_registry(path, change):
    with locked(path):
        registry = read_registry(path)
        result = change(registry)
        write_atomic(path, json.dumps(registry, indent=2) + "\n")
        return result


def node_entry(registry, name):
    for node in registry["nodes"]:
        if node["name"] == name:
            return node
    node = {"name": name, "ready": True, "kubeletVersion": DEFAULT_VERSION, "roles": []}
    registry["nodes"].append(node)
    return node


def register(spec):
    def change(registry):
        version = spec.get("version") or cluster_version(registry)
        for host in spec["hosts"]:
            node = node_entry(registry, host)
            node.update(ready=True, kubeletVersion=version, roles=["control-plane"] if host in spec.get("control_plane", []) else [])
            node.pop("rebuilt", None)
        return version

    print(json.dumps({"registered": spec["hosts"], "kubeletVersion": modify_registry(spec["registry"], change)}))


def remove(spec):
    names = set(spec["names"])

    def change(registry):
        before = [n["name"] for n in registry["nodes"]]
        registry["nodes"] = [n for n in registry["nodes"] if n["name"] not in names]
        return [n for n in before if n in names]

    print(json.dumps({"removed": modify_registry(spec["registry"], change)}))


def rebuilt(spec):
    """servers.Rebuild re-images the root disk (terraform-provider-openstack v3.4.0,
    resource_openstack_compute_instance_v2.go): the kubelet Kubespray installed is gone, so the node stays
    NotReady until Kubespray installs it again (register). A server no node is registered for: nothing."""
    try:
        with open(spec["api_file"]) as f:
            registry_file = json.load(f)["registryFile"]
    except (OSError, ValueError, KeyError):
        return
    if not os.path.exists(registry_file):
        return

    def change(registry):
        node = next((n for n in registry["nodes"] if n["name"] == spec["name"]), None)
        if node is not None:
            node["ready"] = False
            node["rebuilt"] = True  # its kubelet binary is gone too (sandbox_bin/kubelet)
        return node is not None

    print(json.dumps({"rebuilt": spec["name"], "was_node": modify_registry(registry_file, change)}))


def upgrade(spec):
    host, fail_file = spec["host"], spec.get("fail_file")
    if fail_file and os.path.exists(fail_file):
        with open(fail_file) as f:
            if host in f.read().split():
                sys.exit(f"sandbox: simulated upgrade failure on {host} (named in {fail_file})")

    def change(registry):
        node = next((n for n in registry["nodes"] if n["name"] == host), None)
        if node is None:  # not a node (removed, never joined): nothing to upgrade
            return None
        previous = node.get("kubeletVersion")
        node["kubeletVersion"] = spec["version"]
        return previous

    previous = modify_registry(spec["registry"], change)
    print(json.dumps({"host": host, "from": previous, "to": spec["version"]}))


def etcd(spec):
    path = spec["file"]

    def change():
        try:
            with open(path) as f:
                model = json.load(f)
        except FileNotFoundError:
            model = {"members": [], "apiservers": {}}
        members, apiservers = model["members"], model["apiservers"]
        if spec["mode"] == "remove":
            model["members"] = [m for m in members if m not in spec["join"]]
            for host in spec["join"] + spec["control_plane"]:
                apiservers.pop(host, None)
        else:
            members.extend(h for h in spec["join"] if h not in members)
            for host in spec["control_plane"]:
                if spec["mode"] == "upgrade" or host not in apiservers:
                    apiservers[host] = list(spec["etcd"])
        write_atomic(path, json.dumps(model, indent=2) + "\n")
        return model

    with locked(path):
        print(json.dumps(change()))


def record(spec):
    line = json.dumps({"playbook": spec["playbook"], "hosts": spec["hosts"], "vars": spec.get("vars") or {}}) + "\n"
    with locked(spec["runs"]):
        with open(spec["runs"], "a") as runs:
            runs.write(line)
            runs.flush()
            os.fsync(runs.fileno())


def facts(spec):
    os.makedirs(spec["dir"], exist_ok=True)
    now = time.time()
    for host in spec["hosts"]:
        write_atomic(os.path.join(spec["dir"], host), json.dumps({"host": host, "cached_at": now}) + "\n")


def uncached(spec):
    now, max_age, missing = time.time(), spec.get("max_age", 86400), []
    for host in spec["hosts"]:
        try:
            with open(os.path.join(spec["dir"], host)) as f:
                fresh = now - json.load(f)["cached_at"] < max_age
        except (OSError, ValueError, KeyError):
            fresh = False
        if not fresh:
            missing.append(host)
    print(json.dumps(missing))


def etcd_start(spec):
    """The etcd a restore started: its data dir's content becomes what the API serves; quorum is back."""
    with open(os.path.join(spec["data_dir"], "member", "snap", "db")) as f:
        restored = json.load(f)
    with locked(spec["registry"]):
        write_atomic(spec["registry"], json.dumps(restored, indent=2) + "\n")
    with contextlib.suppress(FileNotFoundError):
        os.remove(spec["lost_marker"])


COMMANDS = {"etcd_start": etcd_start, "register": register, "remove": remove, "rebuilt": rebuilt, "upgrade": upgrade, "etcd": etcd, "record": record, "facts": facts, "uncached": uncached}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: sandbox_cluster.py {{{'|'.join(COMMANDS)}}} JSON")
    COMMANDS[sys.argv[1]](json.loads(sys.argv[2]))
