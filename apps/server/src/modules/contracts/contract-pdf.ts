import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import * as fontkit from 'fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import sharp from 'sharp';
import type { PlatformCertificate } from './platform-certificate.ts';

/**
 * The contract as a PDF (pdf-lib): the brand's template with the parties, the book, the key terms
 * and the author's drawn signature; at approval the company seal, the audit-trail page and a
 * PAdES signature (ISO 32000 CMS, adbe.pkcs7.detached: what PDF readers validate) are added.
 * Text is set in a CJK font embedded as a subset, so a contract stays small.
 */

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * CJK fonts the machine may have, in order (Debian fonts-noto-cjk, which .ci/run installs, then
 * WenQuanYi). A .ttc holds several faces: the simplified-Chinese one is named.
 */
const FONT_CANDIDATES = [
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', face: 'NotoSerifCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', face: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
];

interface LoadedFont {
  bytes: Buffer;
  font: fontkit.Font;
}
let loaded: LoadedFont | undefined;

/** The CJK font, read and parsed once per process (a collection is ~20 MB: parsing it per contract would cost most of the budget). */
function cjkFont(): LoadedFont {
  if (loaded) return loaded;
  const hit = FONT_CANDIDATES.find((c) => existsSync(c.path));
  if (!hit) {
    throw new Error(
      `contract PDF: no CJK font found (install fonts-noto-cjk); looked at ${FONT_CANDIDATES.map((c) => c.path).join(', ')}`,
    );
  }
  const bytes = readFileSync(hit.path);
  loaded = { bytes, font: fontkit.create(bytes, hit.face) as fontkit.Font };
  return loaded;
}

/**
 * pdf-lib drives fontkit 1's API; fontkit 2 (whose CFF subsetter writes CID-keyed subsets PDF
 * readers accept; @pdf-lib/fontkit's come out invalid for Noto CJK) is adapted here: its subset's
 * `encode()` is offered as the stream pdf-lib reads. The parsed face is reused across documents.
 */
