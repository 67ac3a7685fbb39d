import { execFileSync, spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

/**
 * Hostile and careless input, table by table: every flag, file and variable given a wrong type, an
 * empty or huge value, a line break, a directory, a symlink, a file that is not there. Each row says
 * the exit code and the `error:` line; every row also checks that the error is that one line (more
 * only where a row allows them: the issues of an invalid file, a usage hint) and that no stack trace
 * or "internal error" is printed. The CLI runs in-process (main(argv)); a few real processes at the
 * end prove the exit codes end to end.
 *
 * In the tables, paths are written with placeholders, replaced before the run and put back into the
 * output before it is compared: @config (the sandbox config), @cluster (its cluster dir), @tmp (a fresh
 * directory per row, where the row's `files` are created) and @state (@tmp/state, empty).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

type FileSpec =
  | string
  | Buffer
  | { dir: true }
  | { symlink: string }
  | { fifo: true }
  /** The sandbox config (cluster dir by absolute path), edited. */
  | { config: (text: string) => string };

interface Extra {
  env?: Record<string, string | undefined>;
  files?: Record<string, FileSpec>;
  /** Lines allowed after the error line, each matching this. */
  more?: RegExp;
  /** What stdout shows (for a failing deploy: no step ran, say). */
  stdout?: RegExp;
  /** Run the row only when this holds (e.g. not as root, who reads any file). */
  when?: () => boolean;
  setup?: (ctx: Ctx) => Promise<void>;
}

/** name, argv, exit code, the error line without `error: ` (null: no error), extras. */
type Row = [name: string, argv: string[], code: number, error: string | RegExp | null, extra?: Extra];

interface Ctx {
  run: SandboxRun;
  tmp: string;
  baseConfig: string;
  /** @state: the row's own empty one (@tmp/state), or a deployed cluster's. */
  stateDir?: string;
}

const notRoot = () => process.getuid?.() !== 0;

// ---------------------------------------------------------------------------------------------
// Rows

const plan = (...extra: string[]) => ['plan', '--config', '@config', '--state-dir', '@state', ...extra];
/** A deploy that runs only preflight (no cloud, no tools run): enough to take the deploy lock. */
const deploy = (...extra: string[]) => [
  'deploy',
  '--config',
  '@config',
  '--state-dir',
  '@state',
  '--skip-auth-check',
  '--step',
  'openstack-preflight',
  ...extra,
];
const planWith = (file: string) => ['plan', '--config', `@tmp/${file}`, '--state-dir', '@state'];
const cfg = (edit: (text: string) => string): FileSpec => ({ config: edit });
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A file with one bad field: `<source> is invalid: <field>: <message>` on one line, or the issue on a
 * line of its own (the format before single issues were put on the error line); state files add a hint.
 */
function oneIssue(
  name: string,
  argv: string[],
  source: string,
  field: string,
  message: string | RegExp,
  extra: Extra = {},
): Row {
  const issue = `${escapeRe(field)}: ${typeof message === 'string' ? `${escapeRe(message)}$` : message.source}`;
  return [
    name,
    argv,
    1,
    new RegExp(`^${escapeRe(source)} is invalid:(?: ${issue}|$)`),
    { ...extra, more: new RegExp(`^(?: {2}- ${issue}|delete it or run with --restart$)`) },
  ];
}
const USAGE_HINT = /^run "cluster-deploy \S+ --help" for usage$/;
const NOT_A_NAME = 'must be 1 to 63 letters, digits, ".", "_" or "-", starting with a letter or digit';
/** The steps of each operation, as a usage error lists them. */
const STEPS =
  'openstack-preflight, opentofu-init, opentofu-plan, openstack-capacity, kubespray-fetch, kubespray-venv-create, kubespray-pip-install, etcd-snapshot, kubespray-remove-nodes, opentofu-apply, kubespray-ansible-playbook, openstack-normalize-kubeconfig, wait-ready';
const UPGRADE_STEPS =
  'openstack-preflight, kubespray-fetch, kubespray-venv-create, kubespray-pip-install, kubernetes-version-check, kubespray-facts, etcd-snapshot, kubespray-upgrade-control-plane, kubespray-upgrade-workers, openstack-normalize-kubeconfig, wait-ready';
const upgrade = (...extra: string[]) => ['upgrade', '--config', '@config', '--state-dir', '@state', ...extra];
const destroy = (...extra: string[]) => ['destroy', '--config', '@config', '--state-dir', '@state', ...extra];
const NOT_VERSION = 'is not a Kubernetes version; give one like 1.34.2';
const NOT_DURATION = 'is not a duration; use forms like 45m, 1h30m, 90s or 500ms';
const NOT_HOST = 'is not an IP address or DNS name (e.g. 10.0.0.5, fd00::5, api.example.com)';
const CONTROL = 'contains a line break or control character';

const flagRows: Row[] = [
  // durations
  [
    '--timeout -1s',
    plan('--timeout', '-1s'),
    2,
    '--timeout: "-1s" is negative; give a duration like 45m, 1h30m, 90s or 500ms',
  ],
  ['--timeout 0s', plan('--timeout', '0s'), 2, '--timeout: "0s" is out of range; give a duration from 1.0s to 24h00m'],
  [
    '--timeout 25h',
    plan('--timeout', '25h'),
    2,
    '--timeout: "25h" is out of range; give a duration from 1.0s to 24h00m',
  ],
  [
    '--timeout of 400 digits',
    plan('--timeout', '9'.repeat(400)),
    2,
    `--timeout: "${'9'.repeat(40)}…" is too long a duration`,
  ],
  ['--timeout soon', plan('--timeout', 'soon'), 2, `--timeout: "soon" ${NOT_DURATION}`],
  ['--timeout 5x', plan('--timeout', '5x'), 2, `--timeout: "5x" ${NOT_DURATION}`],
  ['--timeout with a line break inside', plan('--timeout', '1h\n30m'), 2, `--timeout: ${CONTROL}`],
  ['--timeout empty', plan('--timeout', ''), 2, 'plan: --timeout needs a value'],
  ['--timeout blank', plan('--timeout', '  '), 2, 'plan: --timeout needs a value'],
  ['--timeout without a value', [...plan(), '--timeout'], 2, 'plan: --timeout needs a value'],
  ['--timeout followed by another flag', plan('--timeout', '--json'), 2, 'plan: --timeout needs a value'],
  ['--interval 0', plan('--interval', '0'), 2, '--interval: "0" is out of range; give a duration from 0.1s to 10m00s'],
  [
    '--interval 11m',
    plan('--interval', '11m'),
    2,
    '--interval: "11m" is out of range; give a duration from 0.1s to 10m00s',
  ],
  [
    '--interval -5s',
    plan('--interval', '-5s'),
    2,
    '--interval: "-5s" is negative; give a duration like 45m, 1h30m, 90s or 500ms',
  ],
  [
    '--auth-timeout 600h',
    plan('--auth-timeout', '600h'),
    2,
    '--auth-timeout: "600h" is out of range; give a duration from 1.0s to 5m00s',
  ],
  [
    '--auth-timeout 500ms',
    plan('--auth-timeout', '500ms'),
    2,
    '--auth-timeout: "500ms" is out of range; give a duration from 1.0s to 5m00s',
  ],
  ['--auth-timeout NaN', plan('--auth-timeout', 'NaN'), 2, `--auth-timeout: "NaN" ${NOT_DURATION}`],
  // node counts
  ['--nodes -3', plan('--nodes', '-3'), 2, '--nodes: "-3" is not a node count; give a whole number from 1 to 10000'],
  ['--nodes 0', plan('--nodes', '0'), 2, '--nodes: "0" is not a node count; give a whole number from 1 to 10000'],
  ['--nodes 1.5', plan('--nodes', '1.5'), 2, '--nodes: "1.5" is not a node count; give a whole number from 1 to 10000'],
  ['--nodes 1e3', plan('--nodes', '1e3'), 2, '--nodes: "1e3" is not a node count; give a whole number from 1 to 10000'],
  [
    '--nodes 10001',
    plan('--nodes', '10001'),
    2,
    '--nodes: "10001" is not a node count; give a whole number from 1 to 10000',
  ],
  [
    '--nodes of 400 digits',
    plan('--nodes', '7'.repeat(400)),
    2,
    /^--nodes: "7{400}" is not a node count; give a whole number from 1 to 10000$/,
  ],
  [
    '--nodes three',
    plan('--nodes', 'three'),
    2,
    '--nodes: "three" is not a node count; give a whole number from 1 to 10000',
  ],
  // the API address
  ['--vip with a line break and a YAML key', plan('--vip', '10.0.0.1\n x: y'), 2, `--vip: ${CONTROL}`],
  ['--vip not-an-ip', plan('--vip', 'not-an-ip'), 2, `--vip: "not-an-ip" ${NOT_HOST}`],
  ['--vip with a space', plan('--vip', 'not an ip'), 2, `--vip: "not an ip" ${NOT_HOST}`],
  ['--vip 999.1.1.1', plan('--vip', '999.1.1.1'), 2, `--vip: "999.1.1.1" ${NOT_HOST}`],
  ['--vip with a port', plan('--vip', '10.0.0.1:6443'), 2, `--vip: "10.0.0.1:6443" ${NOT_HOST}`],
  ['--vip a URL', plan('--vip', 'https://10.0.0.1'), 2, `--vip: "https://10.0.0.1" ${NOT_HOST}`],
  [
    '--vip of 100 kB (echoed cut short)',
    plan('--vip', `${'a'.repeat(100_000)}.b`),
    2,
    new RegExp(`^--vip: "a{1,100}(…|\\.\\.\\.)" ${escapeRe(NOT_HOST)}$`),
  ],
  // methods, names, steps
  [
    '--method kubspray',
    plan('--method', 'kubspray'),
    2,
    '--method: "kubspray" is not a deployment method; use one of kubespray, none, cluster-api',
  ],
  [
    '--method KUBESPRAY',
    plan('--method', 'KUBESPRAY'),
    2,
    '--method: "KUBESPRAY" is not a deployment method; use one of kubespray, none, cluster-api',
  ],
  [
    '--method kamaji (the reference has it, this tool does not)',
    plan('--method', 'kamaji'),
    2,
    '--method: "kamaji" is not a deployment method; use one of kubespray, none, cluster-api',
  ],
  ['--cluster ../x', plan('--cluster', '../x'), 2, `--cluster: "../x" ${NOT_A_NAME}`],
  ['--cluster of 64 characters', plan('--cluster', 'c'.repeat(64)), 2, `--cluster: "${'c'.repeat(64)}" ${NOT_A_NAME}`],
  ['--cluster with a line break', plan('--cluster', 'a\nb'), 2, `--cluster: ${CONTROL}`],
  ["--org 'a b'", plan('--org', 'a b'), 2, `--org: "a b" ${NOT_A_NAME}`],
  ['--org .hidden', plan('--org', '.hidden'), 2, `--org: ".hidden" ${NOT_A_NAME}`],
  [
    '--quiet with a value',
    plan('--quiet=yes'),
    2,
    "plan: Option '-q, --quiet' does not take an argument",
    { more: USAGE_HINT },
  ],
  ['--step bogus', plan('--step', 'bogus'), 2, `--step: unknown step "bogus" (available: ${STEPS})`],
  [
    '--from-step in capitals',
    plan('--from-step', 'Wait-Ready'),
    2,
    `--from-step: unknown step "Wait-Ready" (did you mean "wait-ready"?) (available: ${STEPS})`,
  ],
  [
    '--step with a typo',
    plan('--step', 'opentofu-aply'),
    2,
    `--step: unknown step "opentofu-aply" (did you mean "opentofu-apply"?) (available: ${STEPS})`,
  ],
  [
    '--step with --from-step',
    plan('--step', 'opentofu-init', '--from-step', 'wait-ready'),
    2,
    '--step and --from-step cannot be used together',
  ],
  [
    '--step kubespray-pip-install with --method none',
    plan('--method', 'none', '--step', 'kubespray-pip-install'),
    2,
    '--step: "kubespray-pip-install" is not a step of deploy with deployment.method none (its steps: openstack-preflight, opentofu-init, opentofu-plan, openstack-capacity, opentofu-apply, openstack-normalize-kubeconfig, wait-ready); the Kubespray steps run only with deployment.method kubespray, the capi- steps only with cluster-api',
  ],
  [
    '--step opentofu-plan on an upgrade',
    upgrade('--step', 'opentofu-plan'),
    2,
    `--step: "opentofu-plan" is a step of deploy, not of upgrade (upgrade's steps: ${UPGRADE_STEPS})`,
  ],
  [
    '--from-step forget-cluster on a deploy',
    deploy()
      .filter((a) => a !== '--step' && a !== 'openstack-preflight')
      .concat('--from-step', 'forget-cluster'),
    2,
    `--from-step: "forget-cluster" is a step of destroy, not of deploy (deploy's steps: ${STEPS})`,
  ],
  [
    '--step bogus on a destroy',
    destroy('--confirm', 'sandbox', '--step', 'bogus'),
    2,
    '--step: unknown step "bogus" (available: openstack-preflight, opentofu-init, kubernetes-cloud-cleanup, opentofu-destroy, openstack-leftovers, forget-cluster)',
  ],
  // operations: upgrade's target
  [
    'upgrade without a target version (none in the config either)',
    ['upgrade', '--config', '@tmp/nover.yaml', '--state-dir', '@state'],
    2,
    'upgrade needs a target version: --kubernetes-version X.Y.Z (input kubernetes-version), or opencenter.cluster.kubernetes.version in the config',
    { files: { 'nover.yaml': cfg((t) => t.replace(/\n {6}version: 1\.33\.5/, '')) } },
  ],
  ['--kubernetes-version empty', upgrade('--kubernetes-version', ''), 2, 'upgrade: --kubernetes-version needs a value'],
  [
    '--kubernetes-version v1.34 (no patch)',
    upgrade('--kubernetes-version', 'v1.34'),
    2,
    `--kubernetes-version: "v1.34" ${NOT_VERSION}`,
  ],
  [
    '--kubernetes-version with a trailing line break',
    upgrade('--kubernetes-version', '1.34.2\n'),
    2,
    `--kubernetes-version: ${CONTROL}`,
  ],
  [
    '--kubernetes-version latest',
    upgrade('--kubernetes-version', 'latest'),
    2,
    `--kubernetes-version: "latest" ${NOT_VERSION}`,
  ],
  [
    '--kubernetes-version of 10 kB (echoed cut short)',
    upgrade('--kubernetes-version', '1'.repeat(10_000)),
    2,
    `--kubernetes-version: "${'1'.repeat(40)}…" ${NOT_VERSION}`,
  ],
  [
    '--kubernetes-version on a deploy',
    deploy('--kubernetes-version', '1.34.2'),
    2,
    'deploy: --kubernetes-version is an option of upgrade and plan --operation upgrade, not deploy',
  ],
  [
    '--kubernetes-version on a deploy plan',
    plan('--kubernetes-version', '1.34.2'),
    2,
    'plan --operation deploy: --kubernetes-version is an option of upgrade and plan --operation upgrade, not plan --operation deploy',
  ],
  [
    'upgrade --method none',
    upgrade('--method', 'none'),
    2,
    'upgrade: --method none has no upgrade (the OpenTofu code installs Kubernetes, so it upgrades it too: change it and deploy); upgrade runs Kubespray, with --method kubespray',
  ],
  [
    'plan --operation upgrade --method none',
    plan('--operation', 'upgrade', '--method', 'none'),
    2,
    'plan --operation upgrade: --method none has no upgrade (the OpenTofu code installs Kubernetes, so it upgrades it too: change it and deploy); upgrade runs Kubespray, with --method kubespray',
  ],
  [
    'upgrade with deployment.method none in the config',
    ['upgrade', '--config', '@tmp/none.yaml', '--state-dir', '@state'],
    1,
    "upgrade runs Kubespray's upgrade-cluster.yml: it needs deployment.method kubespray (with method none, the OpenTofu code upgrades the cluster itself: change it and deploy)",
    { files: { 'none.yaml': cfg((t) => t.replace('method: kubespray', 'method: none')) } },
  ],
  // operations: destroy's confirmation
  [
    'destroy without --confirm',
    destroy(),
    2,
    "destroy deletes every resource of demo/sandbox: confirm with the cluster's name (--confirm sandbox)",
  ],
  ['destroy --confirm empty', destroy('--confirm', ''), 2, 'destroy: --confirm needs a value'],
  ['destroy --confirm blank', destroy('--confirm', '   '), 2, 'destroy: --confirm needs a value'],
  [
    'destroy --confirm another cluster',
    destroy('--confirm', 'prod'),
    2,
    'destroy: --confirm "prod" is not the cluster\'s name; to destroy demo/sandbox, confirm with its name: --confirm sandbox',
  ],
  [
    "destroy --confirm naming another org's cluster",
    destroy('--confirm', 'acme/sandbox'),
    2,
    'destroy: --confirm "acme/sandbox" is not the cluster\'s name; to destroy demo/sandbox, confirm with its name: --confirm sandbox',
  ],
  [
    'destroy --confirm of 10 kB (echoed cut short)',
    destroy('--confirm', 'p'.repeat(10_000)),
    2,
    `destroy: --confirm "${'p'.repeat(80)}…" is not the cluster's name; to destroy demo/sandbox, confirm with its name: --confirm sandbox`,
  ],
  ['deploy --confirm', deploy('--confirm', 'x'), 2, 'deploy: --confirm is an option of destroy, not deploy'],
  [
    'plan --operation upgrade --confirm',
    plan('--operation', 'upgrade', '--confirm', 'x'),
    2,
    'plan --operation upgrade: --confirm is an option of destroy, not plan --operation upgrade (a plan changes nothing and needs no confirmation)',
  ],
  [
    'plan --operation destroy --confirm',
    plan('--operation', 'destroy', '--confirm', 'sandbox'),
    2,
    'plan --operation destroy: --confirm is an option of destroy, not plan --operation destroy (a plan changes nothing and needs no confirmation)',
  ],
  // operations: plan --operation, the unsafe override
  [
    'plan --operation bogus',
    plan('--operation', 'bogus'),
    2,
    '--operation: "bogus" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes',
  ],
  ['plan --operation empty', plan('--operation', ''), 2, 'plan: --operation needs a value'],
  [
    'plan --operation in capitals',
    plan('--operation', 'Destroy'),
    2,
    '--operation: "Destroy" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes',
  ],
  [
    'deploy --operation',
    deploy('--operation', 'upgrade'),
    2,
    'deploy: --operation is an option of plan, not deploy (each operation has its own command: cluster-deploy deploy|upgrade|destroy|check|replace-nodes)',
  ],
  [
    'upgrade --allow-unsafe-node-removal',
    upgrade('--allow-unsafe-node-removal'),
    2,
    'upgrade: --allow-unsafe-node-removal is an option of deploy and plan --operation deploy, not upgrade',
  ],
  [
    'destroy --allow-unsafe-node-removal',
    destroy('--confirm', 'sandbox', '--allow-unsafe-node-removal'),
    2,
    'destroy: --allow-unsafe-node-removal is an option of deploy and plan --operation deploy, not destroy',
  ],
  [
    '--allow-unsafe-node-removal=yes',
    deploy('--allow-unsafe-node-removal=yes'),
    2,
    "deploy: Option '--allow-unsafe-node-removal' does not take an argument",
    { more: USAGE_HINT },
  ],
  [
    '--allow-unsafe-node-removal followed by a word',
    deploy('--allow-unsafe-node-removal', 'yes'),
    2,
    'deploy: --allow-unsafe-node-removal takes no value (got "yes"); give --allow-unsafe-node-removal alone to turn it on, leave it out for off',
  ],
  // --ignore-capacity (issue 22): deploy's alone, a switch
  [
    'upgrade --ignore-capacity',
    upgrade('--ignore-capacity'),
    2,
    'upgrade: --ignore-capacity is an option of deploy and plan --operation deploy, not upgrade',
  ],
  [
    'destroy --ignore-capacity',
    destroy('--confirm', 'sandbox', '--ignore-capacity'),
    2,
    'destroy: --ignore-capacity is an option of deploy and plan --operation deploy, not destroy',
  ],
  [
    'plan --operation check --ignore-capacity',
    plan('--operation', 'check', '--ignore-capacity'),
    2,
    /--ignore-capacity is an option of deploy and plan --operation deploy, not/,
  ],
  [
    '--ignore-capacity=yes',
    deploy('--ignore-capacity=yes'),
    2,
    "deploy: Option '--ignore-capacity' does not take an argument",
    { more: USAGE_HINT },
  ],
  [
    '--ignore-capacity followed by a word',
    deploy('--ignore-capacity', 'please'),
    2,
    'deploy: --ignore-capacity takes no value (got "please"); give --ignore-capacity alone to turn it on, leave it out for off',
  ],
  // the credential flags
  [
    '--os-interface bogus',
    plan('--os-interface', 'bogus'),
    2,
    '--os-interface: "bogus" is not one of public, internal, admin',
  ],
  [
    '--os-insecure given a value',
    plan('--os-insecure=yes'),
    2,
    "plan: Option '--os-insecure' does not take an argument",
    { more: USAGE_HINT },
  ],
  [
    '--os-insecure followed by a word',
    plan('--os-insecure', 'yes'),
    2,
    'plan: --os-insecure takes no value (got "yes"); give --os-insecure alone to turn it on, leave it out for off',
  ],
  [
    '--restart true',
    plan('--restart', 'true'),
    2,
    'plan: --restart takes no value (got "true"); give --restart alone to turn it on, leave it out for off',
  ],
  [
    '--os-auth-url with a line break',
    plan('--os-auth-url', 'https://keystone:5000/v3\nX-Injected: 1'),
    2,
    `--os-auth-url: ${CONTROL}`,
  ],
  [
    '--os-auth-url not a URL',
    plan('--os-auth-url', 'keystone.example.com'),
    2,
    '--os-auth-url: "keystone.example.com" is not an http(s) URL, e.g. https://keystone.example.com:5000/v3',
  ],
  [
    '--os-auth-url ftp://',
    plan('--os-auth-url', 'ftp://keystone.example.com/v3'),
    2,
    '--os-auth-url: "ftp://keystone.example.com/v3" is not an http(s) URL, e.g. https://keystone.example.com:5000/v3',
  ],
  ['--os-password with a tab', plan('--os-password', 'pass\tword'), 2, `--os-password: ${CONTROL}`],
  ['--os-region empty', plan('--os-region='), 2, 'plan: --os-region needs a value'],
  ['--os-cloud with a line break', plan('--os-cloud', 'lab\nx'), 2, `--os-cloud: ${CONTROL}`],
  [
    '--clouds-yaml without a cloud to take from it',
    plan('--clouds-yaml', '@tmp/clouds.yaml'),
    2,
    '--clouds-yaml FILE needs --os-cloud NAME (or OS_CLOUD): which of its clouds to use',
    { files: { 'clouds.yaml': 'clouds:\n  lab: {}\n' } },
  ],
  // the shape of the command line
  ['an unknown flag', plan('--bogus'), 2, "plan: Unknown option '--bogus'", { more: USAGE_HINT }],
  ['an unknown short flag', plan('-x'), 2, "plan: Unknown option '-x'", { more: USAGE_HINT }],
  [
    'a positional argument',
    plan('extra'),
    2,
    "plan: Unexpected argument 'extra'. This command does not take positional arguments",
    { more: USAGE_HINT },
  ],
  [
    'a positional argument after --',
    plan('--', 'extra'),
    2,
    "plan: Unexpected argument 'extra'. This command does not take positional arguments",
    { more: USAGE_HINT },
  ],
  [
    '--json given a value',
    plan('--json=1'),
    2,
    "plan: Option '--json' does not take an argument",
    { more: USAGE_HINT },
  ],
  [
    '--restart=false',
    plan('--restart=false'),
    2,
    "plan: Option '--restart' does not take an argument",
    { more: USAGE_HINT },
  ],
  [
    'an unknown command',
    ['destory', '--config', '@config'],
    2,
    'unknown command "destory" (did you mean "destroy"?)',
    { more: /^.*$/ },
  ],
  [
    'deploy --tofu-plan',
    ['deploy', '--config', '@config', '--tofu-plan'],
    2,
    'deploy: --tofu-plan is an option of plan, not deploy',
  ],
  [
    '--plan-credential on a deploy',
    ['deploy', '--config', '@config', '--plan-credential', 'reader-only'],
    2,
    'deploy: --plan-credential is an option of check and plan --tofu-plan, not deploy (the credential a tofu plan runs with)',
  ],
  [
    '--plan-credential on a plan without --tofu-plan (nothing would use the credential)',
    plan('--plan-credential', 'reader-only'),
    2,
    'plan --operation deploy: --plan-credential is an option of check and plan --tofu-plan, not plan --operation deploy (the credential a tofu plan runs with)',
  ],
  [
    '--plan-credential readonly',
    ['check', '--config', '@config', '--state-dir', '@state', '--plan-credential', 'readonly'],
    2,
    '--plan-credential: "readonly" is not one of any, reader-only',
  ],
  [
    '--plan-credential Reader-Only',
    plan('--tofu-plan', '--plan-credential', 'Reader-Only'),
    2,
    '--plan-credential: "Reader-Only" is not one of any, reader-only',
  ],
  ['--plan-credential empty', plan('--tofu-plan', '--plan-credential', ''), 2, 'plan: --plan-credential needs a value'],
  [
    '--plan-credential with a line break',
    plan('--tofu-plan', '--plan-credential', 'reader-only\nany'),
    2,
    `--plan-credential: ${CONTROL}`,
  ],
  [
    '--plan-credential reader-only with --skip-auth-check: the roles cannot be read',
    ['check', '--config', '@config', '--state-dir', '@state', '--plan-credential', 'reader-only', '--skip-auth-check'],
    1,
    "--plan-credential reader-only: the credential's roles could not be checked, as --skip-auth-check is set (the roles come from the live Keystone check); drop --skip-auth-check, or drop --plan-credential reader-only",
  ],
  [
    'plan with neither --config nor --cluster-dir',
    ['plan', '--state-dir', '@state'],
    2,
    'plan: give --config FILE, or --cluster-dir DIR (with --vip IP) for standalone use',
  ],
  ['--config without a value', ['plan', '--config'], 2, 'plan: --config needs a value'],
  ['--config=', ['plan', '--config='], 2, 'plan: --config needs a value'],
  ['--config blank', ['plan', '--config', '   '], 2, 'plan: --config needs a value'],
  ['--config with a line break', ['plan', '--config', '@tmp/a\nb.yaml'], 2, `--config: ${CONTROL}`],
  ['--state-dir with a line break', plan('--state-dir', '@tmp/x\ny'), 2, `--state-dir: ${CONTROL}`],
  ['--kubeconfig empty', plan('--kubeconfig', ''), 2, 'plan: --kubeconfig needs a value'],
  ['--pip-arg empty', plan('--pip-arg', 'ok', '--pip-arg', ''), 2, 'plan: --pip-arg needs a value'],
  ['--pip-arg with a line break', plan('--pip-arg', '--index-url\nhttp://evil'), 2, `--pip-arg: ${CONTROL}`],
  ['--tofu with a NUL', plan('--tofu', 'to\0fu'), 2, `--tofu: ${CONTROL}`],
  // Kubespray: the venv's Python, SSH, converge (issue 18)
  ['--python empty', plan('--python', ''), 2, 'plan: --python needs a value'],
  ['--python with a line break', plan('--python', 'python3\n-c'), 2, `--python: ${CONTROL}`],
  ['--ssh-user empty', plan('--ssh-user', ''), 2, 'plan: --ssh-user needs a value'],
  [
    '--ssh-user with a space (an ssh option smuggled in)',
    plan('--ssh-user', 'root -oProxyCommand=x'),
    2,
    '--ssh-user: "root -oProxyCommand=x" is not a user name (letters, digits, ., _, -; at most 32)',
  ],
  ['--ssh-user too long', plan('--ssh-user', 'u'.repeat(33)), 2, /^--ssh-user: ".*" is not a user name/],
  ['--ssh-private-key-file empty', plan('--ssh-private-key-file', ''), 2, 'plan: --ssh-private-key-file needs a value'],
  [
    '--ssh-private-key-file with a line break',
    plan('--ssh-private-key-file', '@tmp/a\nb'),
    2,
    `--ssh-private-key-file: ${CONTROL}`,
  ],
  [
    'deployment.kubespray.version not a release',
    planWith('ksver.yaml'),
    1,
    '@tmp/ksver.yaml: deployment.kubespray.version: "latest" is not a Kubespray release; write it like v2.31.0',
    { files: { 'ksver.yaml': cfg((t) => t.replace('version: 2.31.0', 'version: latest')) } },
  ],
  [
    'deployment.kubespray.source a tarball without its sha256',
    planWith('kstar.yaml'),
    1,
    '@tmp/kstar.yaml: deployment.kubespray.source is a tarball: set @tmp/kstar.yaml: deployment.kubespray.sha256 to its sha256 (sha256sum of the file), so a changed download is refused',
    {
      files: {
        'kstar.yaml': cfg((t) =>
          t.replace('version: 2.31.0', 'version: 2.31.0\n    source: https://example.invalid/kubespray.tar.gz'),
        ),
      },
    },
  ],
  [
    'deployment.kubespray.source not a URL',
    planWith('kssrc.yaml'),
    1,
    /^@tmp\/kssrc\.yaml: deployment\.kubespray\.source: "\/srv\/kubespray" is neither a git URL/,
    {
      files: { 'kssrc.yaml': cfg((t) => t.replace('version: 2.31.0', 'version: 2.31.0\n    source: /srv/kubespray')) },
    },
  ],
  [
    'deployment.kubespray.ssh_user not a user name',
    planWith('ksuser.yaml'),
    1,
    /deployment\.kubespray\.ssh_user: must be a user name/,
    { files: { 'ksuser.yaml': cfg((t) => t.replace('version: 2.31.0', 'version: 2.31.0\n    ssh_user: "a b"')) } },
  ],
  [
    'deployment.kubespray.python empty',
    planWith('kspy.yaml'),
    1,
    /deployment\.kubespray\.python: must be a path or a command name/,
    { files: { 'kspy.yaml': cfg((t) => t.replace('version: 2.31.0', 'version: 2.31.0\n    python: ""')) } },
  ],
  [
    'wait-ready without --kubeconfig',
    ['wait-ready', '--timeout', '1s'],
    2,
    'wait-ready: --kubeconfig PATH is required',
  ],
  [
    'wait-ready --vip (not its flag)',
    ['wait-ready', '--kubeconfig', '@tmp/kc', '--vip', '10.0.0.1'],
    2,
    "wait-ready: Unknown option '--vip'",
    { more: USAGE_HINT },
  ],
  [
    'wait-ready --timeout 0',
    ['wait-ready', '--kubeconfig', '@tmp/kc', '--timeout', '0'],
    2,
    '--timeout: "0" is out of range; give a duration from 1.0s to 24h00m',
  ],
  [
    'wait-ready --nodes -1',
    ['wait-ready', '--kubeconfig', '@tmp/kc', '--nodes', '-1'],
    2,
    '--nodes: "-1" is not a node count; give a whole number from 1 to 10000',
  ],
  [
    'wait-ready --kubectl empty',
    ['wait-ready', '--kubeconfig', '@tmp/kc', '--kubectl='],
    2,
    'wait-ready: --kubectl needs a value',
  ],
  [
    'normalize-kubeconfig without --vip',
    ['normalize-kubeconfig', '--cluster-dir', '@tmp'],
    2,
    'normalize-kubeconfig: --vip IP is required (or --config FILE)',
  ],
  [
    'normalize-kubeconfig without --cluster-dir',
    ['normalize-kubeconfig', '--vip', '10.0.0.1'],
    2,
    'normalize-kubeconfig: --cluster-dir DIR is required (or --config FILE)',
  ],
  [
    'normalize-kubeconfig --vip not-an-ip',
    ['normalize-kubeconfig', '--cluster-dir', '@tmp', '--vip', 'not-an-ip'],
    2,
    `--vip: "not-an-ip" ${NOT_HOST}`,
  ],
];

/** Issue 17 on the flags alone: each option checked against the operation's own list, echoes made visible. */
const ZWSP = '\u200b';
const READINESS = /is an option of the readiness gate \(deploy, upgrade, wait-ready\), not /;
const day2FlagRows: Row[] = [
  [
    'destroy --step forget-cluster (forgets a cluster it did not destroy)',
    destroy('--confirm', 'sandbox', '--step', 'forget-cluster'),
    2,
    /^destroy: --step forget-cluster .*opentofu-destroy/,
    {},
  ],
  [
    'destroy --from-step forget-cluster',
    destroy('--confirm', 'sandbox', '--from-step', 'forget-cluster'),
    2,
    /^destroy: --from-step forget-cluster .*opentofu-destroy/,
    {},
  ],
  [
    'plan --operation destroy --step forget-cluster',
    plan('--operation', 'destroy', '--step', 'forget-cluster'),
    2,
    /^destroy: --step forget-cluster .*opentofu-destroy/,
    {},
  ],
  [
    '--kubernetes-version 01.34.0 (a leading zero)',
    upgrade('--kubernetes-version', '01.34.0'),
    2,
    `--kubernetes-version: "01.34.0" ${NOT_VERSION}`,
    {},
  ],
  [
    '--kubernetes-version 1.034.0',
    plan('--operation', 'upgrade', '--kubernetes-version', '1.034.0'),
    2,
    `--kubernetes-version: "1.034.0" ${NOT_VERSION}`,
    {},
  ],
  [
    '--kubernetes-version v1.34.00',
    upgrade('--kubernetes-version', 'v1.34.00'),
    2,
    `--kubernetes-version: "v1.34.00" ${NOT_VERSION}`,
    {},
  ],
  [
    'destroy --nodes 3',
    destroy('--confirm', 'sandbox', '--nodes', '3'),
    2,
    new RegExp(`^destroy: --nodes ${READINESS.source}destroy`),
    {},
  ],
  [
    'destroy --timeout 5m',
    destroy('--confirm', 'sandbox', '--timeout', '5m'),
    2,
    new RegExp(`^destroy: --timeout ${READINESS.source}destroy`),
    {},
  ],
  [
    'plan --operation destroy --nodes 3 --timeout 5m',
    plan('--operation', 'destroy', '--nodes', '3', '--timeout', '5m'),
    2,
    new RegExp(`^plan --operation destroy: --(nodes|timeout) ${READINESS.source}destroy: `),
    {},
  ],
  [
    'plan --operation destroy --interval 1s',
    plan('--operation', 'destroy', '--interval', '1s'),
    2,
    new RegExp(`^plan --operation destroy: --interval ${READINESS.source}destroy: `),
    {},
  ],
  [
    'destroy --venv (no Kubespray in a destroy)',
    destroy('--confirm', 'sandbox', '--venv', '/opt/venv'),
    2,
    'destroy: --venv is an option of the operations that run Kubespray (deploy, upgrade, replace-nodes), not destroy: it would be ignored',
  ],
  [
    'check --pip-arg',
    ['check', '--config', '@config', '--state-dir', '@state', '--pip-arg', '--no-index'],
    2,
    'check: --pip-arg is an option of the operations that run Kubespray (deploy, upgrade, replace-nodes), not check: it would be ignored',
  ],
  [
    'plan --operation upgrade --tofu (no OpenTofu in an upgrade)',
    plan('--operation', 'upgrade', '--tofu', '/usr/bin/tofu'),
    2,
    'plan --operation upgrade: --tofu is an option of the operations that run OpenTofu (deploy, destroy, check, replace-nodes), not upgrade: it would be ignored',
  ],
  [
    '--confirm with a zero-width space (pasted from chat), shown escaped',
    destroy('--confirm', `sandbox${ZWSP}`),
    2,
    'destroy: --confirm "sandbox\\u200b" is not the cluster\'s name; to destroy demo/sandbox, confirm with its name: --confirm sandbox',
    {},
  ],
  [
    '--confirm with a right-to-left override, shown escaped',
    destroy('--confirm', 'xobdnas\u202e'),
    2,
    'destroy: --confirm "xobdnas\\u202e" is not the cluster\'s name; to destroy demo/sandbox, confirm with its name: --confirm sandbox',
    {},
  ],
  [
    '--operation with a zero-width space, shown escaped',
    plan('--operation', `destroy${ZWSP}`),
    2,
    '--operation: "destroy\\u200b" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes',
    {},
  ],
  [
    '--kubernetes-version with a zero-width space, shown escaped',
    upgrade('--kubernetes-version', `1.34.2${ZWSP}`),
    2,
    `--kubernetes-version: "1.34.2\\u200b" ${NOT_VERSION}`,
    {},
  ],
  [
    '--cluster with a byte-order mark, shown escaped',
    ['plan', '--cluster-dir', '@cluster', '--vip', '10.0.0.1', '--state-dir', '@state', '--cluster', 'a\ufeffb'],
    2,
    `--cluster: "a\\ufeffb" ${NOT_A_NAME}`,
    {},
  ],
];

const configRows: Row[] = [
  ['--config missing', ['plan', '--config', '@tmp/missing.yaml'], 1, 'config file not found: @tmp/missing.yaml'],
  [
    '--config a directory',
    ['plan', '--config', '@tmp'],
    1,
    /^(config file @tmp is a directory.*|cannot read config file @tmp: EISDIR: illegal operation on a directory, read)$/,
  ],
  [
    '--config an empty file',
    planWith('empty.yaml'),
    1,
    /^@tmp\/empty\.yaml must be a YAML mapping/,
    { files: { 'empty.yaml': '' } },
  ],
  [
    '--config binary garbage',
    planWith('garbage.yaml'),
    1,
    /^(config file )?@tmp\/garbage\.yaml (is not valid YAML: control character|is not UTF-8 text)/,
    { files: { 'garbage.yaml': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)) } },
  ],
  [
    '--config a list',
    planWith('list.yaml'),
    1,
    /^@tmp\/list\.yaml must be a YAML mapping/,
    { files: { 'list.yaml': '- schema_version: "2.0"\n- opencenter: {}\n' } },
  ],
  [
    '--config a bare word',
    planWith('word.yaml'),
    1,
    /^@tmp\/word\.yaml must be a YAML mapping/,
    { files: { 'word.yaml': 'hello\n' } },
  ],
  [
    '--config with a duplicate key',
    planWith('dup.yaml'),
    1,
    /^@tmp\/dup\.yaml is not valid YAML: duplicate key "schema_version" at line \d+/,
    {
      files: {
        'dup.yaml': cfg((t) => t.replace('schema_version: "2.0"', 'schema_version: "2.0"\nschema_version: "3.0"')),
      },
    },
  ],
  [
    '--config of 2 MB',
    planWith('big.yaml'),
    1,
    /^(config file )?@tmp\/big\.yaml is 2\.\d MiB; config files over 1 MiB are refused$/,
    {
      files: {
        'big.yaml': cfg(
          (t) => `${t}\nextra:\n${Array.from({ length: 22_000 }, (_, i) => `  k${i}: "${'x'.repeat(90)}"\n`).join('')}`,
        ),
      },
    },
  ],
  [
    '--config with an alias bomb',
    planWith('laughs.yaml'),
    1,
    /^@tmp\/laughs\.yaml(:| is not valid YAML:) .*alias/i,
    {
      files: {
        'laughs.yaml': `a: &a [x,x,x,x,x,x,x,x,x]\n${'bcdefghi'
          .split('')
          .map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)
          .join('\n')}\n`,
      },
    },
  ],
  [
    '--config nested 5000 deep',
    planWith('deep.yaml'),
    1,
    /^@tmp\/deep\.yaml (nests collections more than \d+ levels deep|is not valid YAML: (?!.*call stack))/,
    { files: { 'deep.yaml': `a: ${'['.repeat(5000)}${']'.repeat(5000)}\n` } },
  ],
  [
    '--config indented with tabs',
    planWith('tab.yaml'),
    1,
    /^@tmp\/tab\.yaml is not valid YAML: .*[Tt]ab.*line 3/,
    { files: { 'tab.yaml': 'schema_version: "2.0"\nopencenter:\n\tmeta: x\n' } },
  ],
  [
    '--config with a NUL byte',
    planWith('nul.yaml'),
    1,
    /^@tmp\/nul\.yaml is not valid YAML: [^\0]*$/,
    { files: { 'nul.yaml': 'schema_version: "2.0"\0\n' } },
  ],
  [
    '--config with schema_version "1.0"',
    planWith('v1.yaml'),
    1,
    'invalid schema version for cluster sandbox: expected 2.0, got "1.0"',
    { files: { 'v1.yaml': cfg((t) => t.replace('schema_version: "2.0"', 'schema_version: "1.0"')) } },
  ],
  oneIssue(
    '--config with schema_version unquoted',
    planWith('vnum.yaml'),
    '@tmp/vnum.yaml',
    'schema_version (the config schema\'s version, "2.0")',
    'must be a string, not a number',
    { files: { 'vnum.yaml': cfg((t) => t.replace('schema_version: "2.0"', 'schema_version: 2.0')) } },
  ),
  oneIssue(
    '--config without schema_version',
    planWith('nov.yaml'),
    '@tmp/nov.yaml',
    'missing',
    'schema_version (a string, the config schema\'s version, "2.0")',
    { files: { 'nov.yaml': cfg((t) => t.replace('schema_version: "2.0"\n', '')) } },
  ),
  [
    '--config with fields of the wrong type',
    planWith('types.yaml'),
    1,
    '@tmp/types.yaml is invalid:',
    {
      files: {
        'types.yaml': cfg((t) =>
          t
            .replace('vrrp_enabled: false', 'vrrp_enabled: "nope"')
            .replace('  enabled: true\n  backend', '  enabled: 3\n  backend')
            .replace('    version: 2.31.0', '    version: 2.31.0\n    pip_args: "--no-index"'),
        ),
      },
      more: /^ {2}- (opencenter\.infrastructure\.networking\.vrrp_enabled|opentofu\.enabled|deployment\.kubespray\.pip_args) \([^)]+\): must be (true or false|a list), not (a string|a number)$/,
    },
  ],
  oneIssue(
    '--config with cloud.openstack a list',
    planWith('oslist.yaml'),
    '@tmp/oslist.yaml',
    'opencenter.infrastructure.cloud.openstack',
    'must be a mapping, not a list',
    { files: { 'oslist.yaml': cfg((t) => t.replace('      openstack:\n', '      openstack: [1]\n      other:\n')) } },
  ),
  oneIssue(
    '--config with insecure: "maybe"',
    planWith('insecure.yaml'),
    '@tmp/insecure.yaml',
    'opencenter.infrastructure.cloud.openstack.insecure',
    'must be true or false, not a string',
    {
      files: {
        'insecure.yaml': cfg((t) =>
          t.replace('        region: RegionOne', '        region: RegionOne\n        insecure: "maybe"'),
        ),
      },
    },
  ),
  oneIssue(
    '--config with interface bogus',
    planWith('iface.yaml'),
    '@tmp/iface.yaml',
    'opencenter.infrastructure.cloud.openstack.interface',
    'must be one of "public", "internal", "admin"',
    {
      files: {
        'iface.yaml': cfg((t) =>
          t.replace('        region: RegionOne', '        region: RegionOne\n        interface: bogus'),
        ),
      },
    },
  ),
  oneIssue(
    '--config with auth_url not a URL',
    planWith('url.yaml'),
    '@tmp/url.yaml',
    'opencenter.infrastructure.cloud.openstack.auth_url',
    'must be an http(s) URL, e.g. https://keystone.example.com:5000/v3',
    { files: { 'url.yaml': cfg((t) => t.replace(/auth_url: .*/, 'auth_url: keystone:5000')) } },
  ),
  oneIssue(
    '--config with k8s_api_ip not an IP',
    planWith('vip.yaml'),
    '@tmp/vip.yaml',
    'opencenter.infrastructure.k8s_api_ip',
    'must be an IP address',
    { files: { 'vip.yaml': cfg((t) => t.replace('k8s_api_ip: 127.0.0.2', 'k8s_api_ip: "10.0.0.1\\n x: y"')) } },
  ),
  [
    '--config with deployment.method kamaji',
    planWith('kamaji.yaml'),
    1,
    '@tmp/kamaji.yaml: deployment.method "kamaji" is not supported yet; this tool runs kubespray, none or cluster-api',
    { files: { 'kamaji.yaml': cfg((t) => t.replace('method: kubespray', 'method: kamaji')) } },
  ],
  // deployment.method cluster-api
  [
    '--management-kubeconfig empty',
    plan('--management-kubeconfig', ''),
    2,
    'plan: --management-kubeconfig needs a value',
  ],
  [
    '--management-kubeconfig with a line break',
    plan('--management-kubeconfig', 'a\nb'),
    2,
    `--management-kubeconfig: ${CONTROL}`,
  ],
  [
    '--management-kubeconfig with method kubespray',
    plan('--management-kubeconfig', '/tmp/kc'),
    2,
    '--management-kubeconfig, --clusterctl and --kind (input management-kubeconfig) are for deployment.method cluster-api, not kubespray',
  ],
  [
    '--kind with method kubespray',
    plan('--kind', '/usr/bin/kind'),
    2,
    '--management-kubeconfig, --clusterctl and --kind (input management-kubeconfig) are for deployment.method cluster-api, not kubespray',
  ],
  [
    '--method cluster-api on an upgrade without deployment.cluster_api',
    upgrade('--method', 'cluster-api', '--kubernetes-version', '1.35.0'),
    1,
    /^@config: deployment\.method is cluster-api but deployment\.cluster_api is not set; add it/,
  ],
  [
    '--method cluster-api on a check of a config without deployment.cluster_api',
    ['check', '--config', '@config', '--state-dir', '@state', '--method', 'cluster-api'],
    1,
    /^@config: deployment\.method is cluster-api but deployment\.cluster_api is not set; add it/,
  ],
  [
    '--method cluster-api without deployment.cluster_api',
    plan('--method', 'cluster-api'),
    1,
    /^@config: deployment\.method is cluster-api but deployment\.cluster_api is not set; add it/,
  ],
  [
    '--config with cluster_api.management both kubeconfig and bootstrap',
    planWith('capi-both.yaml'),
    1,
    '@tmp/capi-both.yaml: deployment.cluster_api.management sets both kubeconfig and bootstrap; set kubeconfig for an existing management cluster, or bootstrap: kind for an ephemeral one, not both',
    {
      files: {
        'capi-both.yaml': cfg((t) =>
          t.replace(
            'method: kubespray',
            'method: cluster-api\n  cluster_api:\n    management: {bootstrap: kind, kubeconfig: kc}',
          ),
        ),
      },
    },
  ],
  oneIssue(
    '--config with an unpinned CAPO',
    planWith('capi-pin.yaml'),
    '@tmp/capi-pin.yaml',
    'deployment.cluster_api.providers.infrastructure',
    'must be a provider pinned to a release, like openstack:v0.14.7',
    {
      files: {
        'capi-pin.yaml': cfg((t) =>
          t.replace(
            'method: kubespray',
            'method: cluster-api\n  cluster_api:\n    management: {bootstrap: kind}\n    providers: {infrastructure: openstack}',
          ),
        ),
      },
    },
  ),
  oneIssue(
    '--config with deployment.method kubspray',
    planWith('kubspray.yaml'),
    '@tmp/kubspray.yaml',
    'deployment.method',
    /must be one of "kubespray", .*/,
    { files: { 'kubspray.yaml': cfg((t) => t.replace('method: kubespray', 'method: kubspray')) } },
  ),
  [
    '--config with a path as the cluster name',
    planWith('name.yaml'),
    1,
    '@tmp/name.yaml is invalid:',
    {
      files: { 'name.yaml': cfg((t) => t.replace(/name: sandbox/g, 'name: "../../etc"')) },
      more: new RegExp(`^ {2}- opencenter\\.(meta\\.name|cluster\\.cluster_name): ${escapeRe(NOT_A_NAME)}$`),
    },
  ],
  oneIssue(
    '--config with a space in the organization',
    planWith('org.yaml'),
    '@tmp/org.yaml',
    'opencenter.meta.organization',
    NOT_A_NAME,
    { files: { 'org.yaml': cfg((t) => t.replace('organization: demo', 'organization: "a b"')) } },
  ),
  // the operations' fields
  oneIssue(
    '--config with node_resource.type empty',
    planWith('nrt.yaml'),
    '@tmp/nrt.yaml',
    'opentofu.node_resource.type',
    'must be a resource type like openstack_compute_instance_v2',
    { files: { 'nrt.yaml': cfg((t) => t.replace('type: terraform_data', 'type: ""')) } },
  ),
  oneIssue(
    '--config with node_resource.type "Bad Type"',
    planWith('nrt2.yaml'),
    '@tmp/nrt2.yaml',
    'opentofu.node_resource.type',
    'must be a resource type like openstack_compute_instance_v2',
    { files: { 'nrt2.yaml': cfg((t) => t.replace('type: terraform_data', 'type: "Bad Type"')) } },
  ),
  oneIssue(
    '--config with node_resource.name_attribute "a..b"',
    planWith('nra.yaml'),
    '@tmp/nra.yaml',
    'opentofu.node_resource.name_attribute',
    'must be an attribute path like name or input.node_name',
    { files: { 'nra.yaml': cfg((t) => t.replace('name_attribute: input.node_name', 'name_attribute: "a..b"')) } },
  ),
  oneIssue(
    '--config with node_resource.companions not a list',
    planWith('nrc.yaml'),
    '@tmp/nrc.yaml',
    'opentofu.node_resource.companions',
    'must be a list of resource addresses, e.g. [terraform_data.inventory]',
    {
      files: {
        'nrc.yaml': cfg((t) =>
          t.replace('companions: [terraform_data.inventory]', 'companions: terraform_data.inventory'),
        ),
      },
    },
  ),
  oneIssue(
    '--config with an empty companion',
    planWith('nrc2.yaml'),
    '@tmp/nrc2.yaml',
    'opentofu.node_resource.companions.0',
    'must be a resource address like terraform_data.inventory',
    { files: { 'nrc2.yaml': cfg((t) => t.replace('companions: [terraform_data.inventory]', 'companions: [""]')) } },
  ),
  ...(
    [
      ['0', 'b0'],
      ['-1', 'bneg'],
      ['"ten"', 'bten'],
      ['1.5', 'bfrac'],
    ] as const
  ).map(([value, file]) =>
    oneIssue(
      `--config with upgrade_batch_size ${value}`,
      [...planWith(`${file}.yaml`), '--operation', 'upgrade'],
      `@tmp/${file}.yaml`,
      'deployment.kubespray.upgrade_batch_size',
      'must be a whole number of workers from 1 to 10000',
      {
        files: {
          [`${file}.yaml`]: cfg((t) =>
            t.replace('    version: 2.31.0', `    version: 2.31.0\n    upgrade_batch_size: ${value}`),
          ),
        },
      },
    ),
  ),
  ...(
    [
      ['"yes"', 'uod-yes'],
      ['1', 'uod-1'],
      ['[true]', 'uod-list'],
      ['"true\\n"', 'uod-nl'],
    ] as const
  ).map(([value, file]) =>
    oneIssue(
      `--config with upgrade_on_deploy ${value}`,
      planWith(`${file}.yaml`),
      `@tmp/${file}.yaml`,
      'deployment.kubespray.upgrade_on_deploy',
      'must be true or false',
      {
        files: {
          [`${file}.yaml`]: cfg((t) =>
            t.replace('    version: 2.31.0', `    version: 2.31.0\n    upgrade_on_deploy: ${value}`),
          ),
        },
      },
    ),
  ),
  oneIssue(
    '--config with kubernetes.version "01.34.0" (a leading zero)',
    [...planWith('kv0.yaml'), '--operation', 'upgrade'],
    '@tmp/kv0.yaml',
    'opencenter.cluster.kubernetes.version',
    'must be a Kubernetes version like 1.34.2',
    { files: { 'kv0.yaml': cfg((t) => t.replace('version: 1.33.5', 'version: "01.34.0"')) } },
  ),
  oneIssue(
    '--config with kubernetes.version "1.33.05"',
    [...planWith('kv05.yaml'), '--operation', 'upgrade'],
    '@tmp/kv05.yaml',
    'opencenter.cluster.kubernetes.version',
    'must be a Kubernetes version like 1.34.2',
    { files: { 'kv05.yaml': cfg((t) => t.replace('version: 1.33.5', 'version: "1.33.05"')) } },
  ),
  oneIssue(
    '--config with kubernetes.version "1.34"',
    [...planWith('kv.yaml'), '--operation', 'upgrade'],
    '@tmp/kv.yaml',
    'opencenter.cluster.kubernetes.version',
    'must be a Kubernetes version like 1.34.2',
    { files: { 'kv.yaml': cfg((t) => t.replace('version: 1.33.5', 'version: "1.34"')) } },
  ),
  [
    '--config for another provider',
    planWith('aws.yaml'),
    1,
    '@tmp/aws.yaml: opencenter.infrastructure.provider is "aws"; this tool deploys openstack clusters only',
    { files: { 'aws.yaml': cfg((t) => t.replace('provider: openstack', 'provider: aws')) } },
  ],
  [
    '--config without local_dir',
    planWith('nolocal.yaml'),
    1,
    '@tmp/nolocal.yaml: opencenter.gitops.repository.local_dir is not set; set it or pass --cluster-dir',
    { files: { 'nolocal.yaml': cfg((t) => t.replace(/local_dir: .*/, 'local_dir: ""')) } },
  ],
  [
    '--config of 5000 characters',
    ['plan', '--config', `@tmp/${'c'.repeat(5000)}.yaml`],
    1,
    `cannot read config file @tmp/${'c'.repeat(5000)}.yaml: file name too long`,
  ],
  [
    '--config a FIFO',
    planWith('fifo.yaml'),
    1,
    'config file @tmp/fifo.yaml is not a regular file (it is a named pipe)',
    { files: { 'fifo.yaml': { fifo: true } } },
  ],
  [
    '--config /dev/null',
    ['plan', '--config', '/dev/null', '--state-dir', '@state'],
    1,
    'config file /dev/null is not a regular file (it is a device)',
  ],
  [
    '--config saved with a BOM and CRLF line ends (fine)',
    planWith('windows.yaml'),
    0,
    null,
    {
      files: { 'windows.yaml': cfg((t) => `\ufeff${t.replace(/\n/g, '\r\n')}`) },
      stdout: /^Deploy plan for demo\/sandbox: /,
    },
  ],
  [
    '--config a symlink loop',
    ['plan', '--config', '@tmp/loop1', '--state-dir', '@state'],
    1,
    /^(cannot read config file @tmp\/loop1: .*(ELOOP|symbolic links)|config file @tmp\/loop1: too many levels of symbolic links)/,
    { files: { loop1: { symlink: 'loop2' }, loop2: { symlink: 'loop1' } } },
  ],
  [
    '--config a dangling symlink',
    planWith('dangling.yaml'),
    1,
    'config file @tmp/dangling.yaml is a symbolic link to a missing file',
    { files: { 'dangling.yaml': { symlink: 'nowhere.yaml' } } },
  ],
  [
    '--config a symlink to a directory',
    planWith('todir.yaml'),
    1,
    /^(config file @tmp\/todir\.yaml is a directory.*|cannot read config file @tmp\/todir\.yaml: EISDIR: illegal operation on a directory, read)$/,
    { files: { 'todir.yaml': { symlink: '.' } } },
  ],
  [
    '--config unreadable',
    planWith('secret.yaml'),
    1,
    /^cannot read config file @tmp\/secret\.yaml: .*(EACCES|permission denied)/,
    {
      when: notRoot,
      setup: async (ctx) => {
        await fs.writeFile(path.join(ctx.tmp, 'secret.yaml'), ctx.baseConfig, { mode: 0o000 });
      },
    },
  ],
];

