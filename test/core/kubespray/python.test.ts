import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { choosePython, readPythonRange, type PythonRange } from '../../../src/core/kubespray/python.js';
import { writeKubesprayTree } from '../../support/kubespray-tree.js';

/** A fake interpreter: prints the version it claims (or fails as a pyenv shim without that version does). */
async function fakePython(dir: string, name: string, version: string | undefined): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const body = version === undefined ? `echo "pyenv: ${name}: command not found" >&2; exit 127` : `echo ${version}`;
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

const RANGE: PythonRange = { min: [3, 11], max: [3, 13], source: 'docs/ansible/ansible.md' };
const choose = (PATH: string, explicit?: string) =>
  choosePython({
    range: RANGE,
    kubespray: 'Kubespray v2.31.0',
    env: { PATH },
    explicit: explicit === undefined ? undefined : { value: explicit, setting: 'deployment.kubespray.python' },
  });

describe('the Python a Kubespray venv is made with', () => {
  it('reads the range from the tree’s docs table, else from what the version documents', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ks-py-'));
    await writeKubesprayTree(dir, { version: '2.33.0', python: '3.12-3.14' });
    expect(await readPythonRange(dir, 'v2.33.0')).toEqual({
      min: [3, 12],
      max: [3, 14],
      source: 'docs/ansible/ansible.md',
    });
    const bare = await mkdtemp(path.join(tmpdir(), 'ks-py-'));
    expect((await readPythonRange(bare, 'v2.32.0')).source).toBe("Kubespray v2.32's documented range");
    expect((await readPythonRange(bare)).source).toMatch(/^assumed/);
  });

  it('takes the newest python3.X on PATH inside the range, not the newer one outside it', async () => {
    const bin = await mkdtemp(path.join(tmpdir(), 'ks-py-'));
    await fakePython(bin, 'python3', '3.14.4');
    await fakePython(bin, 'python3.14', '3.14.4');
    const py311 = await fakePython(bin, 'python3.11', '3.11.15');
    const other = await mkdtemp(path.join(tmpdir(), 'ks-py-'));
    const py312 = await fakePython(other, 'python3.12', '3.12.13');
    expect(await choose(bin)).toEqual({ path: py311, version: '3.11.15', from: 'PATH' });
    expect(await choose(`${bin}:${other}`)).toEqual({ path: py312, version: '3.12.13', from: 'PATH' });
  });

  it('with none in range, lists what it found and says what to do', async () => {
    const bin = await mkdtemp(path.join(tmpdir(), 'ks-py-'));
    await fakePython(bin, 'python3', '3.14.4');
    await fakePython(bin, 'python3.13', undefined); // a pyenv shim without that version
    const error = await choose(bin).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^no Python 3.11 to 3.13 \(docs\/ansible\/ansible.md\) on PATH for Kubespray v2.31.0/,
    );
    expect((error as Error).message).toContain(`${bin}/python3 (3.14.4)`);
    expect((error as Error).message).toContain(`${bin}/python3.13 (pyenv: python3.13: command not found)`);
    expect((error as Error).message).toMatch(
      /actions\/setup-python with python-version: '3.13'.*deployment.kubespray.python, --python, or input python/,
    );
    await expect(choose(await mkdtemp(path.join(tmpdir(), 'ks-py-')))).rejects.toThrow(/found no python3 at all/);
  });

  it('finds the machine’s real interpreter', async () => {
    const chosen = await choose('/usr/bin');
    expect(chosen.version).toMatch(/^3\.1[1-3]\./);
    expect(path.dirname(chosen.path)).toBe('/usr/bin');
  });

  it('an explicit interpreter must run and be inside the range', async () => {
    const bin = await mkdtemp(path.join(tmpdir(), 'ks-py-'));
    const py314 = await fakePython(bin, 'python3.14', '3.14.4');
    const py311 = await fakePython(bin, 'python3.11', '3.11.15');
    expect(await choose('/nowhere', py311)).toEqual({
      path: py311,
      version: '3.11.15',
      from: 'deployment.kubespray.python',
    });
    expect(await choose(bin, 'python3.11')).toMatchObject({ path: py311 });
    const cases: [string, RegExp][] = [
      [py314, /python: .*python3.14 is Python 3.14.4; Kubespray v2.31.0 supports Python 3.11 to 3.13/],
      ['python3.9', /"python3.9" is not an executable file or a command on PATH/],
      [bin, /is not an executable file/],
      ['', /"" is not an executable file/],
      ['/etc/passwd', /(is not an executable file|did not run as Python)/],
    ];
    for (const [value, error] of cases) await expect(choose(bin, value)).rejects.toThrow(error);
    const broken = await fakePython(bin, 'python3.12', undefined);
    await expect(choose(bin, broken)).rejects.toThrow(/did not run as Python: pyenv: python3.12: command not found/);
  });
});
