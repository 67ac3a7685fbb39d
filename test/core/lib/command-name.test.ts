import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandFailedError, commandExecutor, commandName } from '../../../src/core/lib/command.js';
import { Redactor } from '../../../src/core/lib/redact.js';

const venv = '/home/runner/.cache/cluster-deploy/venv/bin';
const kubeconfig = '/tmp/cluster-deploy-Xy12ab/kubeconfig';

/** The argv shapes the steps really build (src/core/tofu, kubespray, steps, capi, kube), and what names them. */
const BUILT: [string, string[], string][] = [
  ['tofu init', ['/usr/local/bin/tofu', 'init', '-no-color', '-input=false', '-lockfile=readonly'], 'tofu init'],
  ['tofu plan', ['terraform', 'plan', '-no-color', '-input=false', '-out=/tmp/run/tfplan'], 'terraform plan'],
  ['tofu apply', ['tofu', 'apply', '-no-color', '-input=false', '/tmp/run/tfplan'], 'tofu apply'],
  ['tofu show', ['tofu', 'show', '-json', '/tmp/run/tfplan'], 'tofu show'],
  ['tofu -chdir', ['tofu', '-chdir=/srv/cluster', 'plan', '-destroy'], 'tofu plan'],
  ['python -m venv', ['/usr/bin/python3', '-m', 'venv', '--clear', `${venv}/..`], 'python3 -m venv'],
  ['python3.12 -m venv', ['python3.12', '-m', 'venv', '/tmp/v'], 'python3.12 -m venv'],
  ['pip install', [`${venv}/pip`, 'install', '-r', '/k/requirements.txt', '--no-cache-dir'], 'pip install'],
  ['pip --version', [`${venv}/pip`, '--version'], 'pip'],
  [
    'ansible-playbook',
    [`${venv}/ansible-playbook`, '-i', '/k/inventory/hosts.yaml', '/k/upgrade-cluster.yml', '-b', '-e', '@/tmp/x.json'],
    'ansible-playbook upgrade-cluster.yml',
  ],
  [
    'ansible-playbook facts',
    ['ansible-playbook', '-i', 'hosts.yml', 'playbooks/facts.yml'],
    'ansible-playbook facts.yml',
  ],
  [
    'ansible ping',
    [`${venv}/ansible`, '-i', '/k/hosts.yaml', 'all', '-m', 'ansible.builtin.ping', '-o', '-T', '10', '-f', '100'],
    'ansible -m ansible.builtin.ping',
  ],
  [
    'kubectl get nodes',
    ['kubectl', '--kubeconfig', kubeconfig, '--request-timeout=10s', 'get', 'nodes'],
    'kubectl get nodes',
  ],
  [
    'kubectl --kubeconfig=',
    ['kubectl', `--kubeconfig=${kubeconfig}`, 'get', 'nodes', '-o', 'json'],
    'kubectl get nodes',
  ],
  ['kubectl --context -n', ['kubectl', '--context', 'prod', '-n', 'kube-system', 'get', 'pods'], 'kubectl get pods'],
  ['kubectl get --raw', ['kubectl', '--kubeconfig', kubeconfig, 'get', '--raw', '/readyz'], 'kubectl get'],
  [
    'kubectl apply',
    ['kubectl', '--kubeconfig', kubeconfig, 'apply', '--server-side', '--force-conflicts', '-f', '/tmp/m.yaml'],
    'kubectl apply',
  ],
  [
    'kubectl get types',
    ['kubectl', '--kubeconfig', kubeconfig, 'get', 'clusters.cluster.x-k8s.io,machines', '-n', 'capi'],
    'kubectl get',
  ],
  [
    'clusterctl init',
    ['clusterctl', 'init', '--kubeconfig', kubeconfig, '--core', 'cluster-api:v1.8.0'],
    'clusterctl init',
  ],
  [
    'clusterctl generate cluster',
    ['clusterctl', 'generate', 'cluster', 'demo', '--from', '/t.yaml', '--kubernetes-version', 'v1.31.0'],
    'clusterctl generate cluster',
  ],
  [
    'clusterctl move',
    ['clusterctl', 'move', '--kubeconfig', kubeconfig, '--to-kubeconfig', kubeconfig],
    'clusterctl move',
  ],
  ['kind delete cluster', ['kind', 'delete', 'cluster', '--name', 'cluster-deploy-demo'], 'kind delete cluster'],
  ['kind get clusters', ['kind', 'get', 'clusters'], 'kind get clusters'],
  [
    'git ls-remote',
    ['git', 'ls-remote', 'https://github.com/kubernetes-sigs/kubespray', 'refs/tags/v2.26.0'],
    'git ls-remote',
  ],
  ['git -C fetch', ['git', '-C', '/tmp/kubespray-abc', 'fetch', '-q', '--depth', '1', 'https://x/y'], 'git fetch'],
  ['git -C -c checkout', ['git', '-C', '/tmp/k', '-c', 'advice.detachedHead=false', 'checkout', '-q'], 'git checkout'],
  [
    'git -c -c rev-parse',
    ['git', '-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/x', 'rev-parse', 'HEAD'],
    'git rev-parse',
  ],
  ['git clone', ['git', 'clone', '--depth', '1', 'https://x/kubespray.git', '/tmp/k'], 'git clone'],
  ['git cat-file', ['git', 'cat-file', '-e', 'abc123^{commit}'], 'git cat-file'],
  ['tar', ['tar', '-xzf', '/tmp/k.tar.gz', '-C', '/tmp/tree', '--no-same-owner'], 'tar'],
  ['node -e', [process.execPath, '-e', 'process.exit(4)'], 'node'],
];

