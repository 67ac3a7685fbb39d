import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandExecutor } from '../../../src/core/lib/command.js';
import {
  bastionProxyArgs,
  checkReachable,
  checkSshArgs,
  parsePingOutput,
  type ReachabilityOptions,
} from '../../../src/core/kubespray/reachability.js';
import { Redactor } from '../../../src/core/lib/redact.js';

/**
 * The real `ansible` against inventory hosts whose SSH port refuses (a closed port) or black-holes
 * (a local port that accepts and never says a word, as a firewall that drops would leave it).
 */
let blackHole: net.Server;
let blackHolePort: number;
const sockets: net.Socket[] = [];
beforeAll(async () => {
  blackHole = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  blackHolePort = (blackHole.address() as net.AddressInfo).port;
});
afterAll(() => {
  for (const socket of sockets) socket.destroy();
  blackHole.close();
});

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function inventory(hosts: Record<string, string>): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ks-reach-'));
  const file = path.join(dir, 'inventory.yaml');
  const lines = ['all:', '  hosts:', ...Object.entries(hosts).map(([name, vars]) => `    ${name}: {${vars}}`)];
  lines.push('  children:', '    k8s_cluster:', '      hosts:');
  for (const name of Object.keys(hosts).filter((n) => n !== 'bastion')) lines.push(`        ${name}: {}`);
  await writeFile(file, `${lines.join('\n')}\n`);
  return { dir, file };
}

const options = (
  inv: { dir: string; file: string },
  hosts: string[],
  extra: Partial<ReachabilityOptions> = {},
): ReachabilityOptions => ({
  ansible: 'ansible',
  inventory: inv.file,
  hosts,
  cwd: inv.dir,
  env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: inv.dir, ANSIBLE_LOCAL_TEMP: path.join(inv.dir, 'tmp') },
  timeoutSeconds: 3,
  exec: commandExecutor({ redactor: new Redactor() }),
  ...extra,
});

const LOCAL = 'ansible_connection: local, ansible_python_interpreter: /usr/bin/python3';

describe('unreachable hosts found before a playbook runs', () => {
  it('names every unreachable host with its SSH error in one error; reachable ones pass', async () => {
    const refused = await closedPort();
    const inv = await inventory({
      'cp-0': LOCAL,
      'w-refuses': `ansible_host: 127.0.0.1, ansible_port: ${refused}, ansible_user: nobody`,
      'w-black-hole': `ansible_host: 127.0.0.1, ansible_port: ${blackHolePort}, ansible_user: nobody`,
    });
    const error = await checkReachable(options(inv, ['k8s_cluster'])).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^2 of 3 hosts cannot be reached over SSH \(ansible -m ping, 3 s timeout\): /);
    expect(message).toContain(`w-refuses: ssh: connect to host 127.0.0.1 port ${refused}: Connection refused`);
    expect(message).toMatch(/w-black-hole: Connection timed out during banner exchange/);
    expect(message).not.toContain('cp-0');
    expect(message).toMatch(/Check the SSH key and user \(ssh-private-key, ssh-user\)/);
  }, 60_000);

  it('checks only the hosts given, and passes when they answer', async () => {
    const inv = await inventory({
      'cp-0': LOCAL,
      'w-1': LOCAL,
      'w-gone': `ansible_host: 127.0.0.1, ansible_port: ${await closedPort()}`,
    });
    const results = await checkReachable(options(inv, ['cp-0', 'w-1']));
    expect(results.map((r) => [r.host, r.status]).sort()).toEqual([
      ['cp-0', 'SUCCESS'],
      ['w-1', 'SUCCESS'],
    ]);
    expect(await checkReachable(options(inv, []))).toEqual([]);
  }, 60_000);

  it('goes through the inventory’s bastion as Kubespray does; an unreachable bastion is named as such', async () => {
    const refused = await closedPort();
    const inv = await inventory({
      bastion: `ansible_host: 127.0.0.1, ansible_port: ${refused}, ansible_user: jump`,
      'cp-0': 'ansible_host: 10.0.0.10, ansible_user: ubuntu',
    });
    const message = await checkReachable(
      options(inv, ['k8s_cluster'], {
        bastion: { address: '127.0.0.1', port: refused, user: 'jump' },
        privateKeyFile: '/keys/id',
      }),
    ).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(message).toMatch(/^2 of 2 hosts cannot be reached/);
    expect(message).toContain(
      `bastion (the bastion): ssh: connect to host 127.0.0.1 port ${refused}: Connection refused`,
    );
    // cp-0 was tried through the bastion (its own address is not routable here): ssh's proxy fails the same way
    // (or, on a loaded machine, the outer ssh's 3 s ends the wait for the proxied banner first, or the proxy's end
    // closes under the banner exchange: "banner exchange: Connection to UNKNOWN port 65535: Broken pipe").
    expect(message).toMatch(
      new RegExp(
        `cp-0: .*(port ${refused}: Connection refused|Connection closed|timed out during banner exchange|banner exchange: .*Broken pipe)`,
      ),
    );
  }, 60_000);

  it('an inventory ansible cannot read is its own error', async () => {
    const inv = await inventory({ 'cp-0': LOCAL });
    await writeFile(inv.file, 'all: [\n');
    await expect(checkReachable(options(inv, ['k8s_cluster']))).rejects.toThrow(
      /^the reachability check matched no host of .*inventory.yaml for k8s_cluster \(\[WARNING\]: .*\): check the inventory/,
    );
  }, 60_000);
});

