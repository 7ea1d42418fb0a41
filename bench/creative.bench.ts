import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { COVER_SIZE, type CoverSetting } from '@author-centre/shared';
import sharp from 'sharp';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { CoversService } from '../apps/server/src/modules/creative/covers.ts';
import type { BenchHarness } from './harness.ts';

/**
 * Issue 17 (cover maker): the server's render of a cover with CJK text in every slot — the shared
 * SVG drawn by librsvg with the Noto CJK fonts, encoded as the stored JPEG — at 600×800 and
 * 1200×1600, each with the template's gradient and with an uploaded background: p99 ≤ 150 ms.
 * Measured in-process, one render at a time (a save renders both sizes), with new text every time.
 */
const ROUNDS = Number(process.env.BENCH_CREATIVE_ROUNDS ?? 200);
const TARGET_P99_MS = 150;
const TITLES = ['星河长明', '剑来风雪', '万古神帝', '山海有灵', '长夜余火', '诡秘之主', '大道朝天', '雪中行舟'];

function p(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export default async function creativeBench(h: BenchHarness): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-creative-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    RUN_JOBS: 'false',
    SEED_DEMO: 'false',
  });
  const app = await buildApp(config);
  try {
    await app.ready();
    const covers = new CoversService(app.ctx);
    const clientId = 2;
    const template = (await covers.templates(clientId))[0];
    const photo = await sharp({
      create: { width: 1200, height: 1600, channels: 3, background: { r: 40, g: 90, b: 140 } },
    })
      .composite([
        { input: Buffer.from('<svg width="1200" height="1600"><circle cx="600" cy="500" r="400" fill="#fc6"/></svg>') },
      ])
      .jpeg()
      .toBuffer();
    const background = (await app.ctx.storage.put('cover-backgrounds/2/a0-bench.jpg', photo, 'image/jpeg')).url;

    for (const scale of [1, 2]) {
      const width = COVER_SIZE.width * scale;
      const height = COVER_SIZE.height * scale;
      const times: number[] = [];
      let cpuMicros = 0;
      for (let i = -10; i < ROUNDS; i++) {
        const setting: CoverSetting = {
          background_image: i % 2 === 0 ? background : null,
          texts: {
            title: `${TITLES[(i + 10) % TITLES.length]}${i % 3 === 0 ? '之巅' : ''}`,
            author: `笔名${i + 10}号`,
            subtitle: '一段关于远方与少年的故事',
            genre: '玄幻',
          },
          slots: JSON.parse(template.slots),
        };
        const cpu = process.cpuUsage();
        const started = performance.now();
        const image = await covers.render(clientId, template, setting, width, height);
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        if (i >= 0) cpuMicros += used.user + used.system;
        if (image.length < 1000) throw new Error('render produced no image');
        if (i >= 0) times.push(ms); // the first ten warm fontconfig and librsvg up
      }
      times.sort((a, b) => a - b);
      const p99 = p(times, 0.99);
      h.record({
        name: `creative: server cover render ${width}×${height}, CJK text (half with a background image)`,
        values: {
          p50Ms: Math.round(p(times, 0.5) * 10) / 10,
          p99Ms: Math.round(p99 * 10) / 10,
          renders: times.length,
          // CPU time of all the process's threads per render: what a render costs whatever else runs.
          cpuMsPerRender: Math.round(cpuMicros / times.length / 100) / 10,
          // The tail follows the machine's load (other processes on its cores): printed beside it.
          loadAvg1m: Math.round(loadavg()[0] * 10) / 10,
        },
        target: `p99 ≤ ${TARGET_P99_MS} ms`,
        pass: p99 <= TARGET_P99_MS,
      });
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
