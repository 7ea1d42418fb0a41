import JSZip from 'jszip';
import sharp from 'sharp';
import { badInput } from '../../platform/http/errors.ts';

/** Evidence limits: a file's size and how many files one case carries. */
export const EVIDENCE_LIMITS = { maxBytes: 10 * 1024 * 1024, perCase: 9 } as const;

export interface CheckedEvidence {
  data: Buffer;
  mime: string;
  ext: string;
}

const refused = () =>
  badInput('file', {
    'zh-CN': '仅支持 JPG、PNG、WebP、GIF 图片和 PDF、Word（docx）文档',
    'en-US': 'Only JPG, PNG, WebP or GIF images and PDF or Word (docx) documents are accepted',
  });

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);

/**
 * Decides what a file is by its bytes, never by its name. Images are decoded and re-encoded
 * (which drops anything hidden after the picture and its metadata, such as the place it was
 * taken); PDFs are refused when they carry scripts, launch actions or embedded files; Word
 * documents must be real docx packages without macros.
 */
export async function checkEvidence(data: Buffer): Promise<CheckedEvidence> {
  if (data.length === 0) throw refused();
  if (data.length > EVIDENCE_LIMITS.maxBytes) {
    throw badInput('file', { 'zh-CN': '单个文件不能超过10MB', 'en-US': 'Each file must be 10 MB or smaller' });
  }
  const isImage =
    startsWith(data, [0xff, 0xd8, 0xff]) ||
    startsWith(data, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(data, [0x47, 0x49, 0x46, 0x38]) ||
    (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && data.subarray(8, 12).toString('latin1') === 'WEBP');
  if (isImage) {
    try {
      const png = await sharp(data, { limitInputPixels: 50_000_000 }).rotate().png().toBuffer();
      return { data: png, mime: 'image/png', ext: 'png' };
    } catch {
      throw refused();
    }
  }
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') {
    const text = data.toString('latin1');
    if (!text.slice(-2048).includes('%%EOF')) throw refused();
    if (/\/(JavaScript|JS|Launch|EmbeddedFile|RichMedia|OpenAction)\b/.test(text)) {
      throw badInput('file', {
        'zh-CN': '该PDF包含脚本或附件，请另存为普通PDF后上传',
        'en-US': 'This PDF carries scripts or attachments; please save it as a plain PDF and upload again',
      });
    }
    return { data, mime: 'application/pdf', ext: 'pdf' };
  }
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(data);
    } catch {
      throw refused();
    }
    if (!zip.file('[Content_Types].xml') || !zip.file('word/document.xml')) throw refused();
    if (Object.keys(zip.files).some((name) => /vbaProject\.bin$|\.(exe|dll|js|vbs|bat)$/i.test(name))) {
      throw badInput('file', {
        'zh-CN': '该文档包含宏或可执行内容，请另存为普通docx后上传',
        'en-US': 'This document carries macros or executable content; please save it as a plain docx',
      });
    }
    return {
      data,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
    };
  }
  throw refused();
}
