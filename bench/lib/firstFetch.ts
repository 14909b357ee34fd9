// How long a new Node process's first request takes to leave, with fetch() and with node:http:
// Node loads fetch's HTTP client (undici) on first use, and a new CLI process's first search
// request pays for it before it reaches the network. Measured against a loopback server, which
// notes when each request arrives; the child prints when it called, so the gap is the client's.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const once = (how: 'fetch' | 'http') =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', CHILD, url, how], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(arrivals[arrivals.length - 1]! - Number(out.trim())));
    });
  const median = async (how: 'fetch' | 'http') => {
    const gaps: number[] = [];
    for (let i = 0; i < runs; i++) gaps.push(await once(how));
    return gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
  };
  try {
    return { fetch: await median('fetch'), http: await median('http') };
  } finally {
    server.close();
  }
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
  const once = () =>
    new Promise<ProcessFloor>((resolve, reject) => {
      const spawned = Date.now();
      const child = spawn(process.execPath, ['-e', FLOOR_CHILD, url], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve({ answeredMs: Number(out.trim()) - spawned, exitMs: Date.now() - spawned }));
    });
  const samples: ProcessFloor[] = [];
  for (let i = 0; i < runs; i++) samples.push(await once());
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { answeredMs: median(samples.map((s) => s.answeredMs)), exitMs: median(samples.map((s) => s.exitMs)) };
}
