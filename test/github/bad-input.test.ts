import { describe, expect, it } from 'vitest';
import { UsageError, UserError } from '../../src/core/lib/errors.js';
import { armor, Encrypter } from 'age-encryption';
import { decryptWithPassphrase } from '../../src/core/lib/secret-box.js';
import { OPERATION_STEPS } from '../../src/core/model/operations.js';
import { readActionSettings } from '../../src/github/runner/inputs.js';
import { runAction, runnerInputReader } from '../support/action-runner.js';

/**
 * Hostile and careless action inputs, as a table: each row gives inputs (on top of a valid `config`),
 * and the one-line usage error naming what is wrong. readActionSettings is what every action reads its
 * inputs with; a few rows then go through the bundled actions, as the runner runs them, to show the
 * error as an annotation, exit code 1 and no stack trace.
 */

type Row = [name: string, inputs: Record<string, string>, error: string | RegExp];

/** The sandbox config's deploy steps (deployment.method kubespray), as an error lists them. */
const STEPS = OPERATION_STEPS.deploy.join(', ');
const NOT_HOST = 'is not an IP address or DNS name (e.g. 10.0.0.5, fd00::5, api.example.com)';
const NOT_DURATION = 'is not a duration; use forms like 45m, 1h30m, 90s or 500ms';
const CONTROL = 'contains a line break or control character';
const notBool = (name: string, value: string) => `input ${name}: "${value}" is not true or false`;
const notCount = (value: string) => `input nodes: "${value}" is not a node count; give a whole number from 1 to 10000`;