/**
 * A host that drops packets, without root: a listening socket with a backlog of 0 whose accept
 * queue is already full (one connection, never accepted). Linux then drops further SYNs
 * (net.ipv4.tcp_abort_on_overflow is 0), so the client sees nothing and retransmits, as with a
 * firewall's DROP or a private address seen from a hosted runner. (This machine's own network is
 * 192.0.2.0/24, and the other test addresses are refused by its gateway, not dropped.)
 */
let dropper: ChildProcess;
let dropPort: number;
beforeAll(async () => {
  dropper = spawn(
    'python3',
    [
      '-c',
      [
        'import socket, sys, time',
        's = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(0)',
        'c = socket.create_connection(s.getsockname())',
        'print(s.getsockname()[1], flush=True)',
        'time.sleep(600)',
      ].join('\n'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  dropPort = await new Promise<number>((resolve) => dropper.stdout!.once('data', (d: Buffer) => resolve(Number(d))));
});
afterAll(() => dropper.kill());

describe("a host that drops packets is named within the check's timeout, whatever ansible.cfg says", () => {
  it("under Kubespray's ansible.cfg (ConnectionAttempts=100) the check makes one attempt", async () => {
    const inv = await inventory({
      'cp-0': LOCAL,
      'w-dropped': `ansible_host: 127.0.0.1, ansible_port: ${dropPort}, ansible_user: nobody`,
    });
    // Kubespray v2.31.0's ansible.cfg [ssh_connection] (the reference in kubespray-day2.md).
    await writeFile(
      path.join(inv.dir, 'ansible.cfg'),
      '[ssh_connection]\npipelining=True\nssh_args = -o ControlMaster=auto -o ControlPersist=30m -o ConnectionAttempts=100 -o UserKnownHostsFile=/dev/null\n[defaults]\nhost_key_checking=False\n',
    );
    // With 100 attempts this would take 100 × (2 + 1) s, past this test's limit.
    const message = await checkReachable(options(inv, ['k8s_cluster'], { timeoutSeconds: 2 })).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(message).toMatch(/^1 of 2 hosts cannot be reached over SSH \(ansible -m ping, 2 s timeout\): /);
    expect(message).toMatch(
      new RegExp(`w-dropped: .*ssh: connect to host 127.0.0.1 port ${dropPort}: Connection timed out`),
    );
  }, 45_000);

  it.each([
    [
      "Kubespray's ansible.cfg",
      {},
      '-o ControlMaster=auto -o ControlPersist=30m -o UserKnownHostsFile=/dev/null -o ConnectionAttempts=1 -o ConnectTimeout=5',
    ],
    [
      'ANSIBLE_SSH_ARGS from the environment wins over ansible.cfg',
      { ANSIBLE_SSH_ARGS: '-o ConnectTimeout=99 -C' },
      '-C -o ConnectionAttempts=1 -o ConnectTimeout=5',
    ],
    [
      'the option written with a space and in another case',
      { ANSIBLE_SSH_ARGS: '-o connectionattempts 7 -oConnectTimeout=3 -o ForwardAgent=no' },
      '-o ForwardAgent=no -o ConnectionAttempts=1 -o ConnectTimeout=5',
    ],
  ])('%s', async (_, env, expected) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ks-sshargs-'));
    await writeFile(
      path.join(dir, 'ansible.cfg'),
      '[defaults]\nssh_args = not-this-section\n[ssh_connection]\nssh_args = -o ControlMaster=auto -o ControlPersist=30m -o ConnectionAttempts=100 -o UserKnownHostsFile=/dev/null\n',
    );
    expect(checkSshArgs(dir, env, 5)).toBe(expected);
  });

  it("without any ansible.cfg: Ansible's default ssh_args, one attempt", () => {
    expect(checkSshArgs('/nonexistent', {}, 4)).toBe(
      '-C -o ControlMaster=auto -o ControlPersist=60s -o ConnectionAttempts=1 -o ConnectTimeout=4',
    );
  });
});

describe('reading ansible -o', () => {
  it('keeps each host’s status and the whole SSH message', () => {
    expect(
      parsePingOutput([
        'a | SUCCESS => {"changed": false, "ping": "pong"}',
        'b | UNREACHABLE!: Failed to connect to the host via ssh: Connection timed out during banner exchange',
        'Connection to 127.0.0.1 port 4 timed out',
        'c | FAILED! => {"msg": "python not found"}',
      ]),
    ).toEqual([
      { host: 'a', status: 'SUCCESS', message: '{"changed": false, "ping": "pong"}' },
      {
        host: 'b',
        status: 'UNREACHABLE!',
        message:
          'Failed to connect to the host via ssh: Connection timed out during banner exchange Connection to 127.0.0.1 port 4 timed out',
      },
      { host: 'c', status: 'FAILED!', message: '{"msg": "python not found"}' },
    ]);
  });

  it('builds Kubespray’s bastion hop, quoting what needs it', () => {
    expect(bastionProxyArgs({ address: '203.0.113.5', user: 'ubuntu' }, '/tmp/key')).toBe(
      "-o ProxyCommand='ssh -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no -W %h:%p -p 22 ubuntu@203.0.113.5 -i /tmp/key'",
    );
    expect(bastionProxyArgs({ address: 'b', port: 2222 }, '/tmp/my key')).toContain('-p 2222 b -i "/tmp/my key"');
    // The check's hop gives up as fast as the check.
    expect(bastionProxyArgs({ address: 'b' }, undefined, 3)).toContain(
      '-o ConnectTimeout=3 -o ConnectionAttempts=1 -W',
    );
  });
});
