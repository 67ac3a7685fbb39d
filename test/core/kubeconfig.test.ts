import { describe, expect, it } from 'vitest';
import { kubeconfigEndpoint, kubeconfigSecrets, normalizeKubeconfig, rewriteLoopbackServer } from '../../src/core/kubeconfig.js';

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
    expect(rewriteLoopbackServer('https://localhost.example:6443', '10.2.128.5')).toBe('https://localhost.example:6443');
  });

  it('changes only loopback servers and keeps every other byte', () => {
    const { text, changes } = normalizeKubeconfig(kubeconfig, '10.2.128.5', 'admin.conf');
    expect(changes).toEqual([{ cluster: 'cluster.local', from: 'https://127.0.0.1:6443/base', to: 'https://10.2.128.5:6443/base' }]);
    expect(text).toBe(kubeconfig.replace('server: https://127.0.0.1:6443/base', 'server: https://10.2.128.5:6443/base'));
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
    expect(() => normalizeKubeconfig('clusters: [\n  - {', '10.0.0.1', '/x/admin.conf')).toThrow(/kubeconfig \/x\/admin\.conf is not valid YAML/);
    expect(() => normalizeKubeconfig('- a\n- b\n', '10.0.0.1', 'k')).toThrow(/is not a kubeconfig/);
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