const rows: Row[] = [
  // booleans
  ['restart: maybe', { restart: 'maybe' }, notBool('restart', 'maybe')],
  ['quiet: maybe', { quiet: 'maybe' }, notBool('quiet', 'maybe')],
  ['quiet with a line break', { quiet: 'true\nfalse' }, 'input quiet: contains a line break or control character'],
  ['restart: 2', { restart: '2' }, notBool('restart', '2')],
  ['dry-run: sure', { 'dry-run': 'sure' }, notBool('dry-run', 'sure')],
  ['dry-run with a line break', { 'dry-run': 'true\nfalse' }, `input dry-run: ${CONTROL}`],
  ['skip-auth-check: y', { 'skip-auth-check': 'y' }, notBool('skip-auth-check', 'y')],
  ['save-plan: always', { 'save-plan': 'always' }, notBool('save-plan', 'always')],
  ['comment: nope', { comment: 'nope' }, notBool('comment', 'nope')],
  ['venv-cache: nah', { 'venv-cache': 'nah' }, notBool('venv-cache', 'nah')],
  ['converge: please', { converge: 'please' }, notBool('converge', 'please')],
  // Kubespray: SSH user and the venv's Python (issue 18)
  [
    'ssh-user with an ssh option',
    { 'ssh-user': 'root -oProxyCommand=x' },
    'input ssh-user: "root -oProxyCommand=x" is not a user name (letters, digits, ., _, -; at most 32)',
  ],
  ['ssh-user with a line break', { 'ssh-user': 'root\nx' }, `input ssh-user: ${CONTROL}`],
  ['python with a line break', { python: 'python3\n-c' }, `input python: ${CONTROL}`],
  ['openstack-insecure: maybe', { 'openstack-insecure': 'maybe' }, notBool('openstack-insecure', 'maybe')],
  // counts and durations
  ['nodes: -1', { nodes: '-1' }, notCount('-1')],
  ['nodes: 0', { nodes: '0' }, notCount('0')],
  ['nodes: 1.5', { nodes: '1.5' }, notCount('1.5')],
  ['nodes: 1e3', { nodes: '1e3' }, notCount('1e3')],
  ['nodes: 400 digits', { nodes: '9'.repeat(400) }, notCount('9'.repeat(400))],
  ['nodes: three', { nodes: 'three' }, notCount('three')],
  ['timeout: 5x', { timeout: '5x' }, `input timeout: "5x" ${NOT_DURATION}`],
  [
    'timeout: -1s',
    { timeout: '-1s' },
    'input timeout: "-1s" is negative; give a duration like 45m, 1h30m, 90s or 500ms',
  ],
  ['timeout: 0', { timeout: '0' }, 'input timeout: "0" is out of range; give a duration from 1.0s to 24h00m'],
  ['timeout: 25h', { timeout: '25h' }, 'input timeout: "25h" is out of range; give a duration from 1.0s to 24h00m'],
  ['timeout: 400 digits', { timeout: '9'.repeat(400) }, `input timeout: "${'9'.repeat(40)}…" is too long a duration`],
  ['timeout with a line break', { timeout: '30m\n1h' }, `input timeout: ${CONTROL}`],
  ['interval: 0', { interval: '0' }, 'input interval: "0" is out of range; give a duration from 0.1s to 10m00s'],
  ['interval: 1h', { interval: '1h' }, 'input interval: "1h" is out of range; give a duration from 0.1s to 10m00s'],
  [
    'auth-timeout: 600h',
    { 'auth-timeout': '600h' },
    'input auth-timeout: "600h" is out of range; give a duration from 1.0s to 5m00s',
  ],
  // the API address, the method, the modes
  ['vip: not an ip', { vip: 'not an ip' }, `input vip: "not an ip" ${NOT_HOST}`],
  ['vip: not-an-ip', { vip: 'not-an-ip' }, `input vip: "not-an-ip" ${NOT_HOST}`],
  ['vip: 999.1.1.1', { vip: '999.1.1.1' }, `input vip: "999.1.1.1" ${NOT_HOST}`],
  ['vip with a line break and a YAML key', { vip: '10.0.0.1\nx: y' }, `input vip: ${CONTROL}`],
  [
    'method: kubspray',
    { method: 'kubspray' },
    'input method: "kubspray" is not a deployment method; use one of kubespray, none, cluster-api',
  ],
  [
    'method: kamaji',
    { method: 'kamaji' },
    'input method: "kamaji" is not a deployment method; use one of kubespray, none, cluster-api',
  ],
  ['mode: destroy', { mode: 'destroy' }, 'input mode: "destroy" is not one of apply, plan'],
  ['state-store: s3', { 'state-store': 's3' }, 'input state-store: "s3" is not one of artifact, local, none'],
  ['state-store: LOCAL', { 'state-store': 'LOCAL' }, 'input state-store: "LOCAL" is not one of artifact, local, none'],
  ['tofu-state: yes', { 'tofu-state': 'yes' }, 'input tofu-state: "yes" is not one of none, artifact'],
  // operations and their inputs
  [
    'operation: delete',
    { operation: 'delete' },
    'input operation: "delete" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes',
  ],
  [
    'operation: Destroy',
    { operation: 'Destroy' },
    'input operation: "Destroy" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes',
  ],
  ['operation with a line break', { operation: 'deploy\ndestroy' }, `input operation: ${CONTROL}`],
  [
    'plan-credential: readonly',
    { 'dry-run': 'true', 'plan-credential': 'readonly' },
    'input plan-credential: "readonly" is not one of any, reader-only',
  ],
  [
    'plan-credential with a line break',
    { 'dry-run': 'true', 'plan-credential': 'reader-only\nany' },
    `input plan-credential: ${CONTROL}`,
  ],
  [
    'plan-credential on a deploy (its credential must write)',
    { 'plan-credential': 'reader-only' },
    'input plan-credential is for a dry run (dry-run: true, or mode: plan) and operation: check, whose tofu plan runs the code it plans; operation: deploy must be able to change the cloud: remove it',
  ],
  [
    'plan-credential on a destroy',
    { operation: 'destroy', 'confirm-destroy': 'sandbox', 'plan-credential': 'reader-only' },
    'input plan-credential is for a dry run (dry-run: true, or mode: plan) and operation: check, whose tofu plan runs the code it plans; operation: destroy must be able to change the cloud: remove it',
  ],

  [
    'confirm-destroy with a line break',
    { operation: 'destroy', 'confirm-destroy': 'prod\nx' },
    `input confirm-destroy: ${CONTROL}`,
  ],
  [
    'confirm-destroy on a deploy',
    { 'confirm-destroy': 'prod' },
    'input confirm-destroy applies only to operation: destroy, not to operation: deploy; remove it or set operation',
  ],
  [
    'confirm-destroy on an upgrade',
    { operation: 'upgrade', 'confirm-destroy': 'prod' },
    'input confirm-destroy applies only to operation: destroy, not to operation: upgrade; remove it',
  ],
  [
    'kubernetes-version: latest',
    { operation: 'upgrade', 'kubernetes-version': 'latest' },
    'input kubernetes-version: "latest" is not a Kubernetes version; give one like 1.34.2',
  ],
  [
    'kubernetes-version: 1.34',
    { operation: 'upgrade', 'kubernetes-version': '1.34' },
    'input kubernetes-version: "1.34" is not a Kubernetes version; give one like 1.34.2',
  ],
  [
    'kubernetes-version with a line break',
    { operation: 'upgrade', 'kubernetes-version': '1.34.2\n' + '1.35.0' },
    `input kubernetes-version: ${CONTROL}`,
  ],
  [
    'kubernetes-version on a deploy',
    { 'kubernetes-version': '1.34.2' },
    'input kubernetes-version applies only to operation: upgrade, not to operation: deploy; remove it or set operation',
  ],
  [
    'kubernetes-version on a destroy',
    { operation: 'destroy', 'kubernetes-version': 'v1.34.2' },
    'input kubernetes-version applies only to operation: upgrade, not to operation: destroy; remove it',
  ],
  [
    'allow-unsafe-node-removal: please',
    { 'allow-unsafe-node-removal': 'please' },
    notBool('allow-unsafe-node-removal', 'please'),
  ],
  [
    'allow-unsafe-node-removal with a line break',
    { 'allow-unsafe-node-removal': 'true\nfalse' },
    `input allow-unsafe-node-removal: ${CONTROL}`,
  ],
  [
    'allow-unsafe-node-removal on a destroy',
    { operation: 'destroy', 'allow-unsafe-node-removal': 'true' },
    'input allow-unsafe-node-removal applies only to operation: deploy, not to operation: destroy; remove it',
  ],
  [
    'allow-unsafe-node-removal on an upgrade',
    { operation: 'upgrade', 'allow-unsafe-node-removal': 'yes' },
    'input allow-unsafe-node-removal applies only to operation: deploy, not to operation: upgrade; remove it',
  ],
  ['ignore-capacity: please', { 'ignore-capacity': 'please' }, notBool('ignore-capacity', 'please')],
  ['ignore-capacity with a line break', { 'ignore-capacity': 'true\nfalse' }, `input ignore-capacity: ${CONTROL}`],
  [
    'ignore-capacity on a destroy',
    { operation: 'destroy', 'ignore-capacity': 'true' },
    'input ignore-capacity applies only to operation: deploy, not to operation: destroy; remove it',
  ],
  [
    'ignore-capacity on an upgrade',
    { operation: 'upgrade', 'ignore-capacity': 'true' },
    'input ignore-capacity applies only to operation: deploy, not to operation: upgrade; remove it',
  ],
  [
    'ignore-capacity on a check',
    { operation: 'check', 'ignore-capacity': 'true' },
    'input ignore-capacity applies only to operation: deploy, not to operation: check; remove it',
  ],
  [
    'save-plan on a destroy',
    { operation: 'destroy', 'save-plan': 'true', 'plan-passphrase': 'p' },
    'input save-plan applies only to operation: deploy, not to operation: destroy; remove it',
  ],
  [
    'plan-artifact on an upgrade',
    { operation: 'upgrade', 'plan-artifact': 'plan-x', 'plan-passphrase': 'p' },
    'input plan-artifact applies only to operation: deploy, not to operation: upgrade; remove it',
  ],
  // combinations
  [
    'tofu-state: artifact without a passphrase',
    { 'tofu-state': 'artifact' },
    'tofu-state: artifact needs tofu-state-passphrase (or kubeconfig-passphrase): the tofu state holds secrets and is stored encrypted',
  ],
  [
    'save-plan without a passphrase',
    { 'save-plan': 'true' },
    'save-plan needs plan-passphrase (or kubeconfig-passphrase): a binary plan holds every value in plain text and is stored encrypted',
  ],
  [
    'plan-artifact without a passphrase',
    { 'plan-artifact': 'plan-x' },
    'plan-artifact needs plan-passphrase (or kubeconfig-passphrase): a binary plan holds every value in plain text and is stored encrypted',
  ],
  [
    'plan-artifact with dry-run',
    { 'plan-artifact': 'plan-x', 'plan-passphrase': 'p', 'dry-run': 'true' },
    'plan-artifact applies a saved plan: it cannot be combined with dry-run or mode: plan',
  ],
  [
    'plan-artifact with mode: plan',
    { 'plan-artifact': 'plan-x', 'kubeconfig-passphrase': 'p', mode: 'plan' },
    'plan-artifact applies a saved plan: it cannot be combined with dry-run or mode: plan',
  ],
  [
    'step with from-step',
    { step: 'opentofu-init', 'from-step': 'wait-ready' },
    'input step and input from-step cannot be used together',
  ],
  ['step with a line break', { step: 'wait-ready\nopentofu-apply' }, `input step: ${CONTROL}`],
  [
    'neither config nor cluster-dir',
    { config: '' },
    'set input config (an openCenter cluster config) or cluster-dir (standalone, with vip)',
  ],
  [
    'config blank',
    { config: '   ' },
    'set input config (an openCenter cluster config) or cluster-dir (standalone, with vip)',
  ],
  // credentials
  [
    'openstack-interface: bogus',
    { 'openstack-interface': 'bogus' },
    'input openstack-interface: "bogus" is not one of public, internal, admin',
  ],
  [
    'openstack-auth-url with a line break',
    { 'openstack-auth-url': 'https://keystone:5000/v3\nX: y' },
    `input openstack-auth-url: ${CONTROL}`,
  ],
  [
    'openstack-auth-url not a URL',
    { 'openstack-auth-url': 'keystone:5000' },
    'input openstack-auth-url: "keystone:5000" is not an http(s) URL, e.g. https://keystone.example.com:5000/v3',
  ],
  [
    'openstack-password with a carriage return',
    { 'openstack-password': 'secret\rx' },
    `input openstack-password: ${CONTROL}`,
  ],
  [
    'openstack-region with an escape sequence',
    { 'openstack-region': 'Region\x1b[2J' },
    `input openstack-region: ${CONTROL}`,
  ],
  // clouds.yaml given inline: named as the input, not as the temporary file it is written to
  [
    'clouds-yaml inline, not YAML',
    { 'clouds-yaml': 'clouds:\n  lab: [\n', cloud: 'lab' },
    /^input clouds-yaml is not valid YAML: .* at line \d+, column \d+$/,
  ],
  [
    'clouds-yaml inline, clouds a list',
    { 'clouds-yaml': 'clouds:\n  - lab\n', cloud: 'lab' },
    'input clouds-yaml is invalid: clouds: must map cloud names to settings',
  ],
  [
    'clouds-yaml inline, a list',
    { 'clouds-yaml': '- lab\n- other\n', cloud: 'lab' },
    'input clouds-yaml must be a YAML mapping (key: value) at the top level, but it is a list',
  ],
  [
    'clouds-yaml inline with a duplicate cloud',
    { 'clouds-yaml': 'clouds:\n  lab: {}\n  lab: {}\n', cloud: 'lab' },
    'input clouds-yaml is not valid YAML: duplicate key "lab" at line 3, column 3 (first at line 2, column 3)',
  ],
  // one-line paths and names
  ['config with a line break', { config: 'clusters/a.yaml\nclusters/b.yaml' }, `input config: ${CONTROL}`],
  [
    'cluster-dir with a line break',
    { config: '', 'cluster-dir': 'a\nb', vip: '10.0.0.1' },
    `input cluster-dir: ${CONTROL}`,
  ],
  ['working-directory with a NUL', { config: '', 'working-directory': 'a\0b' }, `input working-directory: ${CONTROL}`],
  ['cloud with a line break', { cloud: 'lab\nother' }, `input cloud: ${CONTROL}`],
  ['tofu-path with a tab', { 'tofu-path': '/usr/bin/\ttofu' }, `input tofu-path: ${CONTROL}`],
  ['kubeconfig-path with a line break', { 'kubeconfig-path': 'kube\nconfig' }, `input kubeconfig-path: ${CONTROL}`],
  [
    'environment with a forged workflow command',
    { environment: 'prod\n::error::forged' },
    `input environment: ${CONTROL}`,
  ],
  [
    'plan-artifact with a line break',
    { 'plan-artifact': 'plan\nx', 'plan-passphrase': 'p' },
    `input plan-artifact: ${CONTROL}`,
  ],
  [
    'management-kubeconfig with a line break',
    { 'management-kubeconfig': 'kube\nconfig' },
    `input management-kubeconfig: ${CONTROL}`,
  ],
  [
    'management-kubeconfig with a forged workflow command',
    { 'management-kubeconfig': 'kc\n::add-mask::x' },
    `input management-kubeconfig: ${CONTROL}`,
  ],
];

