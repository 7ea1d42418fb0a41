import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchHarness, type Figure, spreadOf } from './harness.ts';

/**
 * `npm run bench [name-filter]`: runs every bench/*.bench.ts in name order, each figure printed
 * against the bare Fastify baseline measured in this same run. Exits 1 if a target is missed.
 * BENCH_RUNS=3 runs them three times in a row and prints each figure's spread (lowest–highest of
 * every value) and in how many runs it met its target: a target counts as met when it is met every run.
 * The load and fault suites (load.bench.ts, faults.bench.ts) run only when named: `npm run bench load`.
 */
const filter = process.argv[2];
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const EXPLICIT_ONLY = new Set(['load.bench.ts', 'faults.bench.ts']);
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts') && (filter ? f.includes(filter) : !EXPLICIT_ONLY.has(f)))
  .sort();
console.log(`Benchmarks on ${process.version}, ${(await import('node:os')).cpus().length} cores`);
const perRun: Figure[][] = [];
for (let run = 1; run <= runs; run++) {
  if (runs > 1) console.log(`\n######## run ${run} of ${runs}`);
  const harness = new BenchHarness();
  for (const file of files) {
    console.log(`\n== ${file}`);
    const bench = (await import(pathToFileURL(resolve(import.meta.dirname, file)).href)).default;
    await bench(harness);
  }
  perRun.push(harness.figures);
}
const spread = spreadOf(perRun);
if (runs > 1) {
  console.log(`\n######## spread of ${runs} runs`);
  for (const s of spread) console.log(s.line);
}
const missed = spread.filter((s) => !s.metEveryRun);
console.log(
  `\n${spread.length - missed.length} targets met${runs > 1 ? ` in all ${runs} runs` : ''}, ${missed.length} missed`,
);
process.exit(missed.length ? 1 : 0);