const clouds = (text: string) => ({ 'clouds.yaml': text });
const withCloud = (cloud: string) => plan('--os-cloud', cloud, '--clouds-yaml', '@tmp/clouds.yaml');
const credentialRows: Row[] = [
  [
    '--clouds-yaml missing',
    plan('--os-cloud', 'lab', '--clouds-yaml', '@tmp/missing.yaml'),
    1,
    'clouds.yaml not found: @tmp/missing.yaml',
  ],
  [
    '--clouds-yaml a directory',
    plan('--os-cloud', 'lab', '--clouds-yaml', '@tmp'),
    1,
    'clouds.yaml @tmp is a directory; give a file path',
  ],
  [
    '--clouds-yaml a FIFO',
    plan('--os-cloud', 'lab', '--clouds-yaml', '@tmp/fifo'),
    1,
    'clouds.yaml @tmp/fifo is not a regular file (it is a named pipe)',
    { files: { fifo: { fifo: true } } },
  ],
  [
    '--clouds-yaml not YAML',
    withCloud('lab'),
    1,
    /^@tmp\/clouds\.yaml is not valid YAML: /,
    { files: clouds(':\n  - x: [\n') },
  ],
  [
    '--clouds-yaml empty',
    withCloud('lab'),
    1,
    '@tmp/clouds.yaml must be a YAML mapping (key: value) at the top level, but it is empty',
    { files: clouds('') },
  ],
  [
    '--os-cloud not in clouds.yaml',
    withCloud('nope'),
    1,
    'cloud "nope" not found in @tmp/clouds.yaml (clouds: lab)',
    { files: clouds('clouds:\n  lab:\n    region_name: r\n') },
  ],
  [
    '--os-cloud __proto__',
    withCloud('__proto__'),
    1,
    'cloud "__proto__" not found in @tmp/clouds.yaml (clouds: lab)',
    { files: clouds('clouds:\n  lab:\n    region_name: r\n') },
  ],
  [
    '--os-cloud constructor',
    withCloud('constructor'),
    1,
    'cloud "constructor" not found in @tmp/clouds.yaml (clouds: lab)',
    { files: clouds('clouds:\n  lab:\n    region_name: r\n') },
  ],
  [
    'clouds.yaml with clouds a list',
    withCloud('lab'),
    1,
    '@tmp/clouds.yaml is invalid: clouds: must map cloud names to settings',
    { files: clouds('clouds: [lab, other]\n') },
  ],
  [
    'clouds.yaml with interface bogus',
    withCloud('lab'),
    1,
    '@tmp/clouds.yaml (clouds.lab.interface): "bogus" is not one of public, internal, admin',
    { files: clouds('clouds:\n  lab:\n    interface: bogus\n') },
  ],
  [
    'clouds.yaml with verify: maybe',
    withCloud('lab'),
    1,
    '@tmp/clouds.yaml (clouds.lab.verify): "maybe" is not true or false',
    { files: clouds('clouds:\n  lab:\n    verify: maybe\n') },
  ],
  [
    'clouds.yaml with auth a number',
    withCloud('lab'),
    1,
    '@tmp/clouds.yaml (clouds.lab.auth): expected a mapping, got a number',
    { files: clouds('clouds:\n  lab:\n    auth: 5\n') },
  ],
  [
    'clouds.yaml with a password list',
    withCloud('lab'),
    1,
    '@tmp/clouds.yaml (clouds.lab.auth.password): expected text, got a list',
    { files: clouds('clouds:\n  lab:\n    auth:\n      password: [a, b]\n') },
  ],
  [
    'clouds.yaml with a line break in auth_url',
    withCloud('lab'),
    1,
    `@tmp/clouds.yaml (clouds.lab.auth.auth_url): ${CONTROL}`,
    { files: clouds('clouds:\n  lab:\n    auth:\n      auth_url: "https://k:5000/v3\\nx"\n') },
  ],
  [
    'clouds.yaml with auth_url not a URL',
    withCloud('lab'),
    1,
    '@tmp/clouds.yaml (clouds.lab.auth.auth_url): "keystone" is not an http(s) URL, e.g. https://keystone.example.com:5000/v3',
    { files: clouds('clouds:\n  lab:\n    auth:\n      auth_url: keystone\n') },
  ],
  [
    'OS_INTERFACE=bogus',
    plan(),
    1,
    'OS_INTERFACE: "bogus" is not one of public, internal, admin',
    { env: { OS_INTERFACE: 'bogus' } },
  ],
  ['OS_INSECURE=maybe', plan(), 1, 'OS_INSECURE: "maybe" is not true or false', { env: { OS_INSECURE: 'maybe' } }],
  [
    'OS_AUTH_URL with a line break',
    plan(),
    1,
    `OS_AUTH_URL: ${CONTROL}`,
    { env: { OS_AUTH_URL: 'https://keystone:5000/v3\nx' } },
  ],
  [
    'OS_AUTH_URL not a URL',
    plan(),
    1,
    'OS_AUTH_URL: "keystone:5000" is not an http(s) URL, e.g. https://keystone.example.com:5000/v3',
    { env: { OS_AUTH_URL: 'keystone:5000' } },
  ],
  ['OS_PASSWORD with a carriage return', plan(), 1, `OS_PASSWORD: ${CONTROL}`, { env: { OS_PASSWORD: 'secret\rx' } }],
  [
    'OS_REGION_NAME with an escape sequence',
    plan(),
    1,
    `OS_REGION_NAME: ${CONTROL}`,
    { env: { OS_REGION_NAME: 'Region\x1b[2J' } },
  ],
  [
    'OS_CLOUD naming a cloud missing from OS_CLIENT_CONFIG_FILE',
    plan(),
    1,
    'cloud "missing" not found in @tmp/clouds.yaml (clouds: lab)',
    { env: { OS_CLOUD: 'missing', OS_CLIENT_CONFIG_FILE: '@tmp/clouds.yaml' }, files: clouds('clouds:\n  lab: {}\n') },
  ],
  [
    'OS_CLOUD with no clouds.yaml anywhere',
    plan(),
    1,
    /^OS_CLOUD is "lab" but no clouds\.yaml was found \(looked in clouds\.yaml, @tmp\/home\/\.config\/openstack\/clouds\.yaml, \/etc\/openstack\/clouds\.yaml\)$/,
    { env: { OS_CLOUD: 'lab', HOME: '@tmp/home' }, when: () => !existsSync('/etc/openstack/clouds.yaml') },
  ],
  [
    'OS_CLIENT_CONFIG_FILE a directory',
    plan(),
    1,
    'clouds.yaml @tmp is a directory; give a file path',
    { env: { OS_CLOUD: 'lab', OS_CLIENT_CONFIG_FILE: '@tmp' } },
  ],
  [
    'XDG_STATE_HOME a file',
    ['plan', '--config', '@config'],
    1,
    'state directory @tmp/file/cluster-deploy: @tmp/file is not a directory',
    { env: { XDG_STATE_HOME: '@tmp/file' }, files: { file: 'x' } },
  ],
];

