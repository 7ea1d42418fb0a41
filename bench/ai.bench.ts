import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { helpServiceOf } from '../apps/server/src/modules/help/help.service.ts';
import { EmbeddedAiProvider } from '../apps/server/src/platform/providers/ai/index.ts';
import { createAuthor, logIn } from '../apps/server/src/test/fixtures.ts';
import { createTestApp, type TestClient } from '../apps/server/src/test/test-app.ts';
import type { BenchHarness } from './harness.ts';

interface EvalCase {
  question: string;
  expected: string;
}

const BRANDS = [
  { clientId: 2, host: 'wonder.localhost' },
  { clientId: 3, host: 'third.localhost' },
  { clientId: 4, host: 'brain-hole.localhost' },
] as const;
const LATENCY_ROUNDS = 4;
const PER_ACCOUNT = 10;

/**
 * Issue 6: the AI assistant's embedded default on the evaluation set (bench/ai-eval.json).
 *
 * Accuracy: the help-centre retrieval behind the assistant (the same call the ai-chat handler
 * makes), top-1 = the first answer's article, top-3 = among the first three answers ('换一换').
 *
 * Latency: in-process, through the real endpoint with `app.inject` on a fresh SQLite database —
 * signed request, session, per-account rate limit, retrieval, answer and the stored chat row —
 * without the TCP hop (questions rotate over accounts to stay under the per-account limit).
 */
export default async function aiBench(h: BenchHarness): Promise<void> {
  const { cases, heldOut } = JSON.parse(readFileSync(resolve(import.meta.dirname, 'ai-eval.json'), 'utf8')) as {
    cases: EvalCase[];
    heldOut: EvalCase[];
  };
  const t = await createTestApp();
  try {
    const help = helpServiceOf(t.app.ctx);
    const accuracy = async (clientId: number, set: EvalCase[]) => {
      let top1 = 0;
      let top3 = 0;
      const misses: string[] = [];
      for (const c of set) {
        const ids = (await help.sourcesFor(clientId, c.question)).map((s) => s.ids);
        if (ids[0] === c.expected) top1 += 1;
        else misses.push(`${c.question} → ${ids[0] ?? 'nothing'} (want ${c.expected})`);
        if (ids.slice(0, 3).includes(c.expected)) top3 += 1;
      }
      return { top1Pct: (100 * top1) / set.length, top3Pct: (100 * top3) / set.length, misses };
    };
    for (const brand of BRANDS) {
      const r = await accuracy(brand.clientId, cases);
      h.record({
        name: `AI assistant retrieval, client ${brand.clientId}, ${cases.length} author questions`,
        values: { top1Pct: r.top1Pct, top3Pct: r.top3Pct },
        target: 'top-1 ≥ 80 %, top-3 ≥ 95 %',
        pass: r.top1Pct >= 80 && r.top3Pct >= 95,
      });
      for (const miss of r.misses) console.log(`      top-1 miss: ${miss}`);
    }
    // Questions written after tuning and never tuned on: reported, not a target.
    const held = await accuracy(2, heldOut);
    h.record({
      name: `AI assistant retrieval, client 2, ${heldOut.length} held-out questions (information)`,
      values: { top1Pct: held.top1Pct, top3Pct: held.top3Pct },
      target: 'reported only',
      pass: true,
    });
    for (const miss of held.misses) console.log(`      top-1 miss: ${miss}`);

    // The answer alone (retrieval + composing, no HTTP, session or storage), for comparison.
    const provider = new EmbeddedAiProvider();
    const compose: number[] = [];
    for (let round = -1; round < LATENCY_ROUNDS; round++) {
      for (const c of cases) {
        const started = performance.now();
        await provider.answer({
          question: c.question,
          answerIndex: 0,
          sources: await help.sourcesFor(2, c.question),
          language: 'zh-CN',
          platformName: 'bench',
          helpHomeUrl: '/front/help-center/home',
        });
        if (round >= 0) compose.push(performance.now() - started);
      }
    }
    compose.sort((a, b) => a - b);
    const at = (list: number[], p: number) => list[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)];
    h.record({
      name: `AI assistant answer alone (retrieval + compose, in-process, ${compose.length} questions, information)`,
      values: { p50Ms: at(compose, 50), p99Ms: at(compose, 99) },
      target: 'reported only',
      pass: true,
    });

    const latencies: number[] = [];
    let client: TestClient | null = null;
    let asked = 0;
    let failures = 0;
    // One unmeasured round first, so the JIT and SQLite's caches are warm as in a running server.
    for (let round = -1; round < LATENCY_ROUNDS; round++) {
      for (const c of cases) {
        if (!client || asked % PER_ACCOUNT === 0) {
          client = t.client('wonder.localhost');
          await logIn(t, client, await createAuthor(t, { clientId: 2 }));
          await client.refreshSecret();
        }
        asked += 1;
        const started = performance.now();
        const res = await client.post('/api/pc/v1/book-chapter/ai-chat', {
          message: [{ role: 'user', content: c.question }],
        });
        if (round < 0) continue;
        latencies.push(performance.now() - started);
        if (res.body?.code !== 200) failures += 1;
      }
    }
    const slowest = latencies
      .map((ms, i) => ({ ms, i }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);
    console.log(`      slowest: ${slowest.map((s) => `#${s.i} ${s.ms.toFixed(1)} ms`).join(', ')}`);
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
    h.record({
      name: `AI assistant answer latency (POST ai-chat in-process via inject, SQLite, ${latencies.length} questions)`,
      values: { p50Ms: pct(50), p99Ms: pct(99), failures },
      target: 'p99 ≤ 50 ms, no failures',
      pass: pct(99) <= 50 && failures === 0,
    });
  } finally {
    await t.close();
  }
}
