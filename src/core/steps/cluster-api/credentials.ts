import { CLUSTER_NAME_LABEL } from '../../capi/status.js';
import { authMethod } from '../../openstack/credentials.js';
import { readTextFile } from '../../lib/files.js';
import type { DeploySettings } from '../../model/settings.js';
import type { DeployState } from '../../model/state.js';
import { skipIf, type Step, type StepContext, type StepDecision, type StepPlan } from '../../model/step.js';
import { CapiCommands, MOVE_LABEL } from '../../capi/management.js';
import { cloudsYaml } from '../../openstack/cloud-files.js';
import { applyPrivately, pivotInProgress } from './shared.js';

/**
 * The credentials become Secret `<cluster>-cloud-config` (`clouds.yaml`, `cacert`) for CAPO's
 * identityRef: written 0600 in the private work dir, applied server-side, removed at once. Never
 * logged, never in the state or the plan. Labelled so clusterctl move carries it along.
 */
export class CapiCloudCredentialsStep implements Step {
  readonly id = 'capi-cloud-credentials' as const;
  readonly title = 'Store the cloud credentials for CAPO';
  readonly kind = 'converge' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management, credentialsFile, capi, credentialsSecret } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.apply(management, credentialsFile),
      reads: this.settings.credentials.caCert ? [this.settings.credentials.caCert] : [],
      writes: [],
      actions: [
        `write Namespace ${capi.namespace} and Secret ${capi.namespace}/${credentialsSecret} (clouds.yaml for cloud "${capi.cloudName}", cacert; label ${MOVE_LABEL}) to ${credentialsFile} (0600), apply it, delete the file`,
      ],
    };
  }

  decide(state: DeployState): StepDecision | undefined {
    return skipIf(pivotInProgress(state, this.commands));
  }

  async run(context: StepContext): Promise<string> {
    const { capi, credentialsFile, credentialsSecret, management } = this.commands;
    const { credentials } = this.settings;
    const clouds = cloudsYaml(credentials, capi.cloudName);
    // CAPO reads a cacert that is not PEM as "no CA" (system roots); CAPO's env.rc writes a bare newline.
    const cacert = credentials.caCert
      ? readTextFile(credentials.caCert, { noun: 'CA bundle', plural: 'CA bundles', maxBytes: 4 * 1024 * 1024 })
      : '\n';
    const data = {
      'clouds.yaml': Buffer.from(clouds).toString('base64'),
      cacert: Buffer.from(cacert).toString('base64'),
    };
    context.redactor.add(data['clouds.yaml']);
    const labels = { [CLUSTER_NAME_LABEL]: this.settings.clusterName, [MOVE_LABEL]: '' };
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: capi.namespace } },
        {
          apiVersion: 'v1',
          kind: 'Secret',
          type: 'Opaque',
          metadata: { name: credentialsSecret, namespace: capi.namespace, labels },
          data,
        },
      ],
    };
    await applyPrivately(context, this.commands.apply(management, credentialsFile), credentialsFile, list);
    return `Secret ${capi.namespace}/${credentialsSecret} applied (cloud "${capi.cloudName}", ${authMethod(credentials) ?? 'no auth method'})`;
  }
}
