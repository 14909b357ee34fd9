// How long a new Node process's first request takes to leave, with fetch() and with node:http:
// Node loads fetch's HTTP client (undici) on first use, and a new CLI process's first search
// request pays for it before it reaches the network. Measured against a loopback server, which
// notes when each request arrives; the child prints when it called, so the gap is the client's.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { median } from './median';

const CHILD = `
const url = process.argv[1], how = process.argv[2];
const t = Date.now();
if (how === 'fetch') fetch(url).then((r) => r.text()).then(() => console.log(t));
else require('node:http').get(url, (r) => { r.resume(); r.on('end', () => console.log(t)); });
`;

/** Median ms from the call to the server's arrival, over `runs` new processes each. */
export async function firstRequestLeavesMs(runs = 3): Promise<{ fetch: number; http: number }> {
  const arrivals: number[] = [];
  const server = createServer((_req, res) => {
    arrivals.push(Date.now());
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const once = async (how: 'fetch' | 'http') => {
    const called = Number(await childOutput(CHILD, [url, how]));
    return arrivals[arrivals.length - 1]! - called;
  };
  const gaps = async (how: 'fetch' | 'http') => {
    const measured: number[] = [];
    for (let i = 0; i < runs; i++) measured.push(await once(how));
    return median(measured);
  };
  try {
    return { fetch: await gaps('fetch'), http: await gaps('http') };
  } finally {
    server.close();
  }
}

/** What a new Node process running `script` printed, once it has exited. */
function childOutput(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out.trim()));
  });
}

/** What no CLI process can beat: a new Node process that only sends one request and reads its answer. */
export interface ProcessFloor {
  /** Spawn to the answer read (the floor of "first cards from outside"). */
  answeredMs: number;
  /** Spawn to the process's exit. */
  exitMs: number;
}

const FLOOR_CHILD = `
require('node:http').get(process.argv[1], (r) => { r.resume(); r.on('end', () => console.log(Date.now())); });
`;

/**
 * Medians over `runs` new processes, each sending one GET to `url` (the stand-in's search, with
 * its latency) and nothing else: Node's own start-up and exit on this machine, with no code of ours.
 */
export async function newProcessFloor(url: string, runs = 5): Promise<ProcessFloor> {
  const samples: ProcessFloor[] = [];
  for (let i = 0; i < runs; i++) {
    const spawned = Date.now();
    const answered = Number(await childOutput(FLOOR_CHILD, [url]));
    samples.push({ answeredMs: answered - spawned, exitMs: Date.now() - spawned });
  }
  return { answeredMs: median(samples.map((s) => s.answeredMs)), exitMs: median(samples.map((s) => s.exitMs)) };
}