const KUBECONFIG_OK = (server: string) =>
  `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ${server}\ncontexts:\n- name: c\n  context: {cluster: c, user: u}\ncurrent-context: c\nusers:\n- name: u\n  user: {token: t0ken-canary}\n`;
const wait = (file = '@tmp/kc') => ['wait-ready', '--kubeconfig', file, '--timeout', '1s', '--interval', '100ms'];
const normalize = (...extra: string[]) => [
  'normalize-kubeconfig',
  '--cluster-dir',
  '@tmp/cd',
  '--vip',
  '10.0.0.1',
  ...extra,
];
const kubeconfigRows: Row[] = [
  ['wait-ready: users: 3', wait(), 1, /^kubeconfig @tmp\/kc is invalid: users: /, { files: { kc: 'users: 3\n' } }],
  [
    'wait-ready: contexts: 5',
    wait(),
    1,
    /^kubeconfig @tmp\/kc is invalid: contexts: /,
    { files: { kc: 'contexts: 5\n' } },
  ],
  [
    'wait-ready: clusters: "x"',
    wait(),
    1,
    /^kubeconfig @tmp\/kc is invalid: clusters: /,
    { files: { kc: 'clusters: "x"\n' } },
  ],
  [
    'wait-ready: a cluster without a server',
    wait(),
    1,
    "kubeconfig @tmp/kc names no API server (no clusters[].cluster.server); it is not the cluster's kubeconfig",
    { files: { kc: 'clusters:\n- name: c\n  cluster: {}\n' } },
  ],
  [
    'wait-ready: no clusters',
    wait(),
    1,
    "kubeconfig @tmp/kc names no API server (no clusters[].cluster.server); it is not the cluster's kubeconfig",
    { files: { kc: 'apiVersion: v1\nkind: Config\nclusters: []\nusers: []\n' } },
  ],
  [
    'wait-ready: an empty kubeconfig',
    wait(),
    1,
    /^kubeconfig @tmp\/kc (is not a kubeconfig|must be a YAML mapping)/,
    { files: { kc: '' } },
  ],
  [
    'wait-ready: not YAML',
    wait(),
    1,
    /^kubeconfig @tmp\/kc is not valid YAML: /,
    { files: { kc: 'clusters: [oops\n' } },
  ],
  [
    'wait-ready: a list',
    wait(),
    1,
    /^kubeconfig @tmp\/kc (is not a kubeconfig|must be a YAML mapping)/,
    { files: { kc: '- clusters\n' } },
  ],
  [
    'wait-ready: binary garbage',
    wait(),
    1,
    'kubeconfig @tmp/kc is not UTF-8 text',
    { files: { kc: Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 131 + 7) % 256)) } },
  ],
  [
    'wait-ready: missing',
    wait('@tmp/none'),
    1,
    'kubeconfig not found: @tmp/none; run step openstack-normalize-kubeconfig first',
  ],
  ['wait-ready: a directory', wait('@tmp'), 1, 'kubeconfig @tmp is a directory; give a file path'],
  [
    'wait-ready: a symlink loop',
    wait('@tmp/loop'),
    1,
    'cannot read kubeconfig @tmp/loop: too many levels of symbolic links',
    { files: { loop: { symlink: 'loop' } } },
  ],
  [
    'wait-ready: a dangling symlink',
    wait('@tmp/dangling'),
    1,
    'kubeconfig @tmp/dangling is a symbolic link to a missing file',
    { files: { dangling: { symlink: 'gone' } } },
  ],
  [
    'wait-ready: a FIFO',
    wait('@tmp/fifo'),
    1,
    'kubeconfig @tmp/fifo is not a regular file (it is a named pipe)',
    { files: { fifo: { fifo: true } } },
  ],
  [
    'wait-ready: --kubectl missing',
    [...wait(), '--kubectl', '@tmp/no-kubectl'],
    1,
    /^command not found: @tmp\/no-kubectl /,
    { files: { kc: KUBECONFIG_OK('https://127.0.0.1:1') } },
  ],
  [
    'wait-ready: --kubectl a directory',
    [...wait(), '--kubectl', '@tmp'],
    1,
    /^cannot run @tmp: .*not an executable/,
    { files: { kc: KUBECONFIG_OK('https://127.0.0.1:1') } },
  ],
  [
    'normalize: no kubeconfig in the cluster dir',
    normalize('--kubeconfig', '@tmp/out'),
    1,
    'kubeconfig not found in @tmp/cd',
    { files: { cd: { dir: true } } },
  ],
  [
    'normalize: kubeconfig.yaml is a directory',
    normalize('--kubeconfig', '@tmp/out'),
    1,
    'kubeconfig not found in @tmp/cd',
    { files: { 'cd/kubeconfig.yaml': { dir: true } } },
  ],
  [
    'normalize: kubeconfig.yaml not YAML',
    normalize('--kubeconfig', '@tmp/out'),
    1,
    /^kubeconfig @tmp\/cd\/kubeconfig\.yaml is not valid YAML: /,
    { files: { 'cd/kubeconfig.yaml': 'clusters: [\n' } },
  ],
  [
    'normalize: a kubeconfig without clusters',
    normalize('--kubeconfig', '@tmp/out'),
    1,
    /^kubeconfig @tmp\/cd\/kubeconfig\.yaml (has no clusters|is invalid: clusters)/,
    { files: { 'cd/kubeconfig.yaml': 'apiVersion: v1\nkind: Config\nclusters: []\nusers: []\ncontexts: []\n' } },
  ],
  [
    'normalize: --kubeconfig a directory',
    normalize('--kubeconfig', '@tmp/outdir'),
    1,
    'kubeconfig path @tmp/outdir is a directory; give a file path',
    { files: { 'cd/kubeconfig.yaml': KUBECONFIG_OK('https://127.0.0.1:6443'), outdir: { dir: true } } },
  ],
  [
    'normalize: --kubeconfig under a file',
    normalize('--kubeconfig', '@tmp/file/kubeconfig'),
    1,
    'kubeconfig path @tmp/file/kubeconfig: @tmp/file is not a directory',
    { files: { 'cd/kubeconfig.yaml': KUBECONFIG_OK('https://127.0.0.1:6443'), file: 'x' } },
  ],
  [
    'normalize: --kubeconfig with a line break',
    normalize('--kubeconfig', '@tmp/kube\nconfig'),
    2,
    `--kubeconfig: ${CONTROL}`,
    { files: { 'cd/kubeconfig.yaml': KUBECONFIG_OK('https://127.0.0.1:6443') } },
  ],
  [
    'normalize: the cluster dir is the root',
    ['normalize-kubeconfig', '--cluster-dir', '/', '--vip', '10.0.0.1', '--kubeconfig', '@tmp/out'],
    1,
    `the cluster directory's name (pass --cluster NAME): "" ${NOT_A_NAME}`,
  ],
  // Not errors: what careless input gets when it is fine after all.
  [
    'normalize: --kubeconfig in a directory not there yet (made, 0700)',
    normalize('--kubeconfig', '@tmp/new/dir/kubeconfig'),
    0,
    null,
    {
      files: { 'cd/kubeconfig.yaml': KUBECONFIG_OK('https://127.0.0.1:6443') },
      stdout: /^@tmp\/new\/dir\/kubeconfig: server → https:\/\/10\.0\.0\.1:6443 \(from kubeconfig\.yaml\)\n$/,
    },
  ],
  [
    'normalize: a scheme-less loopback server',
    normalize('--kubeconfig', '@tmp/out'),
    0,
    null,
    {
      files: { 'cd/kubeconfig.yaml': KUBECONFIG_OK('127.0.0.1:6443') },
      stdout: /^@tmp\/out: server → (https:\/\/)?10\.0\.0\.1:6443 \(from kubeconfig\.yaml\)\n$/,
    },
  ],
];

