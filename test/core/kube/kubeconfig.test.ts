import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { UserError } from '../../../src/core/lib/errors.js';
import {
  kubeconfigEndpoint,
  kubeconfigSecrets,
  normalizeKubeconfig,
  rewriteLoopbackServer,
} from '../../../src/core/kube/kubeconfig.js';

const kubeconfig = `# written by kubespray
apiVersion: v1
kind: Config
clusters:
  - name: cluster.local
    cluster:
      certificate-authority-data: Q0EtREFUQQ==
      server: https://127.0.0.1:6443/base   # the local endpoint
  - name: other
    cluster:
      server: https://api.other.example:443
contexts:
  - name: admin@cluster.local
    context: {cluster: cluster.local, user: admin}
current-context: admin@cluster.local
users:
  - name: admin
    user:
      client-certificate-data: Q0VSVA==
      client-key-data: S0VZLUNBTkFSWQ==
      token: 'server: https://127.0.0.1:6443'
`;

describe('kubeconfig normalisation', () => {
  it('rewrites loopback hosts keeping scheme, port and path', () => {
    expect(rewriteLoopbackServer('https://127.0.0.1:6443', '10.2.128.5')).toBe('https://10.2.128.5:6443');
    expect(rewriteLoopbackServer('https://localhost/k8s', '10.2.128.5')).toBe('https://10.2.128.5/k8s');
    expect(rewriteLoopbackServer('https://[::1]:443', '10.2.128.5')).toBe('https://10.2.128.5:443');
    expect(rewriteLoopbackServer('https://127.0.0.1:6443', 'fd00::5')).toBe('https://[fd00::5]:6443');
    expect(rewriteLoopbackServer('https://127.0.0.10:6443', '10.2.128.5')).toBe('https://127.0.0.10:6443');
    expect(rewriteLoopbackServer('https://localhost.example:6443', '10.2.128.5')).toBe(
      'https://localhost.example:6443',
    );
  });

  it('changes only loopback servers and keeps every other byte', () => {
    const { text, changes } = normalizeKubeconfig(kubeconfig, '10.2.128.5', 'admin.conf');
    expect(changes).toEqual([
      { cluster: 'cluster.local', from: 'https://127.0.0.1:6443/base', to: 'https://10.2.128.5:6443/base' },
    ]);
    expect(text).toBe(
      kubeconfig.replace('server: https://127.0.0.1:6443/base', 'server: https://10.2.128.5:6443/base'),
    );
    // the token that merely looks like a server line is untouched
    expect(text).toContain("token: 'server: https://127.0.0.1:6443'");
  });

  it('is idempotent', () => {
    const once = normalizeKubeconfig(kubeconfig, '10.2.128.5', 'k').text;
    const twice = normalizeKubeconfig(once, '10.2.128.5', 'k');
    expect(twice.changes).toEqual([]);
    expect(twice.text).toBe(once);
  });

  it('gives a clear error for a file that is not YAML', () => {
    expect(() => normalizeKubeconfig('clusters: [\n  - {', '10.0.0.1', '/x/admin.conf')).toThrow(
      /kubeconfig \/x\/admin\.conf is not valid YAML/,
    );
    expect(() => normalizeKubeconfig('- a\n- b\n', '10.0.0.1', 'k')).toThrow(
      'kubeconfig k must be a YAML mapping (key: value) at the top level, but it is a list',
    );
  });

  it('finds the current endpoint and the secret leaves, decoded too', () => {
    expect(kubeconfigEndpoint(kubeconfig, 'k')).toBe('https://127.0.0.1:6443/base');
    const secrets = kubeconfigSecrets(kubeconfig, 'k');
    expect(secrets).toContain('S0VZLUNBTkFSWQ==');
    expect(secrets).toContain('KEY-CANARY');
    expect(secrets).toContain('server: https://127.0.0.1:6443');
    expect(secrets).not.toContain('Q0EtREFUQQ==');
  });
});

/** A kubeconfig whose one user is `user` (YAML flow or block text, indented under `user:`). */
const withUser = (user: string) =>
  `clusters: [{name: c, cluster: {server: 'https://api:6443'}}]\nusers:\n- name: u\n  user:\n${user.replace(/^/gm, '    ')}\n`;

