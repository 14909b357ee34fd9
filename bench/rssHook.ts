// Preloaded into a benchmarked CLI process (`node -r dist/bench/rssHook.js dist/cli.js …`): at exit
// it writes the process's peak resident memory (every thread, worker threads included) to the file
// named by CITEFINDER_BENCH_RSS_FILE, for bench/hostile.ts to read.
import { writeFileSync } from 'node:fs';

const file = process.env.CITEFINDER_BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    // maxRSS is in kilobytes on Linux.
    writeFileSync(file, JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  });
}
