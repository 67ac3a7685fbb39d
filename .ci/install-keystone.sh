#!/usr/bin/env bash
# Installs Debian's Keystone for the tests in test/core/openstack/keystone.test.ts. The tests start their own
# Keystone on 127.0.0.1 with SQLite (test/support/keystone.ts); the packaged service must not run.
# Idempotent: safe to run again on a machine that already has it. Needs root (or passwordless sudo).
set -euo pipefail

if [[ $(id -u) -ne 0 ]]; then
  exec sudo --preserve-env=PATH "$0" "$@"
fi

if [[ $(dpkg-query -W -f='${Status}' keystone 2>/dev/null) == 'install ok installed' ]]; then
  echo "keystone already installed: $(dpkg-query -W -f='${Version}' keystone)"
else
  # Without a policy-rc.d that exits 101 the package starts Keystone (and runs its own set-up) on all
  # interfaces. Add one only for the install when the machine has none, so other packages are unaffected.
  policy_file=/usr/sbin/policy-rc.d
  if [[ ! -e $policy_file ]]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy_file"
    chmod 755 "$policy_file"
    trap 'rm -f "$policy_file"' EXIT
  fi

  # No database, admin project or endpoint from the package: the test fixture does all of that itself.
  debconf-set-selections <<'EOF'
keystone keystone/configure_db boolean false
keystone keystone/dbconfig-install boolean false
keystone keystone/create-admin-tenant boolean false
keystone keystone/register-endpoint boolean false
EOF

  # CI images ship stale or empty package lists.
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends keystone
fi

# In case the package (or an earlier install without policy-rc.d) started the service anyway: stop it
# and keep it from starting at boot. The fixture's own Keystone runs as a child of the test process.
if command -v systemctl >/dev/null && [[ -d /run/systemd/system ]]; then
  systemctl disable --now keystone.service 2>/dev/null || true
elif [[ -x /etc/init.d/keystone ]]; then
  /etc/init.d/keystone stop >/dev/null 2>&1 || true
  update-rc.d keystone disable >/dev/null 2>&1 || true
fi
# Keystone's well-known ports: nothing of Keystone's may listen there (on any interface) after this script.
if command -v ss >/dev/null; then
  listeners=$(ss -ltnpH '( sport = :5000 or sport = :35357 )')
  if grep -Eq 'keystone|uwsgi|apache2' <<<"$listeners"; then
    echo "error: a Keystone service still listens after the install:" >&2
    echo "$listeners" >&2
    exit 1
  fi
fi

echo "keystone $(dpkg-query -W -f='${Version}' keystone) ready for the tests"
