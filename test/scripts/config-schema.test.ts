import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../scripts/config-schema.js';
import { scaffoldFiles } from '../../src/core/model/scaffold.js';
import { ROOT } from '../support/action-runner.js';

describe('schemas/cluster-config.schema.json, the config schema for editors', () => {
  it('is what scripts/config-schema.ts writes from the zod schema (run it after changing the config schema)', () => {
    expect(readFileSync(path.join(ROOT, 'schemas/cluster-config.schema.json'), 'utf8')).toBe(configJsonSchema());
  });

  it('takes no unknown key in the sections only this tool reads, and leaves openCenter’s other sections open', () => {
    const schema = JSON.parse(configJsonSchema());
    const deployment = schema.properties.deployment.properties;
    expect(deployment.kubespray.additionalProperties).toBe(false);
    expect(deployment.cluster_api.additionalProperties).toBe(false);
    expect(deployment.cluster_api.properties.providers.additionalProperties).toBe(false);
    expect(schema.properties.opentofu.properties.node_resource.additionalProperties).toBe(false);
    expect(schema.properties.opencenter.additionalProperties).toBeUndefined();
    expect(deployment.kubespray.properties.upgrade_batch_size).toMatchObject({ type: 'integer', minimum: 1 });
  });

  it('is named in the config init writes, for a module from a GitHub release', () => {
    const [config] = scaffoldFiles({
      cluster: 'prod-east',
      organization: 'acme',
      runner: 'hosted',
      moduleSource: 'git::https://github.com/acme/deploy.git//modules/openstack-cluster?ref=v1.4.2',
    });
    expect(config!.content.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=https://raw.githubusercontent.com/acme/deploy/v1.4.2/schemas/cluster-config.schema.json',
    );
  });
});