/** Issue 17: versions without leading zeros, forget-cluster never alone, invisible characters shown. */
const day2Rows: Row[] = [
  [
    'kubernetes-version: 01.34.0 (a leading zero)',
    { operation: 'upgrade', 'kubernetes-version': '01.34.0' },
    'input kubernetes-version: "01.34.0" is not a Kubernetes version; give one like 1.34.2',
  ],
  [
    'kubernetes-version: v1.34.00',
    { operation: 'upgrade', 'kubernetes-version': 'v1.34.00' },
    'input kubernetes-version: "v1.34.00" is not a Kubernetes version; give one like 1.34.2',
  ],
  [
    'step: forget-cluster on a destroy (forgets a cluster it did not destroy)',
    { operation: 'destroy', step: 'forget-cluster' },
    /^destroy: input step forget-cluster .*opentofu-destroy/,
  ],
  [
    'from-step: forget-cluster on a destroy',
    { operation: 'destroy', 'from-step': 'forget-cluster' },
    /^destroy: input from-step forget-cluster .*opentofu-destroy/,
  ],
  [
    'kubernetes-version with a zero-width space, shown escaped',
    { operation: 'upgrade', 'kubernetes-version': '1.34.2\u200b' },
    'input kubernetes-version: "1.34.2\\u200b" is not a Kubernetes version; give one like 1.34.2',
  ],
  [
    'operation with a zero-width space, shown escaped',
    { operation: 'destroy\u200b' },
    'input operation: "destroy\\u200b" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes',
  ],
];

