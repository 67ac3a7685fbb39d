#!/usr/bin/env bash
# Installs the API services of Debian's Nova, Neutron, Cinder and Octavia (Zed, like the keystone
# package) for test/core/openstack-quotas.test.ts. The tests start their own copies on 127.0.0.1
# with SQLite and the fake message transport (test/support/openstack-apis.ts); the packaged
# services must not run. Needs Keystone too (.ci/install-keystone.sh). Idempotent; needs root (or sudo).
set -euo pipefail

if [[ $(id -u) -ne 0 ]]; then
  exec sudo --preserve-env=PATH "$0" "$@"
fi

packages=(nova-api neutron-server cinder-api octavia-api)
missing=()
for package in "${packages[@]}"; do
  [[ $(dpkg-query -W -f='${Status}' "$package" 2>/dev/null) == 'install ok installed' ]] || missing+=("$package")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "already installed: ${packages[*]}"
else
  # Without a policy-rc.d that exits 101 the packages start their services on all interfaces.
  policy_file=/usr/sbin/policy-rc.d
  if [[ ! -e $policy_file ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy_file"
    chmod 755 "$policy_file"
    trap 'rm -f "$policy_file"' EXIT
  fi

  # No databases or endpoints from the packages: the test fixture does all of that itself.
  debconf-set-selections <<'SELECTIONS'
nova-common nova/configure_db boolean false
nova-common nova/configure_api-db boolean false
nova-api nova/register-endpoint boolean false
neutron-common neutron/configure_db boolean false
neutron-server neutron/register-endpoint boolean false
cinder-common cinder/configure_db boolean false
cinder-api cinder/register-endpoint boolean false
octavia-common octavia/configure_db boolean false
octavia-api octavia/register-endpoint boolean false
SELECTIONS

  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# In case a package started its service anyway: stop it and keep it from starting at boot.
for service in nova-api neutron-api neutron-server neutron-rpc-server cinder-api octavia-api; do
  if command -v systemctl >/dev/null && [[ -d /run/systemd/system ]]; then
    systemctl disable --now "$service.service" 2>/dev/null || true
  elif [[ -x /etc/init.d/$service ]]; then
    "/etc/init.d/$service" stop >/dev/null 2>&1 || true
    update-rc.d "$service" disable >/dev/null 2>&1 || true
  fi
done

for package in "${packages[@]}"; do
  echo "$package $(dpkg-query -W -f='${Version}' "$package") ready for the tests"
done