const STATE = '@state/demo/sandbox/state.json';
const stateFile = (content: FileSpec) => ({ files: { 'state/demo/sandbox/state.json': content } });
const validState = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ version: 1, cluster: 'demo/sandbox', updatedAt: '2024-01-01T00:00:00Z', steps: {}, ...extra });
const LOCK = 'state/demo/sandbox/deploy.lock';
const lockRecord = (record: Record<string, unknown>) =>
  `${JSON.stringify({ startedAt: '2024-01-01T00:00:00.000Z', ...record })}\n`;
const ANOTHER = (pid: string, host: string) =>
  new RegExp(
    `^another deploy of demo/sandbox is running \\(process ${pid} on ${host}, since 2024-01-01T00:00:00\\.000Z\\); wait for it to finish, or if it is gone, delete @state/demo/sandbox/deploy\\.lock$`,
  );
const stateRows: Row[] = [
  [
    'state.json not JSON',
    plan(),
    1,
    `resume state ${STATE} is not valid JSON (Unexpected end of JSON input); delete it or run with --restart`,
    stateFile('{"version":'),
  ],
  [
    'state.json empty',
    plan(),
    1,
    `resume state ${STATE} is not valid JSON (Unexpected end of JSON input); delete it or run with --restart`,
    stateFile(''),
  ],
  [
    'state.json all NULs (a crash on some filesystems)',
    plan(),
    1,
    /^resume state @state\/demo\/sandbox\/state\.json is not valid JSON \([^\0]*\); delete it or run with --restart$/,
    stateFile(Buffer.alloc(512)),
  ],
  [
    'state.json of another cluster',
    plan(),
    1,
    `resume state ${STATE} belongs to cluster other/x, not demo/sandbox; use another --state-dir or run with --restart`,
    stateFile(validState({ cluster: 'other/x' })),
  ],
  [
    'state.json from a newer version',
    plan(),
    1,
    `resume state ${STATE} has version 2, written by a newer cluster-deploy (this one reads version 1); use that version, or delete it or run with --restart`,
    stateFile(validState({ version: 2 })),
  ],
  oneIssue(
    'state.json with version "1" as text',
    plan(),
    `resume state ${STATE}`,
    'version',
    'must be 1',
    stateFile(validState({ version: '1' })),
  ),
  [
    'state.json corrupt fields',
    plan(),
    1,
    `resume state ${STATE} is invalid:`,
    {
      ...stateFile(validState({ updatedAt: 'yesterday', steps: { 'opentofu-init': { status: 'done' } } })),
      more: /^( {2}- (updatedAt: |steps\.opentofu-init\.status: |missing: steps\.opentofu-init\.startedAt ).*|delete it or run with --restart)$/,
    },
  ],
  oneIssue(
    'state.json a list',
    plan(),
    `resume state ${STATE}`,
    '(top level)',
    'must be a mapping, not a list',
    stateFile('[]'),
  ),
  [
    'state.json a directory',
    plan(),
    1,
    'resume state @state/demo/sandbox/state.json is a directory; give a file path',
    stateFile({ dir: true }),
  ],
  [
    'state.json a FIFO (would block a read for ever)',
    plan(),
    1,
    'resume state @state/demo/sandbox/state.json is not a regular file (it is a named pipe)',
    stateFile({ fifo: true }),
  ],
  [
    'state.json of 20 MB',
    plan(),
    1,
    'resume state @state/demo/sandbox/state.json is 20.0 MiB; resume state files over 16 MiB are refused',
    stateFile(`${' '.repeat(20 * 1024 * 1024)}{}`),
  ],
  [
    'state.json a symlink loop',
    plan(),
    1,
    /^cannot read resume state @state\/demo\/sandbox\/state\.json: .*(ELOOP|symbolic links)/,
    stateFile({ symlink: 'state.json' }),
  ],
  [
    '--state-dir a file (plan)',
    plan('--state-dir', '@tmp/file'),
    1,
    'state directory @tmp/file is not a directory',
    { files: { file: 'x' } },
  ],
  [
    '--state-dir a file (deploy)',
    deploy('--state-dir', '@tmp/file'),
    1,
    'state directory @tmp/file is not a directory',
    { files: { file: 'x' } },
  ],
  [
    '--state-dir under a file (deploy)',
    deploy('--state-dir', '@tmp/file/state'),
    1,
    'state directory @tmp/file/state: @tmp/file is not a directory',
    { files: { file: 'x' } },
  ],
  [
    '--state-dir a symlink loop',
    deploy('--state-dir', '@tmp/loop'),
    1,
    /^state directory @tmp\/loop: .*(too many levels of symbolic links|ELOOP)/,
    { files: { loop: { symlink: 'loop' } } },
  ],
  [
    '--state-dir a dangling symlink',
    deploy('--state-dir', '@tmp/dangling'),
    1,
    'state directory @tmp/dangling is a symbolic link to @tmp/gone, which does not exist',
    { files: { dangling: { symlink: 'gone' } } },
  ],
  [
    'deploy of a standalone cluster dir that is not there, without credentials',
    ['deploy', '--cluster-dir', '@tmp/none', '--vip', '10.0.0.1', '--state-dir', '@state', '--skip-auth-check'],
    1,
    'deploying the cluster: step "openstack-preflight" failed: 2 problems:',
    {
      more: /^ {2}- (cluster directory not found: @tmp\/none|openstack credentials are incomplete: auth_url is not set \(OS_AUTH_URL.*)$/,
    },
  ],
  [
    'deploy --tofu a directory',
    deploy('--tofu', '@tmp'),
    1,
    'deploying the cluster: step "openstack-preflight" failed: the OpenTofu binary "@tmp" (--tofu, input tofu-path or opentofu.path) is not an executable file',
  ],
  [
    'deploy --kubeconfig a directory: refused before any step runs',
    deploy('--kubeconfig', '@tmp/kube'),
    1,
    'kubeconfig path @tmp/kube is a directory; give a file path',
    { files: { kube: { dir: true } }, stdout: /^$/ },
  ],
  [
    'plan --kubeconfig under a file',
    plan('--kubeconfig', '@tmp/file/kubeconfig'),
    1,
    'kubeconfig path @tmp/file/kubeconfig: @tmp/file is not a directory',
    { files: { file: 'x' } },
  ],
  [
    'deploy --kubeconfig a FIFO',
    deploy('--kubeconfig', '@tmp/fifo'),
    1,
    'kubeconfig path @tmp/fifo is not a regular file (it is a named pipe); give a file path',
    { files: { fifo: { fifo: true } }, stdout: /^$/ },
  ],
  [
    '--state-dir of 5000 characters',
    plan('--state-dir', `@tmp/${'s'.repeat(5000)}`),
    1,
    `cannot use state directory @tmp/${'s'.repeat(5000)}: file name too long`,
  ],
  [
    'deploy --os-cacert missing, the live check skipped',
    deploy('--os-cacert', '@tmp/ca.pem'),
    1,
    'deploying the cluster: step "openstack-preflight" failed: the CA bundle @tmp/ca.pem (from an explicit option) does not exist',
    // A mistake in the input: a plain re-run cannot help, so the advice says to fix it first.
    {
      stdout:
        /Resume: once the error is fixed, run the same deploy again: it resumes at openstack-preflight \(state is saved\)\n/,
    },
  ],
  [
    '--state-dir where it may not be created',
    deploy('--state-dir', '@tmp/ro/state'),
    1,
    'cannot create the state directory @tmp/ro/state/demo/sandbox: permission denied',
    { when: notRoot, files: { ro: { dir: true } }, setup: (ctx) => fs.chmod(path.join(ctx.tmp, 'ro'), 0o555) },
  ],
  [
    "the cluster's state directory read-only",
    deploy(),
    1,
    'cannot write the deploy lock @state/demo/sandbox/deploy.lock: permission denied',
    {
      when: notRoot,
      ...stateFile(validState()),
      setup: (ctx) => fs.chmod(path.join(ctx.tmp, 'state/demo/sandbox'), 0o555),
    },
  ],
  [
    'state.json unreadable',
    plan(),
    1,
    /^cannot read resume state @state\/demo\/sandbox\/state\.json: (EACCES|permission denied)/,
    {
      when: notRoot,
      ...stateFile(validState()),
      setup: (ctx) => fs.chmod(path.join(ctx.tmp, 'state/demo/sandbox/state.json'), 0o000),
    },
  ],
  [
    "the cluster's state directory a file",
    deploy(),
    1,
    'state directory @state: @state/demo is not a directory',
    { files: { 'state/demo': 'x' } },
  ],
  [
    "the cluster's logs a file",
    deploy(),
    1,
    'state directory @state: @state/demo/sandbox/logs is not a directory',
    { files: { 'state/demo/sandbox/logs': 'x' } },
  ],
  [
    'deploy --restart with state.json a directory (not read, then written)',
    deploy('--restart'),
    1,
    'resume state path @state/demo/sandbox/state.json is a directory; give a file path',
    stateFile({ dir: true }),
  ],
  [
    'deploy.lock held by a live process here',
    deploy(),
    1,
    ANOTHER(String(process.ppid), hostname().replace(/\./g, '\\.')),
    { files: { [LOCK]: lockRecord({ pid: process.ppid, host: hostname() }) } },
  ],
  [
    'deploy.lock from another host',
    deploy(),
    1,
    ANOTHER('4242', 'build-7'),
    { files: { [LOCK]: lockRecord({ pid: 4242, host: 'build-7' }) } },
  ],
  [
    'deploy.lock garbage',
    deploy(),
    1,
    'the deploy lock of demo/sandbox is unreadable: @state/demo/sandbox/deploy.lock is not a lock record; if no deploy of demo/sandbox is running, delete @state/demo/sandbox/deploy.lock',
    { files: { [LOCK]: 'garbage\n' } },
  ],
  [
    'deploy.lock empty (a crash while writing)',
    deploy(),
    1,
    'the deploy lock of demo/sandbox is unreadable: @state/demo/sandbox/deploy.lock is not a lock record; if no deploy of demo/sandbox is running, delete @state/demo/sandbox/deploy.lock',
    { files: { [LOCK]: '' } },
  ],
  [
    'deploy.lock with pid 0',
    deploy(),
    1,
    'the deploy lock of demo/sandbox is unreadable: @state/demo/sandbox/deploy.lock is not a lock record; if no deploy of demo/sandbox is running, delete @state/demo/sandbox/deploy.lock',
    { files: { [LOCK]: lockRecord({ pid: 0, host: hostname() }) } },
  ],
  [
    'deploy.lock naming a host with a line break',
    deploy(),
    1,
    'the deploy lock of demo/sandbox is unreadable: @state/demo/sandbox/deploy.lock is not a lock record; if no deploy of demo/sandbox is running, delete @state/demo/sandbox/deploy.lock',
    { files: { [LOCK]: lockRecord({ pid: 4242, host: 'evil\n::error::forged' }) } },
  ],
  [
    'deploy.lock a directory',
    deploy(),
    1,
    'the deploy lock of demo/sandbox, @state/demo/sandbox/deploy.lock, is a directory, not a lock file; if no deploy of demo/sandbox is running, delete it',
    { files: { [LOCK]: { dir: true } } },
  ],
  [
    'deploy.lock a dangling symlink',
    deploy(),
    1,
    'the deploy lock of demo/sandbox, @state/demo/sandbox/deploy.lock, is a symbolic link, not a lock file; if no deploy of demo/sandbox is running, delete it',
    { files: { [LOCK]: { symlink: '/nonexistent/lock' } } },
  ],
  [
    'deploy.lock a symlink loop',
    deploy(),
    1,
    'the deploy lock of demo/sandbox, @state/demo/sandbox/deploy.lock, is a symbolic link, not a lock file; if no deploy of demo/sandbox is running, delete it',
    { files: { [LOCK]: { symlink: 'deploy.lock' } } },
  ],
  [
    'deploy.lock a FIFO (would block a read forever)',
    deploy(),
    1,
    'the deploy lock of demo/sandbox, @state/demo/sandbox/deploy.lock, is a FIFO, not a lock file; if no deploy of demo/sandbox is running, delete it',
    { files: { [LOCK]: { fifo: true } } },
  ],
  [
    'deploy.lock unreadable',
    deploy(),
    1,
    /^cannot read the deploy lock @state\/demo\/sandbox\/deploy\.lock: .*(EACCES|permission denied)/,
    {
      when: notRoot,
      files: { [LOCK]: lockRecord({ pid: 4242, host: 'build-7' }) },
      setup: (ctx) => fs.chmod(path.join(ctx.tmp, LOCK), 0o000),
    },
  ],
  // Not errors: what a crash leaves behind, taken in stride.
  [
    '--restart with a corrupt state.json plans anyway',
    plan('--restart'),
    0,
    null,
    { ...stateFile('{"version":'), stdout: /^Deploy plan for demo\/sandbox: / },
  ],
  [
    'deploy.lock of a process that died here is taken over',
    deploy(),
    0,
    null,
    {
      files: { [LOCK]: lockRecord({ pid: 2 ** 22 + 17, host: hostname() }) },
      stdout: /took over the deploy lock of demo\/sandbox from process 4194321, which is no longer running/,
    },
  ],
];

// ---------------------------------------------------------------------------------------------
// Running a row

interface CliOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs main(argv) in this process, capturing what it writes. */
async function runMain(argv: string[]): Promise<CliOutput> {
  let stdout = '';
  let stderr = '';
  const text = (chunk: string | Uint8Array) =>
    typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    stdout += text(chunk);
    return true;
  }) as typeof process.stdout.write);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    stderr += text(chunk);
    return true;
  }) as typeof process.stderr.write);
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

