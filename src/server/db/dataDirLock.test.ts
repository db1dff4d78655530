import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataDirInUse, lockDataDir } from './dataDirLock.js';

const LOCK_MODULE = fileURLToPath(new URL('./dataDirLock.ts', import.meta.url));
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

/**
 * A process that has exited but that its parent has not reaped, as a crashed server under a parent
 * that never waits for it: the shell starts it, then becomes a `sleep`, which reaps nothing. It
 * exits a second later, once the shell is surely the sleep.
 */
function unreapedProcess(): Promise<string> {
  const parent = spawn('sh', ['-c', '(sleep 1) & echo $!; exec sleep 60']);
  children.push(parent);
  return new Promise((resolve, reject) =>
    parent.stdout.once('data', (data: Buffer) => {
      const pid = data.toString().trim();
      const waitForExit = () => {
        try {
          if (readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')) resolve(pid);
          else setTimeout(waitForExit, 20);
        } catch (error) {
          reject(new Error(`process ${pid} was reaped before the test saw it exit`, { cause: error }));
        }
      };
      waitForExit();
    }),
  );
}

/** The id of a process that has ended, as a server that crashed leaves in its lock. */
const endedProcess = (): number => spawnSync('true').pid;

/**
 * A process that tries to take the folder at `startAt` (spinning until then, so that all start
 * together) and keeps what it took until the test ends: 'took' or 'refused'.
 */
function racer(dir: string, startAt: number): Promise<string> {
  const script = `
    import { lockDataDir } from ${JSON.stringify(LOCK_MODULE)};
    while (Date.now() < ${startAt});
    try { lockDataDir(${JSON.stringify(dir)}); console.log('took'); } catch { console.log('refused'); }
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script]);
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`racer exited with ${code}`)));
  });
}

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
    expect(existsSync(`${dir}.lock.takeover`)).toBe(false);
    release();
  });

  it('takes over a lock left by a process that has exited but is not yet reaped', async () => {
    const dir = dataDir();
    const pid = await unreapedProcess();
    const startTime = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(`${dir}.lock`, `${pid} ${startTime}`);
    const release = lockDataDir(dir);
    expect(lockText(dir).split(' ')[0]).toBe(String(process.pid));
    release();
  });

  it('leaves a stale lock to the process already taking it over, and keeps what it wrote', () => {
    const dir = dataDir();
    const stale = `${endedProcess()}`;
    writeFileSync(`${dir}.lock`, stale);
    const taker = liveProcess();
    writeFileSync(`${dir}.lock.takeover`, `${taker}`);
    expect(() => lockDataDir(dir)).toThrow(`Another process (${taker}) is opening the embedded database`);
    expect(lockText(dir)).toBe(stale);
    expect(readFileSync(`${dir}.lock.takeover`, 'utf8')).toBe(`${taker}`);
  });

  it('gives a stale lock to exactly one of several processes that find it at the same moment', async () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, `${endedProcess()}`);
    const startAt = Date.now() + 1000;
    const racers = Array.from({ length: 6 }, () => racer(dir, startAt));
    const outcomes = await Promise.all(racers);
    expect(outcomes.filter((outcome) => outcome === 'took').length).toBe(1);
    expect(outcomes.filter((outcome) => outcome === 'refused').length).toBe(5);
  }, 30_000);

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
