import { describe, expect, it } from 'vitest';
import { upgradeConfigNote } from '../../../src/core/model/settings.js';
import { deploySummary } from '../../../src/github/reports/summary.js';

/** After an upgrade the config must name the new version, or the next deploy hands Kubespray the old one. */
describe('what an upgrade leaves the user to change', () => {
  type Row = [name: string, configured: string | undefined, target: string | undefined, note: RegExp | undefined];
  const rows: Row[] = [
    [
      'a target above the config',
      '1.33.5',
      '1.34.2',
      /^The config still names v1\.33\.5: set opencenter\.cluster\.kubernetes\.version to 1\.34\.2 in clusters\/a\.yaml, and the module's kube_version where the OpenTofu code sets one: the next deploy refuses a version below what the cluster runs, and a module version other than the config's\.$/,
    ],
    ['the config already at the target', '1.34.2', '1.34.2', undefined],
    ['a config without a version', undefined, '1.34.2', /^The config still names no version: set/],
  ];
  it.each(rows)('%s', (_name, configured, target, note) => {
    const said = upgradeConfigNote({
      configPath: 'clusters/a.yaml',
      kubernetesVersion: target,
      configuredKubernetesVersion: configured,
    });
    if (note) expect(said).toMatch(note);
    else expect(said).toBeUndefined();
  });

  it('standalone (no config file): nothing to update', () => {
    expect(upgradeConfigNote({ kubernetesVersion: '1.34.2' })).toBeUndefined();
  });

  it('the job summary says it under the headline of a finished upgrade', () => {
    const summary = deploySummary(
      { ok: true, cluster: 'acme/a', reports: [], statePath: 's', history: [] } as unknown as Parameters<
        typeof deploySummary
      >[0],
      { stateLocation: 's', operation: 'upgrade', targetVersion: '1.34.2', followUp: 'The config still names v1.33.5' },
    );
    expect(summary.split('\n').slice(0, 3)).toEqual([
      '### ✅ Upgraded `acme/a` to v1.34.2',
      '',
      '> The config still names v1.33.5',
    ]);
  });
});
