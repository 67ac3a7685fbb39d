import { describe, expect, it } from 'vitest';
import { RefusalError } from '../../../src/core/lib/errors.js';
import { chooseTofuState } from '../../../src/core/tofu/state-guard.js';

/**
 * The runner's tofu state against the one the resume state carried (tofu-state: artifact): the copy not
 * chosen is never uploaded over the other, so a wrong choice leaves the deploy's resources unmanaged.
 */
const state = (lineage: string, serial: number, resources = 0) =>
  Buffer.from(
    JSON.stringify({
      version: 4,
      terraform_version: '1.10.6',
      serial,
      lineage,
      outputs: {},
      resources: Array.from({ length: resources }, (_, i) => ({
        mode: 'managed',
        type: 'terraform_data',
        name: `r${i}`,
      })),
    }),
  );
const where = { local: '/w/terraform.tfstate', saved: 'the tofu state saved with the resume state' };

type Row = [name: string, local: Buffer, saved: Buffer, use: 'local' | 'saved', why: RegExp];
const rows: Row[] = [
  [
    'same lineage, the saved copy newer (another runner ran since)',
    state('a', 3, 5),
    state('a', 9, 5),
    'saved',
    /serial 9 > 3/,
  ],
  [
    'same lineage, the local copy newer (this runner ran since)',
    state('a', 9, 5),
    state('a', 3, 5),
    'local',
    /serial 9 ≥ 3/,
  ],
  ['same lineage and serial', state('a', 4, 5), state('a', 4, 5), 'local', /serial 4 ≥ 4/],
  [
    'an empty local file of another lineage (a leftover, a checked-in file) never replaces the deploy',
    state('b', 1, 0),
    state('a', 7, 5),
    'saved',
    /terraform\.tfstate manages no resources; the tofu state saved with the resume state does \(5 resources, serial 7\)/,
  ],
  [
    'the same lineage emptied by a later destroy is newer, so it is kept',
    state('a', 12, 0),
    state('a', 7, 5),
    'local',
    /serial 12 ≥ 7/,
  ],
  [
    'an empty saved state of another lineage does not replace a local one that manages resources',
    state('a', 7, 5),
    state('b', 1, 0),
    'local',
    /resume state manages no resources; \/w\/terraform\.tfstate does \(5 resources, serial 7\)/,
  ],
  [
    'a zero-length local file (OpenTofu reads it as no state)',
    Buffer.from(''),
    state('a', 7, 5),
    'saved',
    /manages no resources/,
  ],
];

describe('which tofu state a run uses when the runner has one and the resume state carried another', () => {
  it.each(rows)('%s', (_name, local, saved, use, why) => {
    const choice = chooseTofuState(local, saved, where);
    expect(choice.use).toBe(use);
    expect(choice.why).toMatch(why);
  });

  type Refused = [name: string, local: Buffer, saved: Buffer, error: RegExp];
  const refused: Refused[] = [
    [
      'two lineages that both manage resources',
      state('a', 7, 5),
      state('b', 3, 2),
      /^two different tofu states: \/w\/terraform\.tfstate \(lineage a, 5 resources, serial 7\) and the tofu state saved with the resume state \(lineage b, 2 resources, serial 3\)\. .*move the other aside/,
    ],
    [
      'a local file that is not JSON',
      Buffer.from('not json'),
      state('a', 1, 1),
      /^the tofu state \/w\/terraform\.tfstate is not a tofu state \(not JSON\)/,
    ],
    [
      'a local file without lineage and serial',
      Buffer.from('{"resources": []}'),
      state('a', 1, 1),
      /^the tofu state \/w\/terraform\.tfstate is not a tofu state \(no lineage and serial\)/,
    ],
  ];
  it.each(refused)('refuses %s', (_name, local, saved, error) => {
    expect(() => chooseTofuState(local, saved, where)).toThrow(RefusalError);
    expect(() => chooseTofuState(local, saved, where)).toThrow(error);
  });
});
