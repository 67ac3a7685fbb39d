#!/usr/bin/env bash
# Installs the Debian packages the pipeline drives that a fresh machine may lack: Ansible (Kubespray's
# runner) and openssl (the sandbox's certificates). terraform, kubectl and python3 come with the image.
set -euo pipefail
[[ $(id -u) -eq 0 ]] || exec sudo --preserve-env=PATH "$0" "$@"
packages=()
command -v ansible-playbook >/dev/null || packages+=(ansible-core)
command -v openssl >/dev/null || packages+=(openssl)
if ((${#packages[@]})); then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi
for tool in terraform kubectl python3 ansible-playbook; do
  command -v "$tool" >/dev/null || { echo "error: $tool is not installed; the pipeline and its tests drive it for real" >&2; exit 1; }
done