describe('the credentials of auth plugins (client-go AuthInfo: auth-provider, exec)', () => {
  it.each([
    [
      'oidc id-token',
      'auth-provider: {name: oidc, config: {id-token: eyJhbGciOi.canary.sig}}',
      ['eyJhbGciOi.canary.sig'],
    ],
    ['oidc refresh-token', 'auth-provider: {name: oidc, config: {refresh-token: rt-canary-1}}', ['rt-canary-1']],
    ['oidc client-secret, short', 'auth-provider: {name: oidc, config: {client-secret: s3cr}}', ['s3cr']],
    ['azure access-token, short', 'auth-provider: {name: azure, config: {access-token: at}}', ['at']],
    [
      'any other config value',
      'auth-provider: {name: x, config: {apikey: other-credential-9}}',
      ['other-credential-9'],
    ],
    [
      'a short config value under no credential name (masked everywhere, it would spoil every log)',
      'auth-provider: {name: gcp, config: {cmd-path: gcloud, expiry-key: x}}',
      [],
    ],
    [
      'exec env value',
      'exec: {command: x, env: [{name: VAULT_ADDR_OPTS, value: env-canary-value}]}',
      ['env-canary-value'],
    ],
    ['exec env value under a secret name, short', 'exec: {command: x, env: [{name: API_TOKEN, value: tk}]}', ['tk']],
    ['exec env value, short, under another name', 'exec: {command: x, env: [{name: AWS_PROFILE, value: prod}]}', []],
    [
      'null and empty leaves',
      'auth-provider: {config: {id-token: null, x: ""}}\nexec: {env: [{name: A}, {name: B, value: null}]}',
      [],
    ],
    ['empty plugins', 'auth-provider: ~\nexec: {env: ~}', []],
  ])('%s', (_, user, values) => {
    expect(kubeconfigSecrets(withUser(user), 'k')).toEqual(values);
  });

  it.each([
    [
      'a config value that is a number',
      'auth-provider: {config: {id-token: 5}}',
      /users\.0\.user\.auth-provider\.config\.id-token: must be a string, not a number/,
    ],
    [
      'config that is a list',
      'auth-provider: {config: [a]}',
      /users\.0\.user\.auth-provider\.config: must be a mapping, not a list/,
    ],
    ['exec env that is a mapping', 'exec: {env: {A: b}}', /users\.0\.user\.exec\.env: must be a list, not a mapping/],
    [
      'an exec env value that is a list',
      'exec: {env: [{name: A, value: [b]}]}',
      /users\.0\.user\.exec\.env\.0\.value: must be a string, not a list/,
    ],
    ['tokenFile that is a number', 'tokenFile: 7', /users\.0\.user\.tokenFile: must be a string, not a number/],
  ])('refuses %s, as kubectl does', (_, user, message) => {
    expect(messageOf(() => kubeconfigSecrets(withUser(user), '/x/admin.conf'))).toMatch(message);
  });
});

describe('the key and token files a kubeconfig names', () => {
  const KEY =
    '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIKeyFileCanaryBody0123456789abcdefABCDEF\n-----END EC PRIVATE KEY-----\n';
  const TOKEN = 'token-file-canary-0123456789';
  const dir = mkdtempSync(path.join(tmpdir(), 'kubeconfig-files-'));
  mkdirSync(path.join(dir, 'keys'));
  writeFileSync(path.join(dir, 'keys', 'client.key'), KEY);
  writeFileSync(path.join(dir, 'token'), `${TOKEN}\n`);
  writeFileSync(path.join(dir, 'huge.key'), 'k'.repeat(65 * 1024));
  expect(spawnSync('mkfifo', [path.join(dir, 'fifo')]).status).toBe(0);
  const file = path.join(dir, 'config');

  it.each([
    ['client-key relative to the kubeconfig', 'client-key: keys/client.key', [KEY]],
    ['tokenFile, absolute', `tokenFile: ${path.join(dir, 'token')}`, [`${TOKEN}\n`]],
    ['both', 'client-key: keys/client.key\ntokenFile: token', [KEY, `${TOKEN}\n`]],
    ['a missing file (kubectl reports it)', 'client-key: keys/missing.key', []],
    ['a directory', 'tokenFile: keys', []],
    ['a named pipe (not waited on)', 'tokenFile: fifo', []],
    ['a file larger than a key', 'client-key: huge.key', []],
    ['an empty name', "client-key: ''", []],
  ])('%s', (_, user, values) => {
    expect(kubeconfigSecrets(withUser(user), 'k', file)).toEqual(values);
  });

  it("reads no file for a kubeconfig that was not read from one (decrypted, or a tool's output)", () => {
    expect(kubeconfigSecrets(withUser(`tokenFile: ${path.join(dir, 'token')}`), 'from input x')).toEqual([]);
  });
});

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected a UserError');
}

