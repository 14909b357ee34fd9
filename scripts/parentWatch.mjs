// Stopping `npm start` by any means must stop everything it started. A signal sent to npm alone
// (a terminal closing, `kill PID`) does not always travel down: npm runs the script through
// `sh -c`, which neither passes SIGTERM or SIGHUP on nor dies of them all alike, and npm itself
// dies of a SIGHUP without telling its children. scripts/run.mjs and its children were left behind.
// So each of our launchers also watches the processes that started it, and shuts down like on
// SIGTERM when one of them is gone.
//
// It must parse and run under Node 18 (scripts/run.mjs imports it).
import { readFileSync } from 'node:fs';

/** "state starttime" of a process from /proc (Linux), or null when it is gone or unreadable. */
function procIdentity(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3), fields[19] the start time (field 22): a reused pid differs.
    return { state: fields[0], start: fields[19], ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

function procName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The processes whose end means "stop": our parent, and when we run as an npm script behind
 * npm's `sh -c`, npm above that shell too.
 */
function watchedAncestors() {
  const watched = [process.ppid];
  const shell = /^(sh|dash|bash|ash|zsh)$/.test(procName(process.ppid));
  if (process.env.npm_lifecycle_event && shell) {
    const parent = procIdentity(process.ppid);
    if (parent && parent.ppid > 1) watched.push(parent.ppid);
  }
  return watched.map((pid) => ({ pid, identity: procIdentity(pid) }));
}

function gone({ pid, identity }) {
  if (pid === process.ppid && !identity) return false; // no /proc: the ppid check below decides
  const now = procIdentity(pid);
  if (!identity) return false;
  return !now || now.state === 'Z' || now.start !== identity.start;
}

/**
 * Calls `onGone` once when the process that started us (or npm above its shell) has exited.
 * Polls; the timer does not keep this process alive.
 */
export function whenParentGone(onGone, intervalMs = 500) {
  const parent = process.ppid;
  const watched = watchedAncestors();
  const timer = setInterval(() => {
    // process.ppid is read afresh on every access: re-parented to init or a subreaper = orphaned.
    if (process.ppid === parent && !watched.some(gone)) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The signals that stop a launcher: Ctrl+C, kill, and a closing terminal. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
