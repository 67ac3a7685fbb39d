import { describe, expect, it } from 'vitest';
import { parseClusterConfig } from '../../src/core/config.js';

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
});
