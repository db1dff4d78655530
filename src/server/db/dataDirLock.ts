import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/** Opening the embedded database refused: another live process has it open. */
export class DataDirInUse extends Error {}

/** The lock files this process holds: a lock naming this process that is not among them is a former life's. */
const held = new Set<string>();

/**
 * What Linux's /proc/PID/stat says of a process: its state (field 3; Z for one that has exited
 * and not yet been reaped by its parent) and when it started, in clock ticks since boot (field
 * 22), which with the id names one process where an id alone may have been given to another
 * since. Undefined where there is no /proc, or no such process.
 */
function procStat(pid: number): { state: string | undefined; startTime: string | undefined } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return undefined;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names ("pid start-time"), undefined while its writer has not written it yet. */
function holderOf(lockFile: string): { pid: number; startTime: string | undefined } | undefined {
  try {
    const [pid, startTime] = readFileSync(lockFile, 'utf8').trim().split(' ');
    const id = Number(pid);
    return Number.isSafeInteger(id) && id > 0 ? { pid: id, startTime } : undefined;
  } catch {
    return undefined;
  }
}

function holderIsAlive(lockFile: string, { pid, startTime }: { pid: number; startTime: string | undefined }): boolean {
  if (pid === process.pid) return held.has(lockFile);
  if (!processExists(pid)) return false;
  const now = procStat(pid);
  // A process that has exited stays in the table until its parent reaps it, forever where nothing does.
  if (now?.state === 'Z' || now?.state === 'X') return false;
  return startTime === undefined || now?.startTime === undefined || now.startTime === startTime;
}

function inUse(dataDir: string, holder: { pid: number } | undefined): DataDirInUse {
  return new DataDirInUse(
    `The embedded database in ${dataDir} is open in ${holder ? `process ${holder.pid}` : 'another process'} ` +
      '(the server, or another command). Stop it first: only one process may open it at a time. ' +
      `If no such process is running, delete ${dataDir}.lock.`,
  );
}

/** Creates `file` holding this process's name ("pid start-time"); false when it exists already. */
function createNamingThisProcess(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  writeSync(fd, `${process.pid} ${procStat(process.pid)?.startTime ?? ''}`.trim());
  closeSync(fd);
  return true;
}

/**
 * Removes the lock a dead process left, holding `${lockFile}.takeover` meanwhile: of processes that
 * all found it stale at once (a server restarting beside a command after a crash), only one
 * removes it, and none can remove the lock another has just taken in its place. A takeover file
 * whose process is gone (it died in those few microseconds) is for the operator to delete.
 */
function removeStaleLock(dataDir: string, lockFile: string): void {
  const takeover = `${lockFile}.takeover`;
  if (!createNamingThisProcess(takeover)) {
    const other = holderOf(takeover);
    throw new DataDirInUse(
      `Another process${other ? ` (${other.pid})` : ''} is opening the embedded database in ${dataDir} right now. ` +
        `If no such process is running, delete ${takeover}.`,
    );
  }
  try {
    const holder = holderOf(lockFile);
    if (!holder || holderIsAlive(lockFile, holder)) throw inUse(dataDir, holder);
    rmSync(lockFile, { force: true });
  } finally {
    rmSync(takeover, { force: true });
  }
}

/**
 * Takes the embedded database's folder for this process, or throws DataDirInUse naming the process
 * that has it. PGlite takes no lock of its own: a second process opening the folder (a command
 * run beside the server) writes over the first's pages and WAL and leaves a database that no
 * longer opens. The lock is a file beside the folder (not in it, where a backup of the folder
 * would carry it) naming its holder; one whose process is gone, after a crash, is taken over,
 * also when its id now belongs to another process (a container restarted). Answers the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (createNamingThisProcess(lockFile)) {
      held.add(lockFile);
      return () => {
        held.delete(lockFile);
        if (holderOf(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
      };
    }
    const holder = holderOf(lockFile);
    if (!holder || holderIsAlive(lockFile, holder)) throw inUse(dataDir, holder);
    removeStaleLock(dataDir, lockFile);
  }
  throw new DataDirInUse(`Another process took the embedded database in ${dataDir} while this one was opening it.`);
}
