import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

/**
 * Verifies a PDF's PAdES signature (adbe.pkcs7.detached) as a PDF reader does, independently of the
 * code that made it: the /ByteRange must cover the whole file but the /Contents hole, the CMS
 * messageDigest must be the SHA-256 of the covered bytes, and the signer's RSA signature over the
 * signed attributes must verify with the public key of the certificate inside the CMS.
 */
export interface PadesCheck {
  valid: boolean;
  /** Why it is not valid (for the test's message). */
  problem?: string;
  byteRange: [number, number, number, number];
  signerSubject?: string;
}

const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
  '1.3.14.3.2.26': 'sha1',
};

const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');
const isContext = (node: forge.asn1.Asn1, type: number) =>
  node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === type;

/** The last /ByteRange of the file (the signature's). */
export function byteRangeOf(pdf: Buffer): [number, number, number, number] {
  const matches = [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (matches.length === 0) throw new Error('no /ByteRange in the PDF');
  const m = matches[matches.length - 1];
  return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
}

export function verifyPades(pdf: Buffer): PadesCheck {
  const byteRange = byteRangeOf(pdf);
  const [a, b, c, d] = byteRange;
  const fail = (problem: string): PadesCheck => ({ valid: false, problem, byteRange });
  if (a !== 0 || c + d !== pdf.length || c <= a + b) return fail('the byte range does not cover the whole file');
  const hole = pdf.subarray(a + b, c).toString('latin1');
  if (!/^<[0-9a-fA-F]+>$/.test(hole)) return fail('the /Contents hole is not one hex string');
  const covered = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);

  // ContentInfo { contentType, [0] SignedData { version, digestAlgorithms, encapContentInfo, [0] certs, …, signerInfos } }
  // The hole is zero-padded after the DER: keep the DER's own length (definite-length SEQUENCE header).
  const padded = Buffer.from(hole.slice(1, -1), 'hex');
  const lengthBytes = padded[1] & 0x80 ? padded[1] & 0x7f : 0;
  const bodyLength = lengthBytes ? padded.subarray(2, 2 + lengthBytes).readUIntBE(0, lengthBytes) : padded[1];
  const der = padded.subarray(0, 2 + lengthBytes + bodyLength);
  const contentInfo = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  const signedData = (contentInfo.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[];
  const parts = signedData[0].value as forge.asn1.Asn1[];
  const certificates = parts.find((p) => isContext(p, 0));
  const signerInfos = parts[parts.length - 1].value as forge.asn1.Asn1[];
  if (!certificates || signerInfos.length !== 1) return fail('expected one signer and its certificate');
  const signerInfo = signerInfos[0].value as forge.asn1.Asn1[];
  const digestOid = forge.asn1.derToOid((signerInfo[2].value as forge.asn1.Asn1[])[0].value as string);
  const digest = DIGESTS[digestOid];
  if (!digest) return fail(`unknown digest ${digestOid}`);
  const signedAttrs = signerInfo.find((p) => isContext(p, 0));
  if (!signedAttrs) return fail('no signed attributes');
  const signature = bytesOf(signerInfo[signerInfo.indexOf(signedAttrs) + 2]);

  let messageDigest: Buffer | undefined;
  for (const attr of signedAttrs.value as forge.asn1.Asn1[]) {
    const [oid, values] = attr.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(oid.value as string) === OID_MESSAGE_DIGEST) {
      messageDigest = bytesOf((values.value as forge.asn1.Asn1[])[0]);
    }
  }
  if (!messageDigest) return fail('no messageDigest attribute');
  if (!createHash(digest).update(covered).digest().equals(messageDigest)) {
    return fail('the covered bytes do not match the signed messageDigest');
  }

  // The signature is over the DER of the signed attributes as a SET (tag 0x31, not the [0] of the SignerInfo).
  const asSet = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    signedAttrs.value as forge.asn1.Asn1[],
  );
  const signedBytes = Buffer.from(forge.asn1.toDer(asSet).getBytes(), 'binary');
  const certDer = Buffer.from(forge.asn1.toDer((certificates.value as forge.asn1.Asn1[])[0]).getBytes(), 'binary');
  const certificate = new X509Certificate(certDer);
  if (!verifySignature(digest, signedBytes, certificate.publicKey, signature)) {
    return fail('the signature over the signed attributes does not verify with the certificate');
  }
  return { valid: true, byteRange, signerSubject: certificate.subject };
}