/** Issue 29: a passphrase guards artifacts any reader of the repository can download; never echoed in the error. */
const weak = (input: string, problem: string) =>
  `input ${input} is too weak to protect what anyone who can read the repository can download: ${problem}; store a random one, e.g. the output of \`openssl rand -base64 24\` (docs/secrets.md)`;
const passphraseRows: Row[] = [
  [
    'kubeconfig-passphrase of 15 characters',
    { 'kubeconfig-passphrase': 'passphrase-4711' },
    weak('kubeconfig-passphrase', 'it has 15 characters, fewer than 16'),
  ],
  [
    'kubeconfig-passphrase: one letter',
    { 'kubeconfig-passphrase': 'p' },
    weak('kubeconfig-passphrase', 'it has 1 characters, fewer than 16'),
  ],
  [
    'plan-passphrase of 40 times "a"',
    { 'plan-passphrase': 'a'.repeat(40) },
    weak('plan-passphrase', 'it has only 1 different characters, fewer than 8'),
  ],
  [
    'tofu-state-passphrase "abcdabcdabcdabcdabcd"',
    { 'tofu-state-passphrase': 'abcd'.repeat(5) },
    weak('tofu-state-passphrase', 'it has only 4 different characters, fewer than 8'),
  ],
  // Counted in characters, not UTF-16 units: 8 emoji are 16 units but 8 characters.
  [
    'plan-passphrase of 8 emoji',
    { 'plan-passphrase': '🔑🔒🗝🔐🔓🛡🚪🏠' },
    weak('plan-passphrase', 'it has 8 characters, fewer than 16'),
  ],
  // The padding a YAML block adds is not strength.
  [
    'kubeconfig-passphrase padded with spaces',
    { 'kubeconfig-passphrase': `  short-pass\n${' '.repeat(20)}` },
    weak('kubeconfig-passphrase', 'it has 10 characters, fewer than 16'),
  ],
  // A strong kubeconfig passphrase does not excuse a weak plan one.
  [
    'a strong kubeconfig-passphrase and a weak plan-passphrase',
    { 'kubeconfig-passphrase': 'Zq8r-kT2v-9LmX-pW4e', 'plan-passphrase': 'x7q!' },
    weak('plan-passphrase', 'it has 4 characters, fewer than 16'),
  ],
];

