import { describe, expect, it } from 'vitest';
import { parseApiHost, urlHost } from '../../../src/core/lib/address.js';
import { UserError } from '../../../src/core/lib/errors.js';

describe('parseApiHost', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['  10.2.128.5\n', '10.2.128.5'],
    ['::1', '::1'],
    ['[fd00::1]', 'fd00::1'],
    ['fd00:0:0:0:0:0:0:1', 'fd00::1'],
    ['[FD00::A]', 'fd00::a'],
    ['api.example.com', 'api.example.com'],
    ['k8s-api.internal', 'k8s-api.internal'],
    ['API.Example.com', 'API.Example.com'],
    [`${'a'.repeat(63)}.example.com`, `${'a'.repeat(63)}.example.com`],
  ])('accepts %j as %j', (value, host) => {
    expect(parseApiHost(value, '--vip')).toBe(host);
  });

  it.each([
    ['', 'empty'],
    ['not an ip', 'a space'],
    ['not-an-ip', 'a single label (not fully qualified)'],
    ['10.0.0.1\n    insecure-skip-tls-verify: true', 'a newline and more YAML'],
    ['http://10.0.0.1', 'a URL'],
    ['10.0.0.1:6443', 'a port'],
    ['[10.0.0.1]', 'IPv4 in brackets'],
    ['[fd00::1', 'an unclosed bracket'],
    ['fe80::1%eth0', 'an IPv6 zone'],
    ['-host', 'a label starting with a hyphen'],
    ['host-', 'a label ending with a hyphen'],
    [`${'a'.repeat(64)}.example.com`, 'a 64-character label'],
    [`${'abcdefghi.'.repeat(30)}com`, 'a 303-character name'],
    ['a..b', 'an empty label'],
    ['api.example.com.', 'a trailing dot'],
    ['10.0.0.256', 'an IPv4 lookalike (all-numeric last label)'],
    ['010.0.0.1', 'an IPv4 address with leading zeros'],
    ['bücher.example', 'unicode'],
    ['api_server', 'an underscore'],
  ])('refuses %j (%s), naming where it came from', (value) => {
    let error: unknown;
    try {
      parseApiHost(value, '--vip');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value); // a huge value is cut, not echoed whole
    expect((error as Error).message).toBe(
      `--vip: ${shown} is not an IP address or DNS name (e.g. 10.0.0.5, fd00::5, api.example.com)`,
    );
  });
});

describe('urlHost', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['fd00::1', '[fd00::1]'],
    ['api.example.com', 'api.example.com'],
  ])('writes %j as %j in a URL', (host, written) => {
    expect(urlHost(host)).toBe(written);
  });
});