let run: SandboxRun;
let baseConfig: string;
let home: string;

beforeAll(async () => {
  run = await startSandbox();
  // The sandbox config with its cluster dir by absolute path, so edited copies elsewhere still find it.
  baseConfig = (await fs.readFile(run.sandbox.configPath, 'utf8')).replace(
    /local_dir: .*/,
    `local_dir: ${path.join(run.workDir, 'gitops')}`,
  );
  home = await fs.mkdtemp(path.join(tmpdir(), 'bad-input-home-'));
});
afterAll(async () => {
  await run?.close();
  await fs.rm(home, { recursive: true, force: true });
  if (run) await fs.rm(run.workDir, { recursive: true, force: true });
});

beforeEach(() => {
  // main reads process.env: no OS_* of the machine running the tests, a HOME of our own.
  for (const name of Object.keys(process.env)) if (name.startsWith('OS_')) vi.stubEnv(name, undefined);
  vi.stubEnv('HOME', home);
  vi.stubEnv('XDG_STATE_HOME', undefined);
  vi.stubEnv('TF_CLI_CONFIG_FILE', run.env.TF_CLI_CONFIG_FILE!);
  // An upgrade saves an etcd snapshot first, encrypted with it (prepare.ts sandboxToolEnv).
  vi.stubEnv('CLUSTER_DEPLOY_ETCD_SNAPSHOT_PASSPHRASE', run.env.CLUSTER_DEPLOY_ETCD_SNAPSHOT_PASSPHRASE!);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** Puts the row's files in place: text, bytes, a directory, a symlink, a FIFO or an edited config. */
async function createFiles(ctx: Ctx, files: Record<string, FileSpec>): Promise<void> {
  for (const [name, spec] of Object.entries(files)) {
    const file = path.join(ctx.tmp, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    if (typeof spec === 'string' || Buffer.isBuffer(spec)) await fs.writeFile(file, spec);
    else if ('dir' in spec) await fs.mkdir(file, { recursive: true });
    else if ('symlink' in spec) await fs.symlink(spec.symlink, file);
    else if ('fifo' in spec) execFileSync('mkfifo', [file]);
    else await fs.writeFile(file, spec.config(ctx.baseConfig));
  }
}

function placeholders(ctx: Ctx): [string, string][] {
  return [
    ['@cluster', ctx.run.sandbox.clusterDir],
    ['@config', ctx.run.sandbox.configPath],
    ['@state', ctx.stateDir ?? path.join(ctx.tmp, 'state')],
    ['@tmp', ctx.tmp],
  ];
}

const fill = (text: string, ctx: Ctx) =>
  placeholders(ctx).reduce((s, [name, value]) => s.replaceAll(name, value), text);
/** Output with our paths put back as placeholders (the state dir first: it lies inside @tmp). */
const unfill = (text: string, ctx: Ctx) =>
  placeholders(ctx).reduce((s, [name, value]) => s.replaceAll(value, name), text);

/** The row's verdict: exit code, the one error line, allowed further lines, no stack trace. */
function check(result: CliOutput, code: number, error: string | RegExp | null, extra: Extra, ctx: Ctx): void {
  const stderr = unfill(result.stderr, ctx);
  const stdout = unfill(result.stdout, ctx);
  expect(result.code, `stderr: ${stderr}`).toBe(code);
  expect(`${stderr}${stdout}`).not.toMatch(/^\s+at /m);
  expect(`${stderr}${stdout}`).not.toContain('internal error');
  if (extra.stdout) expect(stdout).toMatch(extra.stdout);
  if (error === null) {
    expect(stderr).not.toContain('error:');
    return;
  }
  const [first = '', ...rest] = stderr.replace(/\n$/, '').split('\n');
  expect(first.startsWith('error: '), `the first line is the error: ${stderr}`).toBe(true);
  const line = first.slice('error: '.length);
  if (typeof error === 'string') expect(line).toBe(error);
  else expect(line).toMatch(error);
  for (const more of rest) expect(more, `an extra line in: ${stderr}`).toMatch(extra.more ?? /^(?!)/);
}

async function runRow(
  argv: string[],
  code: number,
  error: string | RegExp | null,
  extra: Extra = {},
  on: Omit<Ctx, 'tmp'> = { run, baseConfig },
): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(tmpdir(), 'bad-input-'));
  const ctx: Ctx = { ...on, tmp };
  try {
    await createFiles(ctx, extra.files ?? {});
    await extra.setup?.(ctx);
    for (const [name, value] of Object.entries(extra.env ?? {}))
      vi.stubEnv(name, value === undefined ? undefined : fill(value, ctx));
    check(await runMain(argv.map((arg) => fill(arg, ctx))), code, error, extra, ctx);
  } finally {
    // Rows take permissions away (read-only directories, unreadable files): give them back to clean up.
    try {
      execFileSync('chmod', ['-R', 'u+rwX', tmp]);
    } catch {
      // nothing to give back, or not ours: rm says what remains
    }
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

const table = (rows: Row[]) =>
  rows.map((row) => [...row.slice(0, 4), row[4] ?? {}] as [string, string[], number, string | RegExp | null, Extra]);
const runnable = (rows: Row[]) => table(rows).filter(([, , , , extra]) => extra.when?.() ?? true);

describe('bad input: flags', () => {
  it.each(runnable(flagRows))('%s', async (_name, argv, code, error, extra) => runRow(argv, code, error, extra));
});

describe('bad input: day-2 flags (issue 17)', () => {
  it.each(runnable(day2FlagRows))('%s', async (_name, argv, code, error, extra) => runRow(argv, code, error, extra));
});

describe('bad input: config files', () => {
  it.each(runnable(configRows))('%s', async (_name, argv, code, error, extra) => runRow(argv, code, error, extra));
});

describe('bad input: credentials (flags, OS_* variables, clouds.yaml)', () => {
  it.each(runnable(credentialRows))('%s', async (_name, argv, code, error, extra) => runRow(argv, code, error, extra));
});

describe('bad input: kubeconfig files (wait-ready, normalize-kubeconfig)', () => {
  it.each(runnable(kubeconfigRows))('%s', async (_name, argv, code, error, extra) => runRow(argv, code, error, extra));
});

describe('bad input: state and lock files', () => {
  it.each(runnable(stateRows))('%s', async (_name, argv, code, error, extra) => runRow(argv, code, error, extra));
});

// ---------------------------------------------------------------------------------------------
// Day 2 on a deployed cluster (issue 17): a wrong call refuses, and changes or forgets nothing.

/**
 * A copy of the deployed cluster dir at @tmp/fresh, as another runner or a fresh checkout has it: no
 * venv, no .terraform; the tofu state absent, empty (no resources) or copied; Kubespray kept or not.
 */
function freshClusterDir(tofuState: 'none' | 'empty' | 'copy', kubespray = true) {
  return async (ctx: Ctx) => {
    const from = ctx.run.sandbox.clusterDir;
    const to = path.join(ctx.tmp, 'fresh');
    const skip = new Set(['venv', '.terraform', 'terraform.tfstate', 'terraform.tfstate.backup']);
    if (!kubespray) skip.add('kubespray');
    await fs.cp(from, to, {
      recursive: true,
      filter: (source) => source === from || !skip.has(path.relative(from, source).split(path.sep)[0]!),
    });
    const state = path.join(to, 'terraform.tfstate');
    if (tofuState === 'copy') await fs.copyFile(path.join(from, 'terraform.tfstate'), state);
    if (tofuState === 'empty') {
      const deployed = JSON.parse(await fs.readFile(path.join(from, 'terraform.tfstate'), 'utf8'));
      await fs.writeFile(
        state,
        JSON.stringify({ ...deployed, serial: deployed.serial + 1, resources: [], outputs: {} }),
      );
    }
  };
}
const inDeployed = (command: string, ...extra: string[]) => [
  command,
  '--config',
  '@config',
  '--state-dir',
  '@state',
  '--skip-auth-check',
  ...extra,
];
const NOT_COMPLETE =
  /^(?![\s\S]*(complete: its infrastructure|Upgrade of demo\/sandbox .*complete|Resume: run the same deploy))/;
/** A refusal changed nothing: no "complete", and no advice to run it again as it is. */
const REFUSED = /^(?![\s\S]*(complete: its infrastructure|Resume:))/;

interface DeployedExtra extends Extra {
  /** A data-loss case: the tofu state and the kubeconfig must be byte for byte as the deploy left them. */
  untouched?: true;
  /** Checks the saved resume state afterwards (its path given). */
  after?: (statePath: string) => Promise<void>;
  /** Undo what setup did outside @tmp (a fail hook; the node registry is put back by itself). */
  cleanup?: (ctx: Ctx) => Promise<void>;
}
type DeployedRow = [name: string, argv: string[], code: number, error: string | RegExp | null, extra?: DeployedExtra];

const deployedRows: DeployedRow[] = [
  // 1. destroy without the tofu state the deploy made
  [
    'destroy from a cluster dir without terraform.tfstate (a fresh checkout) is refused, naming where it looked',
    inDeployed('destroy', '--cluster-dir', '@tmp/fresh', '--confirm', 'sandbox'),
    1,
    /no tofu state at @tmp\/fresh\/terraform\.tfstate/,
    { setup: freshClusterDir('none'), untouched: true, stdout: REFUSED },
  ],
  [
    'destroy with an empty tofu state while the resume state records a deploy is refused',
    inDeployed('destroy', '--cluster-dir', '@tmp/fresh', '--confirm', 'sandbox'),
    1,
    /tofu state at @tmp\/fresh\/terraform\.tfstate holds no resources/,
    { setup: freshClusterDir('empty'), untouched: true, stdout: REFUSED },
  ],
  // ... and the destroy's plan says the same, instead of "0 to destroy"
  [
    'plan --operation destroy --tofu-plan without terraform.tfstate is refused as the destroy would be',
    inDeployed('plan', '--operation', 'destroy', '--tofu-plan', '--cluster-dir', '@tmp/fresh'),
    1,
    /no tofu state at @tmp\/fresh\/terraform\.tfstate/,
    { setup: freshClusterDir('none'), untouched: true, stdout: /^(?![\s\S]*0 to destroy)/ },
  ],
  [
    'plan --operation destroy --tofu-plan with an empty tofu state while a deploy is recorded is refused',
    inDeployed('plan', '--operation', 'destroy', '--tofu-plan', '--cluster-dir', '@tmp/fresh'),
    1,
    /tofu state at @tmp\/fresh\/terraform\.tfstate holds no resources/,
    { setup: freshClusterDir('empty'), untouched: true, stdout: /^(?![\s\S]*0 to destroy)/ },
  ],
  // 2. forget-cluster without the destroy
  [
    'destroy --step forget-cluster of a deployed cluster forgets nothing',
    inDeployed('destroy', '--confirm', 'sandbox', '--step', 'forget-cluster'),
    2,
    /^destroy: --step forget-cluster .*opentofu-destroy/,
    { untouched: true, stdout: NOT_COMPLETE },
  ],
  [
    'destroy --from-step forget-cluster of a deployed cluster forgets nothing',
    inDeployed('destroy', '--confirm', 'sandbox', '--from-step', 'forget-cluster'),
    2,
    /^destroy: --from-step forget-cluster .*opentofu-destroy/,
    { untouched: true, stdout: NOT_COMPLETE },
  ],
  // 3. an upgrade that upgraded nothing
  [
    'upgrade while the API lists none of the inventory nodes fails, naming them',
    inDeployed('upgrade', '--kubernetes-version', '1.34.0'),
    1,
    /^upgrading the cluster: step "kubernetes-version-check" failed: .*sandbox-cp-0, sandbox-worker-0.*not listed by the Kubernetes API/,
    {
      setup: async (ctx) => ctx.run.sandbox.api.setNodes([]),
      untouched: true,
      stdout: NOT_COMPLETE,
    },
  ],
  [
    'upgrade while the API lists only the control plane fails, naming the missing worker',
    inDeployed('upgrade', '--kubernetes-version', '1.34.0'),
    1,
    /^upgrading the cluster: step "kubernetes-version-check" failed: .*sandbox-worker-0.*not listed by the Kubernetes API/,
    {
      setup: async (ctx) =>
        ctx.run.sandbox.api.setNodes([
          { name: 'sandbox-cp-0', ready: true, kubeletVersion: 'v1.33.5', roles: ['control-plane'] },
        ]),
      untouched: true,
      stdout: NOT_COMPLETE,
    },
  ],
  // 4. a node_resource that matches nothing of a plan that deletes a node
  [
    'deploy with a typo in opentofu.node_resource.type while the plan deletes a worker is refused before the apply',
    ['deploy', '--config', '@tmp/typo.yaml', '--state-dir', '@state', '--skip-auth-check'],
    1,
    /opentofu\.node_resource.*terraform_dta.*matches no resource of the plan.*terraform_data/,
    {
      files: { 'typo.yaml': cfg((t) => t.replace('type: terraform_data', 'type: terraform_dta')) },
      env: { TF_VAR_worker_count: '0' },
      untouched: true,
    },
  ],
  [
    'plan --tofu-plan with a typo in opentofu.node_resource.name_attribute names the setting',
    ['plan', '--config', '@tmp/typo.yaml', '--state-dir', '@state', '--skip-auth-check', '--tofu-plan'],
    1,
    /opentofu\.node_resource.*input\.nodename.*matches no resource of the plan.*terraform_data/,
    {
      files: {
        'typo.yaml': cfg((t) => t.replace('name_attribute: input.node_name', 'name_attribute: input.nodename')),
      },
      env: { TF_VAR_worker_count: '0' },
      untouched: true,
    },
  ],
  // 5. check without the tofu state
  [
    'check in a cluster dir without tofu state is refused, as the action refuses it',
    inDeployed('check', '--cluster-dir', '@tmp/fresh'),
    1,
    /no tofu state at @tmp\/fresh\/terraform\.tfstate/,
    { setup: freshClusterDir('none'), untouched: true },
  ],
  // 6. the tool's reason, and the file it read
  [
    "upgrade with a kubeconfig whose API refuses connections says kubectl's reason and names the kubeconfig",
    inDeployed('upgrade', '--kubernetes-version', '1.34.0', '--kubeconfig', '@tmp/kc'),
    1,
    /^upgrading the cluster: step "kubernetes-version-check" failed: kubectl version exited with 1: The connection to the server 127\.0\.0\.1:1 was refused.*@tmp\/kc/,
    { files: { kc: KUBECONFIG_OK('https://127.0.0.1:1') } },
  ],
  // 10. preflight asks only for what the operation's steps use
  [
    'check on a runner with the tofu state and inventory but no Kubespray checkout',
    inDeployed('check', '--cluster-dir', '@tmp/fresh'),
    0,
    null,
    { setup: freshClusterDir('copy', false), stdout: /Check of demo\/sandbox: no drift, healthy/ },
  ],
  // 11. resume advice names the operation, and only where a re-run helps
  [
    'a failed upgrade says to run the same upgrade again',
    inDeployed('upgrade', '--kubernetes-version', '1.34.0'),
    1,
    /^upgrading the cluster: step "kubespray-upgrade-control-plane" failed: ansible-playbook upgrade-cluster\.yml exited with 2/,
    {
      setup: (ctx) => fs.writeFile(path.join(ctx.run.sandbox.clusterDir, '.sandbox-fail-upgrade'), 'sandbox-cp-0\n'),
      cleanup: (ctx) => fs.rm(path.join(ctx.run.sandbox.clusterDir, '.sandbox-fail-upgrade'), { force: true }),
      stdout: /Resume: run the same upgrade again[\s\S]*$(?<![\s\S]*same deploy[\s\S]*)/,
    },
  ],
  // Probe: a secret that is also a word of the state's structure
  [
    'a credential secret equal to the cluster name leaves the resume state readable (its structure is not redacted)',
    inDeployed('deploy', '--step', 'openstack-preflight'),
    0,
    null,
    {
      env: { OS_APPLICATION_CREDENTIAL_SECRET: 'sandbox' },
      stdout: /demo\/\*\*\*/, // the console still masks it
      after: async (statePath) => {
        const state = JSON.parse(await fs.readFile(statePath, 'utf8'));
        expect(state.cluster).toBe('demo/sandbox');
        expect(Date.parse(state.updatedAt)).not.toBeNaN();
      },
    },
  ],
  [
    'a kubeconfig token of one character leaves the resume state readable',
    inDeployed('upgrade', '--kubernetes-version', '1.34.0', '--kubeconfig', '@tmp/kc'),
    1,
    /^upgrading the cluster: step "kubernetes-version-check" failed: kubectl version exited with 1: /,
    {
      files: { kc: KUBECONFIG_OK('https://127.0.0.1:1').replace(/token: .*/, 'token: x') },
      after: async (statePath) => {
        const state = JSON.parse(await fs.readFile(statePath, 'utf8'));
        expect(state.cluster).toBe('demo/sandbox');
        expect(state.operation).toBe('upgrade');
      },
    },
  ],
];

describe('bad input: day 2 on a deployed cluster (issue 17)', () => {
  let deployed: SandboxRun;
  let deployedConfig: string;
  beforeAll(async () => {
    deployed = await startSandbox();
    const first = await deployed.deploy();
    expect(first.result.error, first.console).toBeUndefined();
    deployedConfig = (await fs.readFile(deployed.sandbox.configPath, 'utf8')).replace(
      /local_dir: .*/,
      `local_dir: ${path.join(deployed.workDir, 'gitops')}`,
    );
  }, 180_000);
  afterAll(async () => {
    await deployed?.close();
    if (deployed) await fs.rm(deployed.workDir, { recursive: true, force: true });
  });

  /** What a wrong call must not change, read before the row and put back after it (rows run on one deployment). */
  const kept = () => {
    const dir = path.join(deployed.stateDir, 'demo', 'sandbox');
    return {
      tofuState: path.join(deployed.sandbox.clusterDir, 'terraform.tfstate'),
      kubeconfig: path.join(dir, 'kubeconfig'),
      state: path.join(dir, 'state.json'),
      inventory: path.join(deployed.sandbox.clusterDir, 'inventory', 'inventory.yaml'),
      registry: deployed.sandbox.registryFile,
    };
  };
  const read = async (file: string) => fs.readFile(file).catch(() => undefined);

  async function runDeployedRow(argv: string[], code: number, error: string | RegExp | null, extra: DeployedExtra) {
    const files = kept();
    const before = Object.fromEntries(
      await Promise.all(Object.entries(files).map(async ([k, f]) => [k, await read(f)] as const)),
    );
    const on = { run: deployed, baseConfig: deployedConfig, stateDir: deployed.stateDir };
    vi.stubEnv('PATH', deployed.env.PATH);
    try {
      await runRow(argv, code, error, extra, on);
      await extra.after?.(files.state);
      if (extra.untouched) {
        expect(await read(files.tofuState), 'the tofu state').toEqual(before.tofuState);
        expect(await read(files.kubeconfig), 'the kubeconfig').toEqual(before.kubeconfig);
        const state = JSON.parse((await read(files.state))!.toString());
        expect(state.destroyedAt, 'the resume state').toBeUndefined();
      }
    } finally {
      await extra.cleanup?.({ ...on, tmp: '' });
      for (const [key, file] of Object.entries(files)) {
        const content = before[key];
        if (content) await fs.writeFile(file, content);
      }
    }
  }

  const rows = () =>
    deployedRows.map(
      (row) => [...row.slice(0, 4), row[4] ?? {}] as [string, string[], number, string | RegExp | null, DeployedExtra],
    );

  it.each(rows())('%s', async (_name, argv, code, error, extra) => runDeployedRow(argv, code, error, extra), 120_000);

  // Last: it destroys the deployment the rows share.
  it('kill -9 during the destroy apply: the re-run finishes the destroy (its own empty state is no refusal) and forgets the cluster', async () => {
    const env = { ...deployed.env, TF_VAR_destroy_sleep_seconds: '15' };
    const redeploy = await deployed.deploy({}, { env });
    expect(redeploy.result.error, redeploy.console).toBeUndefined();
    const args = ['destroy', '--config', deployed.sandbox.configPath, '--state-dir', deployed.stateDir];
    const confirmed = [...args, '--skip-auth-check', '--confirm', 'sandbox'];
    let destroying!: () => void;
    const started = new Promise<void>((resolve) => (destroying = resolve));
    const first = cli(confirmed, env, (out) => {
      if (/Destroying\.\.\.|Still destroying/.test(out)) destroying();
    });
    await started;
    first.kill('SIGKILL');
    expect((await first.done).code).toBe(null);
    const statePath = path.join(deployed.stateDir, 'demo', 'sandbox', 'state.json');
    const killed = JSON.parse(await fs.readFile(statePath, 'utf8'));
    expect(killed).toMatchObject({ operation: 'destroy', deployedAt: expect.any(String) });
    expect(killed.destroyedAt).toBeUndefined();

    const again = await cli(confirmed, env).done;
    expect(again.code, `${again.stdout}${again.stderr}`).toBe(0);
    expect(again.stdout).toContain('Destroy of demo/sandbox complete');
    const tofuState = JSON.parse(
      await fs.readFile(path.join(deployed.sandbox.clusterDir, 'terraform.tfstate'), 'utf8'),
    );
    expect(tofuState.resources).toEqual([]);
    expect(JSON.parse(await fs.readFile(statePath, 'utf8')).destroyedAt).toEqual(expect.any(String));
    expect(existsSync(path.join(deployed.stateDir, 'demo', 'sandbox', 'kubeconfig'))).toBe(false);
  }, 300_000);
});

// ---------------------------------------------------------------------------------------------
// End to end: the exit codes as a shell sees them.

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface CliProcess {
  done: Promise<ProcessResult>;
  kill: (signal: NodeJS.Signals) => void;
  onStderr: (listener: (text: string) => void) => void;
}

function cli(args: string[], env: Record<string, string>, onStdout?: (text: string) => void): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), ...args], {
    cwd: root,
    env,
  });
  let stdout = '';
  let stderr = '';
  let stderrListener: ((text: string) => void) | undefined;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    onStdout?.(stdout);
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
    stderrListener?.(stderr);
  });
  return {
    done: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr }))),
    kill: (signal) => child.kill(signal),
    onStderr: (listener) => {
      stderrListener = listener;
    },
  };
}

