import path from 'node:path';
import { UserError } from '../../core/lib/errors.js';
import { displayPath, writePrivateFile } from '../../core/lib/files.js';
import { kubeconfigEndpoint, kubeconfigSecrets } from '../../core/kube/kubeconfig.js';
import * as core from '../../github/runner/actions-core.js';
import { secretBox } from '../../github/runner/clients.js';

/**
 * actions/kubeconfig, for downstream jobs: decrypts the deploy job's `kubeconfig-encrypted` output,
 * masks its secret leaves (decrypted values are not masked by the runner), writes it 0600 and
 * exports KUBECONFIG.
 */
export async function run(): Promise<void> {
  const passphrase = core.getInput('passphrase');
  const encrypted = core.getInput('kubeconfig-encrypted');
  if (!encrypted)
    throw new UserError(
      'input kubeconfig-encrypted is empty: pass needs.<deploy job>.outputs.kubeconfig-encrypted (the deploy job must set kubeconfig-passphrase)',
    );
  if (!passphrase)
    throw new UserError('input passphrase is empty: pass the same secret the deploy job used as kubeconfig-passphrase');
  const { decryptWithPassphrase } = await secretBox();
  const text = await decryptWithPassphrase(encrypted, passphrase, 'input kubeconfig-encrypted');
  for (const secret of kubeconfigSecrets(text, 'from input kubeconfig-encrypted')) core.setSecret(secret);
  const target = path.resolve(core.getInput('path') || path.join(process.env.RUNNER_TEMP ?? '/tmp', 'kubeconfig'));
  if (target.includes(path.delimiter)) {
    throw new UserError(
      `input path ${displayPath(target)} contains "${path.delimiter}", which separates paths in KUBECONFIG; choose a path without it`,
    );
  }
  await writePrivateFile(target, text, 'kubeconfig');
  core.exportVariable('KUBECONFIG', target);
  core.setOutput('path', target);
  const endpoint = kubeconfigEndpoint(text, target);
  if (endpoint) core.setOutput('endpoint', endpoint);
  core.info(`kubeconfig for ${endpoint ?? 'the cluster'} written to ${target} (KUBECONFIG exported)`);
}
