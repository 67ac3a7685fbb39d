import { NAME_PATTERN, NAME_RULE } from '../../core/lib/option-values.js';

/**
 * What the artifacts and the files in them are called: one home for the writers (the actions) and the readers
 * (the actions, `cluster-deploy kubeconfig`), without the clients that move them.
 */

/**
 * An artifact name per kind, org and cluster. Organisation and cluster names are letters, digits,
 * ".", "_" and "-" (NAME_PATTERN), so "~" between them cannot occur in either: `acme-prod`/`east`
 * and `acme`/`prod-east` get different names. (Artifact names allow no slashes or colons.)
 */
export function artifactName(kind: 'state' | 'plan', organization: string, cluster: string): string {
  for (const name of [organization, cluster])
    if (!NAME_PATTERN.test(name)) throw new Error(`artifact name part ${JSON.stringify(name)} ${NAME_RULE}`);
  return `cluster-deploy-${kind}-${organization}~${cluster}`;
}

/** The name before the "~" separator: ambiguous, read only to take over a state written under it. */
export const legacyStateArtifactName = (organization: string, cluster: string): string =>
  `cluster-deploy-state-${organization}-${cluster}`;

export const stateArtifactName = (organization: string, cluster: string): string =>
  artifactName('state', organization, cluster);

/** Files the state artifact carries beside state.json, its seal and deploy.log, encrypted with a passphrase. */
export const TOFU_STATE_ARTIFACT_FILE = 'terraform.tfstate.age';
export const KUBECONFIG_ARTIFACT_FILE = 'kubeconfig.age';
export const INVENTORY_ARTIFACT_FILE = 'inventory.yaml.age';