describe('bad input: real processes', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(tmpdir(), 'bad-input-e2e-'));
  });
  afterAll(async () => fs.rm(tmp, { recursive: true, force: true }));
  const noStack = (r: ProcessResult) => expect(`${r.stderr}${r.stdout}`).not.toMatch(/^\s+at |internal error/m);

  it('exit 2 for a usage error, 1 for a missing file and a state dir that is a file, in one line each', async () => {
    const file = path.join(tmp, 'file');
    await fs.writeFile(file, 'x');
    const [usage, missing, stateDir] = await Promise.all([
      cli(['plan', '--config', run.sandbox.configPath, '--timeout', '-1s'], run.env).done,
      cli(['plan', '--config', path.join(tmp, 'missing.yaml')], run.env).done,
      cli(['deploy', '--config', run.sandbox.configPath, '--state-dir', file, '--skip-auth-check'], run.env).done,
    ]);
    expect([usage.code, usage.stderr]).toEqual([
      2,
      'error: --timeout: "-1s" is negative; give a duration like 45m, 1h30m, 90s or 500ms\n',
    ]);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      `error: config file not found: ${path.join(tmp, 'missing.yaml')}\n`,
    ]);
    expect([stateDir.code, stateDir.stderr]).toEqual([1, `error: state directory ${file} is not a directory\n`]);
    for (const r of [usage, missing, stateDir]) noStack(r);
  });

  it('exit 1 for a malformed kubeconfig, without a stack trace', async () => {
    const kubeconfig = path.join(tmp, 'kubeconfig');
    await fs.writeFile(kubeconfig, 'contexts: 5\n');
    const result = await cli(['wait-ready', '--kubeconfig', kubeconfig, '--timeout', '1s'], run.env).done;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: kubeconfig .* is invalid: contexts: [^\n]*\n$/);
    noStack(result);
  });

  it('wait-ready interrupted: exit 130, saying what was interrupted (no state to save here)', async () => {
    const kubeconfig = path.join(tmp, 'unreachable');
    await fs.writeFile(kubeconfig, KUBECONFIG_OK('https://127.0.0.1:1'));
    let waiting!: () => void;
    const started = new Promise<void>((resolve) => (waiting = resolve));
    const child = cli(['wait-ready', '--kubeconfig', kubeconfig, '--timeout', '5m'], run.env);
    child.onStderr((text) => text.includes('waiting: ') && waiting());
    await started;
    child.kill('SIGINT');
    const result = await child.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/^waiting: .*\nreceived SIGINT: interrupting the wait\nerror: interrupted\n$/);
    noStack(result);
  });

  it('two deploys at once: the second stops at once (exit 1), the first is stopped by SIGTERM (exit 130), its state saved and its lock released', async () => {
    const stateDir = path.join(tmp, 'two-at-once');
    const args = [
      'deploy',
      '--config',
      run.sandbox.configPath,
      '--state-dir',
      stateDir,
      '--skip-auth-check',
      '--from-step',
      'opentofu-init',
    ];
    let applying!: () => void;
    const applyStarted = new Promise<void>((resolve) => (applying = resolve));
    const first = cli(args, { ...run.env, TF_VAR_apply_sleep_seconds: '60' }, (out) => {
      if (/Provisioning with 'local-exec'|Still creating/.test(out)) applying();
    });
    await applyStarted;
    const second = await cli(args, run.env).done;
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(
      /^error: another deploy of demo\/sandbox is running \(process \d+ on [^)]*\); wait for it to finish, or if it is gone, delete .*deploy\.lock\n$/,
    );
    noStack(second);
    first.kill('SIGTERM');
    const interrupted = await first.done;
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toBe('error: deploying the cluster: step "opentofu-apply" failed: interrupted\n');
    noStack(interrupted);
    const state = JSON.parse(await fs.readFile(path.join(stateDir, 'demo', 'sandbox', 'state.json'), 'utf8'));
    expect(state.steps['opentofu-apply']).toMatchObject({ status: 'failed', error: 'interrupted' });
    await expect(fs.access(path.join(stateDir, 'demo', 'sandbox', 'deploy.lock'))).rejects.toThrow(); // released
  });
});