describe('malformed kubeconfigs', () => {
  const readers = {
    kubeconfigSecrets: (text: string) => kubeconfigSecrets(text, '/x/admin.conf'),
    kubeconfigEndpoint: (text: string) => kubeconfigEndpoint(text, '/x/admin.conf'),
    normalizeKubeconfig: (text: string) => normalizeKubeconfig(text, '10.0.0.1', '/x/admin.conf'),
  };
  const cases = [
    {
      text: 'users: 3\n',
      message: /^kubeconfig \/x\/admin\.conf is invalid: users: must be a list, not a number$/,
    },
    {
      text: 'contexts: 5\n',
      message: /^kubeconfig \/x\/admin\.conf is invalid: contexts: must be a list, not a number$/,
    },
    {
      text: 'clusters: "x"\n',
      message: /^kubeconfig \/x\/admin\.conf is invalid: clusters: must be a list, not a string$/,
    },
    {
      text: 'clusters: [3]\n',
      message: /^kubeconfig \/x\/admin\.conf is invalid: clusters\.0: must be a mapping, not a number$/,
    },
    {
      text: 'clusters: [{cluster: {server: 5}}]\n',
      message: /^kubeconfig \/x\/admin\.conf is invalid: clusters\.0\.cluster\.server: must be a string, not a number$/,
    },
    {
      text: 'users: [{name: a, user: [1]}]\n',
      message: /^kubeconfig \/x\/admin\.conf is invalid: users\.0\.user: must be a mapping, not a list$/,
    },
    {
      text: 'current-context: [a]\n',
      message: /^kubeconfig \/x\/admin\.conf is invalid: current-context: must be a string, not a list$/,
    },
    {
      text: '- a\n- b\n',
      message: /^kubeconfig \/x\/admin\.conf must be a YAML mapping \(key: value\) at the top level, but it is a list$/,
    },
    {
      text: '',
      message: /^kubeconfig \/x\/admin\.conf must be a YAML mapping \(key: value\) at the top level, but it is empty$/,
    },
    {
      text: '\u007fELF\u0002\u0001\u0001\u0000',
      message:
        /^kubeconfig \/x\/admin\.conf is not valid YAML: control character U\+007F at line 1 \(a binary file\?\)$/,
    },
  ];
  it.each(Object.entries(readers).flatMap(([name, read]) => cases.map((c) => ({ name, read, ...c }))))(
    '$name: $text',
    ({ read, text, message }) => {
      expect(messageOf(() => read(text))).toMatch(message);
    },
  );
});

/** The server values of a kubeconfig text, as kubectl will read them. */
const serversOf = (text: string) =>
  (YAML.parse(text) as { clusters: { cluster: { server: unknown } }[] }).clusters.map((c) => c.cluster.server);

