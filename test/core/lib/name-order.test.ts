import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../src/core/lib/name-order.js';

// compareNames stands in for localeCompare on the start-up path (it spares a step ICU's collator): it must give
// the same order, or a dry run's environment would list differently from before.
const NAMES = [
  'PATH',
  'Path',
  'path',
  'OS_AUTH_URL',
  'OS_AUTH_TYPE',
  'OSA',
  'OS1',
  'OS',
  'KUBECONFIG',
  'http_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'A_',
  'A',
  'a',
  'AB',
  'A_B',
  'a_b',
  'A1',
  'A9',
  'A10',
  '_A',
  '9',
  '',
  'TF_VAR_x',
  'TF_VAR_X',
  'TF_IN_AUTOMATION',
  'INPUT_DRY-RUN', // not a plain name: localeCompare decides
  'ÄPFEL',
];

describe('compareNames: the order localeCompare gives, without ICU', () => {
  it.each(NAMES.flatMap((a) => NAMES.map((b) => [a, b] as const)))('%j against %j', (a, b) => {
    expect(Math.sign(compareNames(a, b))).toBe(Math.sign(a.localeCompare(b)));
  });

  it('sorts a list as localeCompare does', () => {
    const shuffled = [...NAMES].reverse();
    expect(shuffled.sort(compareNames)).toEqual([...NAMES].sort((a, b) => a.localeCompare(b)));
  });
});
