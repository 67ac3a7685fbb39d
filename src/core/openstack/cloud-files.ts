import { authMethod, type OpenStackCredentials } from './credentials.js';

// The credential files the cloud's consumers read (CAPO, the OpenStack cloud controller manager), made from the
// resolved credentials. They hold secrets: callers write them 0600 and never log them.

/** The clouds.yaml CAPO and the cloud provider read: the resolved credentials, one cloud. */
export function cloudsYaml(credentials: OpenStackCredentials, cloudName: string): string {
  const auth: Record<string, string> = { auth_url: credentials.authUrl ?? '' };
  const method = authMethod(credentials);
  const put = (key: string, value: string | undefined) => {
    if (value) auth[key] = value;
  };
  if (method === 'application-credential') {
    put('application_credential_id', credentials.applicationCredentialId);
    put(
      'application_credential_name',
      credentials.applicationCredentialId ? undefined : credentials.applicationCredentialName,
    );
    put('application_credential_secret', credentials.applicationCredentialSecret);
    if (!credentials.applicationCredentialId) {
      put('username', credentials.username);
      put('user_id', credentials.userId);
      put('user_domain_name', credentials.userDomainName);
    }
  } else {
    put('username', credentials.username);
    put('user_id', credentials.userId);
    put('password', credentials.password);
    put('project_name', credentials.projectName);
    put('project_id', credentials.projectId);
    put('user_domain_name', credentials.userDomainName);
    put('project_domain_name', credentials.projectDomainName);
  }
  const cloud: Record<string, unknown> = {
    auth,
    auth_type: method === 'application-credential' ? 'v3applicationcredential' : 'password',
    identity_api_version: 3,
    interface: credentials.interface,
    ...(credentials.region && { region_name: credentials.region }),
    ...(credentials.insecure && { verify: false }),
  };
  // JSON is YAML: no YAML writer needed, and every value is quoted.
  return `${JSON.stringify({ clouds: { [cloudName]: cloud } }, null, 2)}\n`;
}

/** A gcfg (INI) value, quoted: a secret holding `;`, `#` or `"` stays one value. */
function iniValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * Where the CCM finds the CA: the DaemonSet mounts Secret kube-system/cloud-config at /etc/config, every key a file
 * (CPO `manifests/controller-manager/openstack-cloud-controller-manager-ds.yaml`), so the CA goes in as key `ca.crt`.
 */
export const CCM_CA_KEY = 'ca.crt';
const CCM_CA_FILE = `/etc/config/${CCM_CA_KEY}`;

/**
 * The openstack-cloud-controller-manager's cloud.conf ([Global]) from the resolved credentials (CPO
 * `pkg/client/client.go` AuthOpts: `ca-file`, `os-endpoint-type`, `tls-insecure`): without `ca-file` a private-CA
 * cloud refuses the CCM, which then never removes the nodes' `uninitialized` taint. `withCa` when the CA goes into
 * the Secret beside it.
 */
export function cloudConf(credentials: OpenStackCredentials, withCa = false): string {
  const method = authMethod(credentials);
  const entries: [string, string | undefined][] = [
    ['auth-url', credentials.authUrl],
    ['region', credentials.region],
    // gophercloud's endpoint types are the catalog's interfaces: public (its default), internal, admin.
    [
      'os-endpoint-type',
      credentials.interface && credentials.interface !== 'public' ? credentials.interface : undefined,
    ],
    ['ca-file', withCa ? CCM_CA_FILE : undefined],
    ...(method === 'application-credential'
      ? ([
          ['application-credential-id', credentials.applicationCredentialId],
          [
            'application-credential-name',
            credentials.applicationCredentialId ? undefined : credentials.applicationCredentialName,
          ],
          ['application-credential-secret', credentials.applicationCredentialSecret],
          ...(credentials.applicationCredentialId
            ? []
            : [
                ['username', credentials.username],
                ['user-id', credentials.userId],
                ['user-domain-name', credentials.userDomainName],
              ]),
        ] as [string, string | undefined][])
      : ([
          ['username', credentials.username],
          ['user-id', credentials.userId],
          ['password', credentials.password],
          ['tenant-name', credentials.projectName],
          ['tenant-id', credentials.projectId],
          ['user-domain-name', credentials.userDomainName],
          ['tenant-domain-name', credentials.projectDomainName],
        ] as [string, string | undefined][])),
    ['tls-insecure', credentials.insecure ? 'true' : undefined],
  ];
  return `[Global]\n${entries
    .filter((e): e is [string, string] => !!e[1])
    .map(([key, value]) => `${key}=${iniValue(value)}`)
    .join('\n')}\n`;
}