const fontkitForPdfLib = {
  create: () =>
    new Proxy(cjkFont().font, {
      get(target, prop) {
        if (prop === 'createSubset') {
          return () => {
            const subset = target.createSubset() as fontkit.Subset & { cff?: unknown };
            return {
              cff: subset.cff,
              includeGlyph: (glyph: fontkit.Glyph) => subset.includeGlyph(glyph),
              encodeStream: () => {
                const stream = new EventEmitter();
                queueMicrotask(() => {
                  try {
                    stream.emit('data', subset.encode());
                    stream.emit('end');
                  } catch (error) {
                    stream.emit('error', error);
                  }
                });
                return stream;
              },
            };
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }),
};

async function newDocument(): Promise<{ doc: PDFDocument; font: PDFFont }> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitForPdfLib as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const font = await doc.embedFont(cjkFont().bytes, { subset: true });
  return { doc, font };
}

async function openDocument(pdf: Uint8Array): Promise<{ doc: PDFDocument; font: PDFFont }> {
  const doc = await PDFDocument.load(pdf);
  doc.registerFontkit(fontkitForPdfLib as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const font = await doc.embedFont(cjkFont().bytes, { subset: true });
  return { doc, font };
}

export interface ContractContent {
  contractNo: string;
  verifyCode: string;
  platformName: string;
  clientName: string;
  editorTitle: string;
  author: {
    realName: string;
    /** Masked: a contract leaves the platform (downloads, paper), the full number stays in the database. */
    idNumberMask: string;
    idTypeLabel: string;
    penName: string;
    bankNumMask: string;
    bankName: string;
    address: string;
  };
  book: { id: number; title: string; kindLabel: string; words: number };
  terms: { sharePermille: number; guaranteeFenPerMonth: number; termMonths: number };
  /** Asia/Shanghai date the author signed, 'YYYY-MM-DD'. */
  signedDate: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);
/** The signing block sits at the foot of the last text page, so the seal is placed at a known spot at approval. */
const SIGNING_BLOCK_TOP = MARGIN + 190;

/** Writes wrapped text down a page, adding pages as needed. */
class Writer {
  readonly doc: PDFDocument;
  readonly font: PDFFont;
  page: PDFPage;
  y: number;

  constructor(doc: PDFDocument, font: PDFFont) {
    this.doc = doc;
    this.font = font;
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  text(content: string, size = 11, options: { color?: ReturnType<typeof rgb>; center?: boolean; gap?: number } = {}) {
    const width = A4[0] - 2 * MARGIN;
    for (const paragraph of content.split('\n')) {
      // Widths summed per character (measuring the growing line anew each time is quadratic; CJK has no kerning to lose).
      const lines: string[] = [];
      let line = '';
      let used = 0;
      for (const ch of paragraph) {
        const w = this.font.widthOfTextAtSize(ch, size);
        if (used + w > width && line) {
          lines.push(line);
          line = ch;
          used = w;
        } else {
          line += ch;
          used += w;
        }
      }
      lines.push(line);
      for (const l of lines) {
        if (this.y < MARGIN + size) this.newPage();
        const x = options.center ? (A4[0] - this.font.widthOfTextAtSize(l, size)) / 2 : MARGIN;
        this.page.drawText(l, { x, y: this.y - size, size, font: this.font, color: options.color ?? INK });
        this.y -= size * 1.7;
      }
    }
    this.y -= options.gap ?? 4;
  }
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The contract as the author submits it: every page of the template, and the author's drawn
 * signature on the signing block (without one: the same document before the author signed, whose
 * hash the audit trail keeps). The company's seal place is left empty for approval.
 */
export async function renderContract(c: ContractContent, signaturePng: Buffer | null): Promise<Uint8Array> {
  const { doc, font } = await newDocument();
  doc.setTitle(`${c.platformName}作品授权协议 ${c.contractNo}`);
  doc.setProducer('Author Centre');
  doc.setCreationDate(new Date(`${c.signedDate}T00:00:00+08:00`));
  doc.setModificationDate(new Date(`${c.signedDate}T00:00:00+08:00`));
  const w = new Writer(doc, font);
  w.text(`${c.platformName}作品独家授权协议`, 18, { center: true, gap: 6 });
  w.text(`合同编号：${c.contractNo}    验证码：${c.verifyCode}`, 9, { center: true, color: GREY, gap: 14 });
  w.text(`甲方（平台方）：${c.clientName}（${c.platformName}）`);
  w.text(
    `乙方（作者）：${c.author.realName}    笔名：${c.author.penName}\n${c.author.idTypeLabel}：${c.author.idNumberMask}\n联系地址：${c.author.address || '—'}`,
    11,
    { gap: 10 },
  );
  w.text('第一条  授权作品', 12);
  w.text(
    `乙方将其创作的${c.book.kindLabel}《${c.book.title}》（作品编号${c.book.id}，签约时已发布${c.book.words}字）的信息网络传播权及相关权利独家授予甲方，授权期限内乙方不得再授权任何第三方。`,
  );
  w.text('第二条  授权期限', 12);
  w.text(`授权期限为${c.terms.termMonths}个月，自本协议经甲方审核盖章之日起计算。期限届满前双方可协商续约。`);
  w.text('第三条  稿酬', 12);
  w.text(
    `作品产生的净收入，乙方分成比例为${c.terms.sharePermille / 10}%。` +
      (c.terms.guaranteeFenPerMonth > 0
        ? `甲方为乙方提供每月保底稿酬${yuan(c.terms.guaranteeFenPerMonth)}元，当月分成不足保底的，由甲方补足。`
        : '本协议不含保底稿酬。') +
      `稿酬按自然月结算，于次月8日前支付至乙方绑定的银行卡（${c.author.bankName} ${c.author.bankNumMask}）。`,
  );
  w.text('第四条  双方义务', 12);
  w.text(
    '乙方保证作品为其原创，不侵犯任何第三方的合法权益，并按约定持续更新；甲方负责作品的发布、推广与收益结算，并对乙方的个人信息严格保密。',
  );
  w.text('第五条  电子签名', 12);
  w.text(
    `本协议以电子方式订立。乙方的手写签名与甲方的电子印章及数字签名依据《中华人民共和国电子签名法》第十三条、第十四条具有与手写签名或盖章同等的法律效力。协议的真实性可凭验证码${c.verifyCode}在签约详情页（/sign-detail）核验。`,
    11,
    { gap: 24 },
  );
  if (w.y < SIGNING_BLOCK_TOP + 10) w.newPage();
  const blockTop = SIGNING_BLOCK_TOP;
  w.page.drawText('乙方（签名）：', { x: MARGIN, y: blockTop - 12, size: 12, font, color: INK });
  if (signaturePng) {
    const signature = await doc.embedPng(signaturePng);
    const scale = Math.min(180 / signature.width, 70 / signature.height);
    w.page.drawImage(signature, {
      x: MARGIN + 10,
      y: blockTop - 100,
      width: signature.width * scale,
      height: signature.height * scale,
    });
  }
  w.page.drawText(`日期：${c.signedDate}`, { x: MARGIN, y: blockTop - 125, size: 11, font, color: INK });
  w.page.drawText('甲方（盖章）：', { x: A4[0] / 2 + 20, y: blockTop - 12, size: 12, font, color: INK });
  return doc.save();
}

export interface AuditEvent {
  /** 'author_signed' | 'refused' | 'reapplied' | 'platform_signed' | … */
  action: string;
  label: string;
  /** Pen name for an author, the editor title and pen name for staff. */
  actor: string;
  at: number;
  ip: string;
  userAgent: string;
  before?: string;
  after?: string;
  note?: string;
}

const shanghaiTime = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/**
 * Approval: the company seal on the signing page, the audit trail as the last page, then the PAdES
 * signature over everything. The printed trail ends with the document's hash before the platform's
 * signature; the hash after it cannot be printed inside the file it covers, so it is kept with the
 * contract and shown on /sign-detail.
 */
export async function stampAndSign(
  submitted: Uint8Array,
  input: {
    contractNo: string;
    verifyCode: string;
    clientName: string;
    sealPng: Buffer;
    audit: AuditEvent[];
    signedDate: string;
    certificate: PlatformCertificate;
  },
): Promise<{ stampedSha256: string; signed: Buffer }> {
  const { doc, font } = await openDocument(submitted);
  const pages = doc.getPages();
  const signingPage = pages[pages.length - 1];
  const seal = await doc.embedPng(input.sealPng);
  const blockTop = SIGNING_BLOCK_TOP;
  signingPage.drawImage(seal, { x: A4[0] / 2 + 40, y: blockTop - 140, width: 130, height: 130 });
  signingPage.drawText(`日期：${input.signedDate}`, {
    x: A4[0] / 2 + 20,
    y: blockTop - 155,
    size: 11,
    font,
    color: INK,
  });

  const w = new Writer(doc, font);
  w.text('电子签约审计记录', 16, { center: true, gap: 4 });
  w.text(`合同编号：${input.contractNo}    验证码：${input.verifyCode}`, 9, { center: true, color: GREY, gap: 12 });
  for (const e of input.audit) {
    w.text(`${shanghaiTime(e.at)}（北京时间）  ${e.label}`, 11, { gap: 0 });
    w.text(`操作人：${e.actor}    IP：${e.ip}`, 9, { color: GREY, gap: 0 });
    w.text(`终端：${e.userAgent.slice(0, 160)}`, 9, { color: GREY, gap: 0 });
    if (e.before) w.text(`签署前文件SHA-256：${e.before}`, 8, { color: GREY, gap: 0 });
    if (e.after) w.text(`签署后文件SHA-256：${e.after}`, 8, { color: GREY, gap: 0 });
    if (e.note) w.text(`说明：${e.note}`, 9, { color: GREY, gap: 0 });
    w.y -= 10;
  }
  w.text(
    `平台数字签名：${input.certificate.subject}\n证书指纹（SHA-256）：${input.certificate.fingerprint}\n本页之后由平台以上述证书对整份文件进行数字签名，签名后文件的SHA-256保存在平台，可凭验证码在签约详情页（/sign-detail）核验；文件的任何改动都会使签名失效。`,
    9,
    { color: GREY },
  );
  const stamped = await doc.save({ useObjectStreams: false });
  const stampedSha256 = sha256(stamped);

  const again = await PDFDocument.load(stamped);
  pdflibAddPlaceholder({
    pdfDoc: again,
    reason: `${input.clientName}电子合同签章 ${input.contractNo}`,
    contactInfo: input.verifyCode,
    name: input.certificate.subject,
    location: 'CN',
    signingTime: new Date(),
    signatureLength: 8192,
  });
  const withPlaceholder = Buffer.from(await again.save({ useObjectStreams: false }));
  const signer = new P12Signer(input.certificate.p12, { passphrase: input.certificate.passphrase });
  const signed = await new SignPdf().sign(withPlaceholder, signer);
  return { stampedSha256, signed };
}

const sealCache = new Map<string, Buffer>();

/** The company's round red seal for a brand, drawn from SVG (cached per name). */
export async function sealImage(name: string): Promise<Buffer> {
  const cached = sealCache.get(name);
  if (cached) return cached;
  const label = [...`${name}电子合同专用章`.replace(/[<>&'"]/g, '')];
  // Characters placed one by one along the upper arc, each turned to face outwards (librsvg has no textPath).
  const from = 215;
  const to = -35;
  const chars = label.map((ch, i) => {
    const angle = label.length === 1 ? 90 : from + ((to - from) * i) / (label.length - 1);
    const rad = (angle * Math.PI) / 180;
    const x = 200 + 140 * Math.cos(rad);
    const y = 200 - 140 * Math.sin(rad);
    return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" transform="rotate(${(90 - angle).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" text-anchor="middle" dominant-baseline="central">${ch}</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <circle cx="200" cy="200" r="185" fill="none" stroke="#d40000" stroke-width="14"/>
  <g font-family="Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif" font-size="${label.length > 12 ? 36 : 44}" font-weight="bold" fill="#d40000">${chars.join('')}</g>
  <polygon fill="#d40000" points="200,135 215,180 262,180 224,208 238,253 200,226 162,253 176,208 138,180 185,180"/>
  <text x="200" y="320" font-family="Noto Sans CJK SC, WenQuanYi Zen Hei, sans-serif" font-size="30" fill="#d40000" text-anchor="middle">合同专用</text>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  sealCache.set(name, png);
  return png;
}

/** A drawn signature from the browser, re-encoded: a PNG, trimmed, at most 800×400, on a transparent ground. */
export async function normalizeSignature(data: Buffer): Promise<Buffer> {
  const image = sharp(data, { limitInputPixels: 4_000_000 });
  const meta = await image.metadata();
  if (!meta.width || !meta.height) throw new Error('not an image');
  const trimmed = await sharp(data).ensureAlpha().trim().png().toBuffer({ resolveWithObject: true });
  if (trimmed.info.width < 20 || trimmed.info.height < 10) throw new Error('empty signature');
  return sharp(trimmed.data).resize(800, 400, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
}
