import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { authMethod, credentialsToEnv, type OpenStackCredentials } from '../openstack/credentials.js';
import { checkOpenStackAuth } from '../openstack/keystone.js';

/**
 * The OpenStack credentials Kubespray itself reads. Its cloud controller and Cinder CSI roles take
 * them from the controller's OS_* environment, not clouds.yaml
 * (roles/kubernetes-apps/external_cloud_controller/openstack/defaults/main.yml), and check them
 * (tasks/openstack-credential-check.yml): a username or an application credential NAME (an id and a
 * secret alone fail), with a name also the id and the secret, a region, and without an application
 * credential a project and a user domain. OS_CACERT is read on kube_control_plane[0] (slurp), so
 * that path must exist on that node.
 */
export interface KubesprayCloudEnv {
  env: Record<string, string>;
  /** What Kubespray's check would stop on, said before it runs. */
  missing: string[];
  notes: string[];
}

export function kubesprayCloudEnv(
  creds: OpenStackCredentials,
  /** The application credential as Keystone names it (from the token), when it was authenticated. */
  applicationCredential?: { id?: string; name?: string },
): KubesprayCloudEnv {
  const env = credentialsToEnv(creds);
  const missing: string[] = [];
  const notes: string[] = [];
  const method = authMethod(creds);
  if (method === 'application-credential') {
    const id = creds.applicationCredentialId ?? applicationCredential?.id;
    const name = creds.applicationCredentialName ?? applicationCredential?.name;
    if (id) env.OS_APPLICATION_CREDENTIAL_ID = id;
    if (name) env.OS_APPLICATION_CREDENTIAL_NAME = name;
    if (!name) {
      missing.push(
        'the application credential\'s name (OS_APPLICATION_CREDENTIAL_NAME; Kubespray\'s credential check needs it beside the id: "you must either set external_openstack_username or external_openstack_application_credential_name")',
      );
    }
    if (!id)
      missing.push(
        "the application credential's id (OS_APPLICATION_CREDENTIAL_ID), which Kubespray needs beside its name",
      );
  } else if (method === 'password') {
    if (!creds.username) missing.push('the username (OS_USERNAME): Kubespray does not take a user id');
    if (!creds.projectId && !creds.projectName) missing.push('the project (OS_PROJECT_NAME or OS_PROJECT_ID)');
    if (!creds.userDomainName) missing.push('the user domain (OS_USER_DOMAIN_NAME)');
  } else missing.push('complete OpenStack credentials');
  if (!creds.region) missing.push('the region (OS_REGION_NAME): "external_openstack_region is missing"');
  if (!creds.authUrl) missing.push('the Keystone URL (OS_AUTH_URL)');
  if (creds.caCert) {
    notes.push(
      `OS_CACERT=${creds.caCert}: Kubespray reads this path on the first control plane node (slurp), not on the runner; the file must exist there`,
    );
  }
  return { env, missing, notes };
}

/**
 * A fingerprint of the credential Kubespray's cloud controller role writes into the cluster (the
 * kube-system/external-openstack-cloud-config Secret, roles/kubernetes-apps/external_cloud_controller/openstack):
 * part of the run digest, so a rotated credential re-runs cluster.yml and reaches that Secret. Only
 * mixed into the digest, never stored or shown on its own; never the secret itself.
 */
export function credentialFingerprint(env: Record<string, string>): string {
  const hash = createHash('sha256').update('cluster-deploy cloud credential v1\0');
  for (const name of Object.keys(env).sort()) hash.update(`${name}\0${env[name]}\0`);
  return hash.digest('hex');
}

/** group_vars that turn on Kubespray's OpenStack cloud controller (external_cloud_provider: openstack) or Cinder CSI. */
export async function usesOpenStackCloudProvider(inventory: string): Promise<boolean> {
  const dir = path.join(path.dirname(inventory), 'group_vars');
  const files = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
  for (const file of files.filter((f) => /\.ya?ml$/.test(f))) {
    const text = await fs.readFile(path.join(dir, file), 'utf8').catch(() => '');
    if (/^\s*external_cloud_provider:\s*["']?openstack\b/m.test(text) || /^\s*cinder_csi_enabled:\s*true\b/m.test(text))
      return true;
  }
  return false;
}

const askedNames = new WeakMap<OpenStackCredentials, Promise<string | undefined>>();

/**
 * The application credential's name when only its id is configured, asked from Keystone once per run
 * (its token names the credential): Kubespray's credential check refuses an id without a name. Undefined
 * when Keystone cannot be asked; then the missing name is said as before.
 */
export function applicationCredentialName(creds: OpenStackCredentials, timeoutMs: number): Promise<string | undefined> {
  if (
    creds.applicationCredentialName ||
    !creds.applicationCredentialId ||
    authMethod(creds) !== 'application-credential'
  )
    return Promise.resolve(creds.applicationCredentialName);
  let asked = askedNames.get(creds);
  if (!asked) {
    asked = checkOpenStackAuth(creds, { timeoutMs, requiredServices: [] }).then(
      (auth) => auth.applicationCredential?.name,
      () => undefined,
    );
    askedNames.set(creds, asked);
  }
  return asked;
}