const LONG = 'a'.repeat(10_000);

/** argv a careless or hostile configuration could produce: nothing but plain words may come out. */
const HOSTILE: [string, string[], string][] = [
  ['a -var secret', ['tofu', 'plan', '-var=password=hunter2', '-var', 'token=s3cr3t'], 'tofu plan'],
  ['a secret right after the subcommand', ['tofu', 'apply', 'password=hunter2'], 'tofu apply'],
  ['a secret as a global option value', ['kubectl', '--token', 'abcdefsecret', 'get', 'nodes'], 'kubectl get nodes'],
  ['an unknown tool whose option takes a value', ['mytool', '--password', 'hunter', 'deploy'], 'mytool'],
  ['python -c code', ['python3', '-c', 'import os; print(os.environ)'], 'python3'],
  ['python script before -m', ['python3', '/tmp/run.py', '-m', 'venv'], 'python3'],
  ['a module that is not a name', ['python3', '-m', '/tmp/evil'], 'python3'],
  ['options only', ['tofu', '-chdir=/tmp/x', '-no-color'], 'tofu'],
  ['a dangling value option', ['kubectl', '--kubeconfig'], 'kubectl'],
  ['a dangling -m', ['python3', '-m'], 'python3'],
  ['empty argv', [], '?'],
  ['an empty program', ['', 'plan'], '? plan'],
  ['a path as first word', ['tofu', '/tmp/cluster-deploy-abc/secrets.env'], 'tofu'],
  ['a relative path', ['kubectl', 'apply/../../etc'], 'kubectl'],
  ['an env-file path', ['git', '-C', '/tmp/x', '/tmp/x/.env'], 'git'],
  ['a URL', ['git', 'https://user:pw@host/repo'], 'git'],
  ['a newline inside an arg', ['tofu', 'plan\nerror: forged'], 'tofu'],
  ['a newline in the second word', ['kubectl', 'get', 'nodes\n::error::x'], 'kubectl get'],
  ['a newline in the program', ['/bin/to\nfu', 'plan'], 'to?fu plan'],
  ['a 10 kB arg', ['tofu', LONG], 'tofu'],
  ['a 10 kB second word', ['kubectl', 'get', LONG], 'kubectl get'],
  ['a 10 kB program', [`/x/${LONG}`, 'plan'], `${'a'.repeat(64)}… plan`],
  ['a 10 kB playbook', ['ansible-playbook', `${LONG}.yml`], 'ansible-playbook'],
  ['a playbook name with a newline', ['ansible-playbook', '-i', 'h.yml', 'x\n::error::.yml'], 'ansible-playbook'],
  ['an inventory that looks like a playbook', ['ansible-playbook', '-i', '/k/hosts.yaml'], 'ansible-playbook'],
  ['capitals and underscores', ['kubectl', 'Get', 'nodes'], 'kubectl'],
  ['three words', ['tofu', 'state', 'rm', 'module'], 'tofu state rm'],
  ['-- ends the options', ['kubectl', '--', 'get'], 'kubectl'],
];

describe('commandName', () => {
  it.each(BUILT)('names %s as its program and subcommand', (_, argv, name) => {
    expect(commandName(argv)).toBe(name);
  });

  it.each(HOSTILE)('%s: prints only plain words', (_, argv, name) => {
    const shown = commandName(argv);
    expect(shown).toBe(name);
    expect(shown).toMatch(/^[\w.+?…-]+(?: [\w.-]+){0,2}$/);
    expect(shown.length).toBeLessThanOrEqual(65 + 2 * 65);
    for (const secret of ['hunter', 's3cr3t', 'abcdefsecret', '/tmp', 'error', 'pw@'])
      expect(shown).not.toContain(secret);
  });

  it('is the name a failure, the log line and the lock are given', async () => {
    const lines: string[] = [];
    const spawned: string[] = [];
    const output = Object.assign(() => undefined, { log: (line: string) => lines.push(line) });
    const exec = commandExecutor({
      redactor: new Redactor(),
      output,
      onSpawn: (_pid, command) => spawned.push(command),
    });
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const dir = mkdtempSync(path.join(tmpdir(), 'name-'));
    // a real git: a repository that does not exist is its exit 128
    const failed = exec({ argv: ['git', '-C', dir, 'clone', '-q', path.join(dir, 'none'), 'x'], cwd: dir, env });
    await expect(failed).rejects.toThrow(CommandFailedError);
    await expect(failed).rejects.toThrow(/^git clone exited with 128$/);
    expect(lines.at(-1)).toMatch(/^git clone: exit 128 after [\d.]+m?s$/);
    expect(spawned).toEqual(['git clone']);
    // A program that is not there is named as it was given, alone: what to install or put on PATH.
    await expect(exec({ argv: ['/no/such/tofu', 'plan', '-var=password=x'], cwd: dir, env })).rejects.toThrow(
      /^command not found: \/no\/such\/tofu \(working directory [^)]+\); install it or put it on PATH$/,
    );
  });
});
