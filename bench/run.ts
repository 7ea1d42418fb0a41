import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BenchHarness } from './harness.ts';

/**
 * `npm run bench [name-filter]`: runs every bench/*.bench.ts in name order, each figure printed
 * against the bare Fastify baseline measured in this same run. Exits 1 if a target is missed.
 */
const filter = process.argv[2];
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
const harness = new BenchHarness();
console.log(`Benchmarks on ${process.version}, ${(await import('node:os')).cpus().length} cores`);
for (const file of files) {
  console.log(`\n== ${file}`);
  const run = (await import(pathToFileURL(resolve(import.meta.dirname, file)).href)).default;
  await run(harness);
}
const failed = harness.figures.filter((f) => !f.pass);
console.log(`\n${harness.figures.length - failed.length} targets met, ${failed.length} missed`);
process.exit(failed.length ? 1 : 0);