describe('loopback servers', () => {
  it.each([
    { server: '127.0.0.1:6443', vip: '10.2.128.5', to: '10.2.128.5:6443' },
    { server: 'localhost:6443', vip: '10.2.128.5', to: '10.2.128.5:6443' },
    { server: "'[::1]:6443'", vip: '10.2.128.5', to: '10.2.128.5:6443' },
    { server: '127.0.0.1:6443/base', vip: 'api.example.com', to: 'api.example.com:6443/base' },
    { server: "'https://[0:0:0:0:0:0:0:1]:6443'", vip: '10.2.128.5', to: 'https://10.2.128.5:6443' },
    { server: 'HTTPS://LOCALHOST:6443', vip: '10.2.128.5', to: 'HTTPS://10.2.128.5:6443' },
    // an IPv6 VIP in a plain scalar: a leading [ would start a flow sequence, so it is quoted
    { server: '127.0.0.1:6443', vip: 'fd00::5', to: '[fd00::5]:6443' },
    { server: 'https://127.0.0.1:6443', vip: '[fd00::5]', to: 'https://[fd00::5]:6443' },
    // a bare host rewritten plain stays a string (single-label names like "null" are refused as VIPs)
    { server: 'localhost', vip: 'null.example', to: 'null.example' },
    { server: 'https://127.0.0.1:6443/$&$`', vip: '10.2.128.5', to: 'https://10.2.128.5:6443/$&$`' },
    { server: '"https://127.0.0.1:6443"', vip: 'fd00::5', to: 'https://[fd00::5]:6443' },
    { server: '|-\n        https://127.0.0.1:6443', vip: '10.2.128.5', to: 'https://10.2.128.5:6443' },
  ])('rewrites $server to $to (VIP $vip), as kubectl will read it', ({ server, vip, to }) => {
    const text = `clusters:\n- name: c\n  cluster:\n    server: ${server}\n- name: d\n  cluster: {server: ${server.startsWith('|') ? '"x:1"' : server}}\n`;
    const { text: out, changes } = normalizeKubeconfig(text, vip, 'k');
    expect(serversOf(out)[0]).toBe(to);
    if (!server.startsWith('|')) expect(serversOf(out)[1]).toBe(to); // the same in a flow mapping
    expect(changes[0]).toMatchObject({ cluster: 'c', to });
    expect(normalizeKubeconfig(out, vip, 'k').changes).toEqual([]);
  });

  it('rewrites a server shared through an alias once', () => {
    const text =
      'clusters:\n- name: a\n  cluster: &shared {server: "https://127.0.0.1:6443"}\n- name: b\n  cluster: *shared\n';
    const { text: out } = normalizeKubeconfig(text, '10.0.0.9', 'k');
    expect(out).toBe(text.replace('127.0.0.1', '10.0.0.9'));
  });

  it.each([
    'https://127.0.0.10:6443',
    'https://api.other.example:443',
    '10.0.0.9:6443',
    'api:6443',
    'https://localhost.example:6443',
  ])('leaves %s alone (a re-run finds no loopback server and is fine)', (server) => {
    const text = `clusters:\n- name: c\n  cluster: {server: '${server}'}\n`;
    expect(normalizeKubeconfig(text, '10.2.128.5', 'k')).toEqual({ text, changes: [] });
  });

  it.each([{ clusters: 'clusters: []\n' }, { clusters: 'clusters:\n' }, { clusters: 'apiVersion: v1\nusers: []\n' }])(
    'refuses a kubeconfig without clusters: $clusters',
    ({ clusters }) => {
      expect(messageOf(() => normalizeKubeconfig(clusters, '10.2.128.5', '/x/admin.conf'))).toBe(
        "kubeconfig /x/admin.conf has no clusters: the deploy tooling's kubeconfig is incomplete",
      );
    },
  );

  it.each([
    {
      cluster: '{name: c, cluster: {server: not a url}}',
      message: 'kubeconfig k: cluster "c" (clusters.0) has server "not a url", which is not a URL or host:port',
    },
    {
      cluster: '{name: c, cluster: {server: ""}}',
      message: 'kubeconfig k: cluster "c" (clusters.0) has server "", which is not a URL or host:port',
    },
    {
      cluster: '{name: c, cluster: {server: "https://"}}',
      message: 'kubeconfig k: cluster "c" (clusters.0) has server "https://", which is not a URL or host:port',
    },
    {
      cluster: '{name: c, cluster: {server: "127.0.0.1:port"}}',
      message: 'kubeconfig k: cluster "c" (clusters.0) has server "127.0.0.1:port", which is not a URL or host:port',
    },
    { cluster: '{name: c, cluster: {}}', message: 'kubeconfig k: cluster "c" (clusters.0) has no server' },
    { cluster: '{cluster: {server: ~}}', message: 'kubeconfig k: cluster (clusters.0) has no server' },
  ])('refuses $cluster, naming the cluster', ({ cluster, message }) => {
    expect(messageOf(() => normalizeKubeconfig(`clusters: [${cluster}]\n`, '10.2.128.5', 'k'))).toBe(message);
  });

  it.each(['10.0.0.1\n    insecure-skip-tls-verify: true', 'http://10.0.0.1', '10.0.0.1:6443', ''])(
    'never writes a VIP that is not a host: %j',
    (vip) => {
      expect(messageOf(() => normalizeKubeconfig(kubeconfig, vip, 'k'))).toBe(
        `VIP: ${JSON.stringify(vip)} is not an IP address or DNS name (e.g. 10.0.0.5, fd00::5, api.example.com)`,
      );
      expect(messageOf(() => rewriteLoopbackServer('https://127.0.0.1:6443', vip))).toBe(
        `VIP: ${JSON.stringify(vip)} is not an IP address or DNS name (e.g. 10.0.0.5, fd00::5, api.example.com)`,
      );
    },
  );
});
