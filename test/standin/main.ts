// Standalone stand-in: every remote service citefinder talks to, on one loopback port, for the
// offline demo (`npm start -- --offline`) and for trying the CLI by hand.
//
//   node out/test/standin/main.js [--port N] [--latency arxiv=3000,doi=500]
//
// The LLM endpoint answers with the scripted model of test/e2e/scriptedLlm.ts (routing and judge
// JSON derived from the prompt, a short chat answer citing [1]), so chat works offline too.
// Line 1 of stdout is JSON {"url": ..., "settings": {...}} (settings keys as in
// src/core/settings/index.ts, without the `citefinder.` prefix). Then it stays up until SIGINT/SIGTERM
// or until stdin closes when started with --exit-with-stdin (so a parent that dies takes it along).
import type { StandInService } from './server';
import { startStandIn } from './index';
import { installOpenAi } from './openai';
import { scriptedReply, scriptedTool } from '../e2e/scriptedLlm';

interface Args {
  port: number;
  latency: Partial<Record<StandInService, number>>;
  exitWithStdin: boolean;
}

function parseLatency(text: string): Partial<Record<StandInService, number>> {
  const latency: Partial<Record<StandInService, number>> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [service, ms] = pair.split('=');
    const value = Number(ms);
    if (!service || !Number.isFinite(value) || value < 0) throw new Error(`Bad --latency entry "${pair}" (want service=ms)`);
    latency[service as StandInService] = value;
  }
  return latency;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { port: 0, latency: {}, exitWithStdin: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = (): string => inline ?? argv[++i] ?? '';
    if (flag === '--port') args.port = Number(value());
    else if (flag === '--latency') args.latency = parseLatency(value());
    else if (flag === '--exit-with-stdin') args.exitWithStdin = true;
    else throw new Error(`Unknown argument "${argv[i]}"`);
  }
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error('--port wants 0..65535');
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const standIn = await startStandIn({ port: args.port, latency: args.latency });
  // The scripted model answers routing, judging and chat prompts sensibly (see its header).
  installOpenAi(standIn, { reply: scriptedReply, tool: scriptedTool });
  process.stdout.write(JSON.stringify({ url: standIn.url, settings: standIn.settings }) + '\n');
  const stop = (): void => {
    void standIn.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (args.exitWithStdin) {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`stand-in: ${(error as Error).message}\n`);
  process.exit(1);
});
