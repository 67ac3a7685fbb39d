import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadClusterConfig, parseClusterConfig } from '../../../src/core/model/config.js';

const valid = `
schema_version: "2.0"
opencenter:
  meta: {name: prod, organization: acme, env: prod}
  cluster: {cluster_name: prod-east, kubernetes: {version: 1.33.5}}
  services: {cert-manager: {enabled: true}}
  infrastructure:
    provider: openstack
    networking: {vrrp_enabled: true}
    cloud: {openstack: {auth_url: "https://keystone.example.com:5000/v3", region: RegionOne}}
  gitops: {repository: {local_dir: ./gitops}}
secrets: {sops: {age_public_key: age1xyz}}
`;

describe('cluster config', () => {
  it('accepts unknown fields and applies the reference defaults', () => {
    const config = parseClusterConfig(valid, 'c.yaml');
    expect(config.opencenter.infrastructure.networking.vrrp_ip).toBe('10.2.128.5');
    expect(config.deployment.method).toBe('kubespray');
    expect(config.opentofu.enabled).toBe(true);
    expect(config.opentofu.backend.type).toBe('local');
  });

  it('lists every bad field by dotted path in one error', () => {
    const bad = valid
      .replace('provider: openstack', 'provider: openstak')
      .replace('https://keystone.example.com:5000/v3', 'keystone')
      .replace('vrrp_enabled: true', 'vrrp_enabled: "yes"');
    let message = '';
    try {
      parseClusterConfig(bad, 'c.yaml');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^c\.yaml is invalid:/);
    expect(message).toContain('opencenter.infrastructure.provider');
    expect(message).toContain('opencenter.infrastructure.cloud.openstack.auth_url');
    expect(message).toContain('opencenter.infrastructure.networking.vrrp_enabled');
  });

  it('rejects another schema version with the reference message', () => {
    expect(() => parseClusterConfig(valid.replace('"2.0"', '"1.0"'), 'c.yaml')).toThrow(
      'invalid schema version for cluster prod-east: expected 2.0, got "1.0"',
    );
  });

  it('says when the file is not YAML', () => {
    expect(() => parseClusterConfig('a: [1, 2', 'c.yaml')).toThrow(/c\.yaml is not valid YAML/);
  });

  it.each([
    {
      case: 'a second document',
      text: `${valid}---\nschema_version: "2.0"\n`,
      message: /^c\.yaml holds more than one YAML document \(another starts at line 13, column 1\); give one$/,
    },
    {
      case: 'a duplicate key',
      text: `${valid}schema_version: "2.0"\n`,
      message:
        /^c\.yaml is not valid YAML: duplicate key "schema_version" at line 13, column 1 \(first at line 2, column 1\)$/,
    },
    {
      case: 'a top-level list',
      text: '- schema_version: "2.0"\n',
      message: /^c\.yaml must be a YAML mapping \(key: value\) at the top level, but it is a list$/,
    },
    {
      case: 'a syntax error next to a secret, without quoting it',
      text: 'secrets: {password: [hunter2-canary\n',
      message: /^c\.yaml is not valid YAML: [^\n]* at line \d+, column \d+$/,
    },
  ])('refuses $case', ({ text, message }) => {
    expect(() => parseClusterConfig(text, 'c.yaml')).toThrow(message);
  });

  it('lists a single bad field on one line', () => {
    expect(() => parseClusterConfig(valid.replace('provider: openstack', 'provider: openstak'), 'c.yaml')).toThrow(
      /^c\.yaml is invalid: opencenter\.infrastructure\.provider: [^\n]+$/,
    );
  });

  it.each([
    {
      case: 'over 1 MiB, refused by its size without being read',
      setup: async (dir: string) => {
        const file = path.join(dir, 'huge.yaml');
        await fs.writeFile(file, valid);
        await fs.truncate(file, 49 * 1024 * 1024);
        return file;
      },
      message: (file: string) => `config file ${file} is 49.0 MiB; config files over 1 MiB are refused`,
    },
    {
      case: 'a directory',
      setup: async (dir: string) => dir,
      message: (file: string) => `config file ${file} is a directory; give a file path`,
    },
    {
      case: 'a named pipe, which would block the read forever',
      setup: async (dir: string) => {
        const fifo = path.join(dir, 'fifo.yaml');
        expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
        return fifo;
      },
      message: (file: string) => `config file ${file} is not a regular file (it is a named pipe)`,
    },
    {
      case: 'missing',
      setup: async (dir: string) => path.join(dir, 'nope.yaml'),
      message: (file: string) => `config file not found: ${file}`,
    },
  ])('refuses a config file that is $case', async ({ setup, message }) => {
    const dir = await fs.mkdtemp(path.join(tmpdir(), 'config-'));
    try {
      const file = await setup(dir);
      expect(() => loadClusterConfig(file)).toThrow(message(file));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('quotes a config path with a newline in messages, so that it cannot forge a line', async () => {
    const dir = await fs.mkdtemp(path.join(tmpdir(), 'config-'));
    try {
      const file = path.join(dir, 'c.yaml\nerror: forged');
      await fs.writeFile(file, 'a: [1\n');
      expect(() => loadClusterConfig(file)).toThrow(/^[^\n]*$/);
      expect(() => loadClusterConfig(file)).toThrow(`${JSON.stringify(file)} is not valid YAML`);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('cluster config: unknown keys', () => {
  const withDeployment = (deployment: string) => `${valid}deployment:\n${deployment}`;
  const messageOf = (text: string) => {
    try {
      parseClusterConfig(text, 'c.yaml');
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it.each([
    [
      'a misspelt version',
      valid.replace('version: 1.33.5', 'verison: 1.33.5'),
      'opencenter.cluster.kubernetes.verison: not a setting this tool knows; did you mean version?',
    ],
    [
      'a misspelt method',
      withDeployment('  methd: kubespray\n'),
      'deployment.methd: not a setting this tool knows; did you mean method?',
    ],
    [
      'a misspelt Kubespray key',
      withDeployment('  kubespray: {ssh_usr: ubuntu}\n'),
      'deployment.kubespray.ssh_usr: not a setting this tool knows; did you mean ssh_user?',
    ],
    [
      'any unknown key where only this tool reads',
      withDeployment('  kubespray: {colour: blue}\n'),
      'deployment.kubespray.colour: not a setting this tool knows; remove it',
    ],
    [
      'an unknown Cluster API key',
      withDeployment('  method: cluster-api\n  cluster_api: {workers: 3}\n'),
      'deployment.cluster_api.workers: not a setting this tool knows; remove it',
    ],
    [
      'a misspelt key in a list item',
      valid.replace('networking: {vrrp_enabled: true}', 'networking: {vrrp_enabeld: true}'),
      'did you mean vrrp_enabled?',
    ],
    [
      'a misspelt short key (one edit from opentofu.path)',
      `${valid}opentofu:\n  pth: /usr/bin/tofu\n`,
      'opentofu.pth: not a setting this tool knows; did you mean path?',
    ],
  ])('refuses %s, naming its path', (_name, text, expected) => {
    expect(messageOf(text)).toContain(expected);
  });

  it.each([
    ['another tool’s sections', valid],
    [
      'a key near a known one that is set as well (both are meant)',
      valid.replace('kubernetes: {version: 1.33.5}', 'kubernetes: {version: 1.33.5, versions: [1.33.5]}'),
    ],
    [
      'a short key two edits from a short known one (opentofu.path: too far to be its typo)',
      `${valid}opentofu:\n  id: 7\n`,
    ],
  ])('accepts %s', (_name, text) => {
    expect(messageOf(text)).toBe('accepted');
  });

  it.each([
    [
      'a line break and a terminal escape in a key',
      '"vers\\nion\\u001b[31m": 1',
      'deployment.kubespray."vers\\u000aion\\u001b[31m": not a setting',
    ],
    ['a 1000-character key', `"${'y'.repeat(1000)}": 1`, `deployment.kubespray."${'y'.repeat(64)}…": not a setting`],
    ['a number as a key', '7: 1', 'deployment.kubespray.7: not a setting'],
  ])('shows %s safely, in one line', (_name, key, expected) => {
    const message = messageOf(withDeployment(`  kubespray:\n    ${key}\n`));
    expect(message).toContain(expected);
    expect(message.split('\n')).toHaveLength(2);
  });

  it('lists at most 20 unknown keys of a file that has thousands', () => {
    const keys = Array.from({ length: 3000 }, (_, i) => `    extra_${i}: 1`).join('\n');
    const message = messageOf(withDeployment(`  kubespray:\n${keys}\n`));
    expect(message).toMatch(/^c\.yaml: 3000 unknown keys\n/);
    expect(message.split('\n')).toHaveLength(22);
    expect(message).toMatch(/ … and 2980 more$/);
  });

  it('names every unknown key in one error', () => {
    const message = messageOf(withDeployment('  methd: kubespray\n  kubespray: {verson: v2.31.0, extra: 1}\n'));
    expect(message).toMatch(/^c\.yaml: 3 unknown keys\n/);
    for (const key of ['deployment.methd', 'deployment.kubespray.verson', 'deployment.kubespray.extra'])
      expect(message).toContain(`  ${key}: not a setting`);
  });
});