function settingsError(inputs: Record<string, string>): unknown {
  const all: Record<string, string> = { config: 'clusters/prod.yaml', ...inputs };
  try {
    readActionSettings(runnerInputReader('dist/deploy/index.js', all), {});
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('bad action inputs', () => {
  it.each([...rows, ...day2Rows, ...passphraseRows])('%s', (_name, inputs, expected) => {
    const error = settingsError(inputs);
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n'); // one line: it becomes one annotation
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });

  it('accepts passphrases of 16 characters with 8 different ones, the random ones docs/secrets.md asks for, and names no passphrase in an error', () => {
    for (const passphrase of ['abcdefgh12345678', 'k7Vq2mZ9xR4pL8sT3wN6yB1c', 'correct horse battery staple']) {
      const inputs = {
        'kubeconfig-passphrase': passphrase,
        'plan-passphrase': passphrase,
        'tofu-state-passphrase': passphrase,
      };
      expect(settingsError(inputs), passphrase).toBeUndefined();
    }
    for (const [, inputs] of passphraseRows)
      for (const value of Object.values(inputs))
        if (value.trim().length > 3) expect((settingsError(inputs) as Error).message).not.toContain(value.trim());
  });

  it('accepts what only looks odd: padded values, booleans in capitals, a trailing newline from a YAML block', () => {
    const error = settingsError({
      nodes: ' 3 ',
      'dry-run': 'TRUE',
      restart: 'False',
      timeout: '45m\n',
      vip: ' 10.0.0.1 ',
      'openstack-insecure': 'yes',
    });
    expect(error).toBeUndefined();
  });

  it('takes empty operation inputs as unset: operation deploy, no confirmation, version or override', () => {
    const all: Record<string, string> = {
      config: 'c.yaml',
      operation: ' ',
      'confirm-destroy': '  ',
      'kubernetes-version': '',
      'allow-unsafe-node-removal': 'false',
    };
    const settings = readActionSettings(runnerInputReader('dist/deploy/index.js', all), {});
    expect(settings.deploy).toMatchObject({ operation: 'deploy', kubernetesVersion: undefined });
    expect(settings.deploy.allowUnsafeNodeRemoval).toBeUndefined();
    expect(settings.confirmDestroy).toBeUndefined();
  });
});

/** kubeconfig-encrypted (and the encrypted state and plans): what is wrong with it, not always "the passphrase". */
describe('bad encrypted inputs', () => {
  const what = 'input kubeconfig-encrypted';
  /** As encryptWithPassphrase does, with a cheap scrypt work factor: the rows test messages, not key stretching. */
  const encrypt = async (text: string, passphrase: string) => {
    const encrypter = new Encrypter();
    encrypter.setPassphrase(passphrase);
    encrypter.setScryptWorkFactor(10);
    return armor.encode(await encrypter.encrypt(text));
  };
  const armour = (body: string) => `-----BEGIN AGE ENCRYPTED FILE-----\n${body}\n-----END AGE ENCRYPTED FILE-----\n`;
  const rows: [name: string, input: () => Promise<string>, passphrase: string, error: string | RegExp][] = [
    [
      'not armoured',
      async () => 'kubeconfig: here',
      'passphrase-4711',
      `${what} is not an age-encrypted, ASCII-armoured file (expected -----BEGIN AGE ENCRYPTED FILE-----)`,
    ],
    [
      'armoured, but not age inside',
      async () => armour(Buffer.from('abc').toString('base64')),
      'passphrase-4711',
      /^input kubeconfig-encrypted is not an age-encrypted file inside its armour \(.*\)$/,
    ],
    [
      'the wrong passphrase',
      () => encrypt('apiVersion: v1\n', 'passphrase-4711'),
      'another-passphrase',
      `cannot decrypt ${what}: the passphrase is wrong (use the same secret that encrypted it)`,
    ],
    [
      'cut short (a job output truncated)',
      async () => {
        const whole = await encrypt('apiVersion: v1\n'.repeat(50), 'passphrase-4711');
        const lines = whole.trimEnd().split('\n');
        return [...lines.slice(0, -3), lines.at(-1)!].join('\n');
      },
      'passphrase-4711',
      /^cannot decrypt input kubeconfig-encrypted: it is damaged or cut short \(.*\); pass it whole$/,
    ],
  ];
  it.each(rows)('%s', async (_name, input, passphrase, expected) => {
    const error = await decryptWithPassphrase(await input(), passphrase, what).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });
});

/** The bundled actions, as the runner runs them: the same error as an annotation, exit 1, no stack trace. */
describe('bad action inputs through the bundled actions', () => {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };
  const cases: [bundle: string, inputs: Record<string, string>, annotation: string | RegExp][] = [
    [
      'dist/deploy/index.js',
      { config: 'clusters/prod.yaml', restart: 'maybe' },
      '::error::input restart: "maybe" is not true or false',
    ],
    [
      'dist/deploy/index.js',
      { 'state-store': 'none' },
      '::error::set input config (an openCenter cluster config) or cluster-dir (standalone, with vip)',
    ],
    [
      'dist/tofu/index.js',
      { config: 'clusters/prod.yaml', mode: 'destroy' },
      '::error::input mode: "destroy" is not one of apply, plan',
    ],
    [
      'dist/wait-ready/index.js',
      { config: 'clusters/prod.yaml', nodes: '-1' },
      '::error::input nodes: "-1" is not a node count; give a whole number from 1 to 10000',
    ],
    [
      'dist/deploy/index.js',
      {
        config: 'clusters/prod.yaml',
        'dry-run': 'true',
        'plan-artifact': 'plan-x',
        'kubeconfig-passphrase': 'passphrase-4711',
      },
      '::error::plan-artifact applies a saved plan: it cannot be combined with dry-run or mode: plan',
    ],
    [
      'dist/deploy/index.js',
      { config: '/nonexistent/cluster.yaml', 'state-store': 'none' },
      '::error::config file not found: /nonexistent/cluster.yaml',
    ],
    [
      'dist/kubeconfig/index.js',
      { 'kubeconfig-encrypted': 'not age at all', passphrase: 'passphrase-4711' },
      '::error::input kubeconfig-encrypted is not an age-encrypted, ASCII-armoured file (expected -----BEGIN AGE ENCRYPTED FILE-----)',
    ],
    // Armoured, but no age file inside: the passphrase is not what is wrong.
    [
      'dist/kubeconfig/index.js',
      {
        'kubeconfig-encrypted': '-----BEGIN AGE ENCRYPTED FILE-----\nYWJj\n-----END AGE ENCRYPTED FILE-----\n',
        passphrase: 'passphrase-4711',
      },
      /^::error::input kubeconfig-encrypted (?!.*passphrase is wrong)/,
    ],
    // A destroy is refused before anything runs without the cluster's name, or with another one (empty is not given).
    [
      'dist/deploy/index.js',
      { config: 'examples/sandbox/config.yaml', operation: 'destroy', 'state-store': 'none' },
      "::error::destroy deletes every resource of demo/sandbox: confirm with the cluster's name (input confirm-destroy: sandbox)",
    ],
    [
      'dist/deploy/index.js',
      { config: 'examples/sandbox/config.yaml', operation: 'destroy', 'confirm-destroy': '  ', 'state-store': 'none' },
      "::error::destroy deletes every resource of demo/sandbox: confirm with the cluster's name (input confirm-destroy: sandbox)",
    ],
    [
      'dist/deploy/index.js',
      {
        config: 'examples/sandbox/config.yaml',
        operation: 'destroy',
        'confirm-destroy': 'prod',
        'state-store': 'none',
      },
      '::error::destroy: input confirm-destroy: "prod" is not the cluster\'s name; to destroy demo/sandbox, confirm with its name: input confirm-destroy: sandbox',
    ],
    [
      'dist/deploy/index.js',
      {
        config: 'examples/sandbox/config.yaml',
        operation: 'deploy',
        'confirm-destroy': 'sandbox',
        'state-store': 'none',
      },
      '::error::input confirm-destroy applies only to operation: destroy, not to operation: deploy; remove it or set operation',
    ],
    [
      'dist/deploy/index.js',
      { config: 'clusters/prod.yaml', 'kubeconfig-passphrase': 'hunter2' },
      /^::error::input kubeconfig-passphrase is too weak .*: it has 7 characters, fewer than 16;/,
    ],
    // Given, but not a run id: it is not "empty".
    [
      'dist/plan-comment/index.js',
      { 'run-id': 'abc', 'github-token': 'token-4711' },
      /^::error::input run-id: "abc" is not/,
    ],
  ];
  // Step ids are checked once the config has named the method: the list holds only this run's steps.
  const stepIdCases: typeof cases = (
    [
      [{ step: 'bogus' }, `input step: unknown step "bogus" (available: ${STEPS})`],
      [
        { 'from-step': 'Wait-Ready' },
        `input from-step: unknown step "Wait-Ready" (did you mean "wait-ready"?) (available: ${STEPS})`,
      ],
      [
        { operation: 'upgrade', step: 'opentofu-plan' },
        `input step: "opentofu-plan" is a step of deploy, not of upgrade (upgrade's steps: ${OPERATION_STEPS.upgrade.join(', ')})`,
      ],
      [
        { step: 'capi-wait' },
        `input step: "capi-wait" is not a step of deploy with deployment.method kubespray (its steps: ${STEPS}); the Kubespray steps run only with deployment.method kubespray, the capi- steps only with cluster-api`,
      ],
    ] as const
  ).map(([inputs, annotation]): (typeof cases)[number] => [
    'dist/deploy/index.js',
    { config: 'examples/sandbox/config.yaml', 'state-store': 'none', 'skip-auth-check': 'true', ...inputs },
    `::error::${annotation}`,
  ]);
  // A per-step action runs a few of the operation's steps: another of them is no mistake of method.
  stepIdCases.push([
    'dist/tofu/index.js',
    { config: 'examples/sandbox/config.yaml', 'state-store': 'none', 'skip-auth-check': 'true', step: 'wait-ready' },
    '::error::input step: "wait-ready" is not a step of actions/tofu (its steps: opentofu-init, opentofu-plan, openstack-capacity, opentofu-apply); each per-step action runs only its own steps, the root action every step of deploy',
  ]);
  /** Issue 17: the confirmation echoed with its invisible character shown. */
  const day2Cases: typeof cases = [
    [
      'dist/deploy/index.js',
      {
        config: 'examples/sandbox/config.yaml',
        operation: 'destroy',
        'confirm-destroy': 'sandbox\u200b',
        'state-store': 'none',
      },
      '::error::destroy: input confirm-destroy: "sandbox\\u200b" is not the cluster\'s name; to destroy demo/sandbox, confirm with its name: input confirm-destroy: sandbox',
    ],
    // 8. the readiness gate's inputs on a Kubespray destroy, which waits for nothing: refused as the CLI's flags are
    ...(['timeout', 'interval'] as const).map((name): (typeof cases)[number] => [
      'dist/deploy/index.js',
      {
        config: 'examples/sandbox/config.yaml',
        operation: 'destroy',
        'confirm-destroy': 'sandbox',
        'state-store': 'none',
        [name]: '5m',
      },
      `::error::operation destroy: input ${name} is an option of the readiness gate (deploy, upgrade, wait-ready), not destroy: a destroy with deployment.method kubespray waits for no cluster to become ready (a Cluster API destroy waits within them for CAPO's deletion)`,
    ]),
  ];
  it.each([...cases, ...stepIdCases, ...day2Cases])('%s with %j', async (bundle, inputs, annotation) => {
    const result = await runAction(bundle, { inputs, env });
    expect(result.code).toBe(1);
    const annotations = result.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(annotations).toHaveLength(1);
    if (typeof annotation === 'string') expect(annotations[0]).toBe(annotation);
    else expect(annotations[0]).toMatch(annotation);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/^\s+at |internal error/m);
    // The pipeline's actions say so in their result output too (kubeconfig and plan-comment have none).
    if (!/kubeconfig|plan-comment/.test(bundle)) expect(result.outputs.result).toBe('failure');
  });
});
