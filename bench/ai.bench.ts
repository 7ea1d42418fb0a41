import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ErrorCode } from '@author-centre/shared';
import { classifierExamples, trainClassifier } from '../apps/server/src/modules/help/help.classifier.ts';
import { listArticles, listCategories } from '../apps/server/src/modules/help/help.repository.ts';
import { BrandIndex } from '../apps/server/src/modules/help/help.retrieval.ts';
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

interface EvalFile {
  cases: EvalCase[];
  heldOut: EvalCase[];
}

/** `expected: "none"`: a question the help centre does not cover; nothing must be found. */
const NONE = 'none';

/**
 * bench/ai-eval.json and each capability's own bench/ai-eval/<capability>.json, merged; the held-out
 * questions also per file, so a batch never tuned on is seen apart from the others.
 */
function evaluationSet(): EvalFile & { heldOutByFile: Array<{ name: string; heldOut: EvalCase[] }> } {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as EvalFile;
  const dir = resolve(import.meta.dirname, 'ai-eval');
  const files = [
    { name: 'ai-eval.json', ...read(resolve(import.meta.dirname, 'ai-eval.json')) },
    ...readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({ name: `ai-eval/${name}`, ...read(resolve(dir, name)) })),
  ];
  return {
    cases: files.flatMap((f) => f.cases),
    heldOut: files.flatMap((f) => f.heldOut),
    heldOutByFile: files.filter((f) => f.heldOut.length > 0).map(({ name, heldOut }) => ({ name, heldOut })),
  };
}

/**
 * Issue 6: the AI assistant's embedded default on the evaluation set (bench/ai-eval.json and
 * bench/ai-eval/*.json, one file per capability).
 *
 * Accuracy: the help-centre retrieval behind the assistant (the same call the ai-chat handler
 * makes), top-1 = the first answer's article, top-3 = among the first three answers ('换一换').
 *
 * Latency: in-process, through the real endpoint with `app.inject` on a fresh SQLite database —
 * signed request, session, per-account rate limit, retrieval, answer and the stored chat row —
 * without the TCP hop (questions rotate over accounts to stay under the per-account limit).
 */
export default async function aiBench(h: BenchHarness): Promise<void> {
  const { cases, heldOut, heldOutByFile } = evaluationSet();
  const t = await createTestApp();
  try {
    const help = helpServiceOf(t.app.ctx);
    // Building a brand's index (its articles and their ways of asking), before anything else used it: the first on a
    // running server, then a rebuild after an article's text changed (texts segmented and ways-of-asking indexes built
    // before are reused) and after an article's ways of asking changed. Each blocks the event loop while it runs.
    const [categories, articles] = await Promise.all([
      listCategories(t.app.ctx.db, 2),
      listArticles(t.app.ctx.db, 2, { publishedOnly: true }),
    ]);
    const buildMs = (rows: typeof articles) => {
      const started = performance.now();
      new BrandIndex(0, categories, rows);
      return performance.now() - started;
    };
    const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)];
    const first = buildMs(articles);
    const textChanged: number[] = [];
    const linesChanged: number[] = [];
    for (let round = 1; round <= 9; round++) {
      const [changed, ...rest] = articles;
      textChanged.push(buildMs([{ ...changed, body: `${changed.body}\n\n${round}` }, ...rest]));
      linesChanged.push(buildMs([{ ...changed, asked: `${changed.asked}\n${round}` }, ...rest]));
    }
    // The article classifier's training (in a worker thread on the server: it does not block, but a brand's first
    // question after its articles changed waits for it).
    const examples = classifierExamples(categories, articles);
    const trainStarted = performance.now();
    trainClassifier(examples);
    const classifierMs = performance.now() - trainStarted;
    h.record({
      name: `Help index build, client 2 (${articles.length} articles, ${examples.length} classifier examples, information)`,
      values: {
        firstMs: first,
        textChangedP50Ms: median(textChanged),
        linesChangedP50Ms: median(linesChanged),
        classifierTrainingMs: classifierMs,
      },
      target: 'reported only',
      pass: true,
    });

    // Accuracy with each brand's classifier trained (a server trains one on the brand's first question).
    for (const brand of BRANDS) await help.trained(brand.clientId);
    const accuracy = async (clientId: number, set: EvalCase[]) => {
      let top1 = 0;
      let top3 = 0;
      const misses: string[] = [];
      for (const c of set) {
        const ids = (await help.sourcesFor(clientId, c.question)).map((s) => s.ids);
        // Out of scope: right only when nothing at all is found (top-1 and top-3 alike).
        const found = c.expected === NONE ? ids.length === 0 : ids[0] === c.expected;
        if (found) top1 += 1;
        else misses.push(`${c.question} → ${ids[0] ?? 'nothing'} (want ${c.expected})`);
        if (c.expected === NONE ? found : ids.slice(0, 3).includes(c.expected)) top3 += 1;
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
    // Questions written in authors' own words without looking at the article titles and never tuned
    // on (issue 18): their own figures, apart from the training part above. Figures only.
    for (const brand of BRANDS) {
      const held = await accuracy(brand.clientId, heldOut);
      h.record({
        name: `AI assistant retrieval, client ${brand.clientId}, ${heldOut.length} held-out questions`,
        values: { top1Pct: held.top1Pct, top3Pct: held.top3Pct },
        target: 'held-out top-1 ≥ 90 %',
        pass: held.top1Pct >= 90,
      });
      // Held-out misses are never printed: reading them question by question would make them training.
    }
    // Per file, client 2: which batches were looked at while tuning shows in their figures.
    for (const file of heldOutByFile) {
      const r = await accuracy(2, file.heldOut);
      h.record({
        name: `AI assistant held-out, client 2, ${file.name} (${file.heldOut.length}, information)`,
        values: { top1Pct: r.top1Pct, top3Pct: r.top3Pct },
        target: 'reported only',
        pass: true,
      });
    }

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
    // Questions asking the assistant to write (dev-fresh-10: '帮我写一封辞职信') are declined with a reason, as they
    // should be: counted apart from failures.
    let declined = 0;
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
        if (res.body?.code === ErrorCode.aiRefused) declined += 1;
        else if (res.body?.code !== 200) failures += 1;
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
      values: { p50Ms: pct(50), p99Ms: pct(99), failures, declined },
      target: 'p99 ≤ 50 ms, no failures',
      pass: pct(99) <= 50 && failures === 0,
    });
  } finally {
    await t.close();
  }
}
