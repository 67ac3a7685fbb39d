import * as core from '@actions/core';
import path from 'node:path';
import { UserError, errorMessage } from '../core/errors.js';
import { displayPath, writePrivateFile } from '../core/files.js';
import { kubeconfigEndpoint, kubeconfigSecrets } from '../core/kubeconfig.js';
import { decryptWithPassphrase } from '../core/secret-box.js';

/**
 * actions/kubeconfig, for downstream jobs: decrypts the deploy job's `kubeconfig-encrypted` output,
 * masks its secret leaves (decrypted values are not masked by the runner), writes it 0600 and
 * exports KUBECONFIG.
 */
export async function runKubeconfigAction(): Promise<void> {
  const passphrase = core.getInput('passphrase');
  if (passphrase) core.setSecret(passphrase);
  try {
    const encrypted = core.getInput('kubeconfig-encrypted').trim();
    if (!encrypted) throw new UserError('input kubeconfig-encrypted is empty: pass needs.<deploy job>.outputs.kubeconfig-encrypted (the deploy job must set kubeconfig-passphrase)');
    if (!passphrase) throw new UserError('input passphrase is empty: pass the same secret the deploy job used as kubeconfig-passphrase');
    const text = await decryptWithPassphrase(encrypted, passphrase, 'input kubeconfig-encrypted');
    const source = 'from input kubeconfig-encrypted';
    const secrets = kubeconfigSecrets(text, source);
    for (const secret of secrets) core.setSecret(secret);
    const target = path.resolve(core.getInput('path') || path.join(process.env.RUNNER_TEMP ?? '/tmp', 'kubeconfig'));
    if (target.includes(path.delimiter)) {
      throw new UserError(`input path ${displayPath(target)} contains "${path.delimiter}", which separates paths in KUBECONFIG; choose a path without it`);
    }
    await writePrivateFile(target, text, 'kubeconfig');
    core.exportVariable('KUBECONFIG', target);
    core.setOutput('path', target);
    const endpoint = kubeconfigEndpoint(text, target);
    if (endpoint) core.setOutput('endpoint', endpoint);
    core.info(`kubeconfig for ${endpoint ?? 'the cluster'} written to ${target} (KUBECONFIG exported)`);
  } catch (error) {
    core.setFailed(error instanceof UserError ? error.message : `internal error: ${errorMessage(error)}`);
  }
}
