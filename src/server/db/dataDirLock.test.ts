import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirInUse, lockDataDir } from './dataDirLock.js';

const folders: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function dataDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'chopchop-lock-'));
  folders.push(folder);
  return path.join(folder, 'db');
}

/** A process that lives until the test ends, as a server beside the command would. */
function liveProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** The id of a process that has ended, as a server that crashed leaves in its lock. */
const endedProcess = (): number => spawnSync('true').pid;

/** The lock file's text: "pid start-time". */
const lockText = (dir: string) => readFileSync(`${dir}.lock`, 'utf8');

describe('the embedded database is open in one process at a time', () => {
  it('refuses a second opening of the folder while the first holds it, and allows it once released', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses a folder another live process holds, naming it', () => {
    const dir = dataDir();
    const pid = liveProcess();
    const startTime = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(`${dir}.lock`, `${pid} ${startTime}`);
    expect(() => lockDataDir(dir)).toThrow(`is open in process ${pid}`);
    expect(lockText(dir)).toBe(`${pid} ${startTime}`);
  });

  it.each([
    ['a process that has ended (a crash)', () => `${endedProcess()}`],
    ['this process in a former life (a container restarted with the same id)', () => `${process.pid} 1`],
    ['an id now given to another process', () => `${liveProcess()} 1`],
  ])('takes over a lock left by %s', (_who, holder) => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, holder());
    const release = lockDataDir(dir);
    expect(lockText(dir).split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it('refuses a half-written lock: its writer is opening the folder right now', () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, '');
    expect(() => lockDataDir(dir)).toThrow('is open in another process');
  });

  it('opens the embedded database of a folder once: a command run beside the server is refused before it touches a file', async () => {
    const dir = dataDir();
    const database = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUse);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 60_000);
});
