import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { ErrorCode } from '@author-centre/shared';
import forge from 'node-forge';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';

/**
 * The certificate contracts are signed with (PKCS#12). In production it is configured
 * (CONTRACT_SIGNING_P12: the file as base64, CONTRACT_SIGNING_PASSWORD); otherwise a self-signed
 * one is made at first use and kept sealed in the database, so every instance signs with the same
 * one and it survives restarts. A PDF reader shows such a signature as valid but from an unknown
 * signer until the certificate is trusted; the document's integrity is checked either way.
 */
export interface PlatformCertificate {
  p12: Buffer;
  passphrase: string;
  /** SHA-256 fingerprint of the certificate, shown on /sign-detail. */
  fingerprint: string;
  subject: string;
}

const DEV_CERT_NAME = 'contract-signing';

export async function platformCertificate(ctx: AppContext): Promise<PlatformCertificate> {
  const configured = ctx.config.CONTRACT_SIGNING_P12;
  if (configured) {
    try {
      return describeCertificate(Buffer.from(configured, 'base64'), ctx.config.CONTRACT_SIGNING_PASSWORD ?? '');
    } catch (error) {
      // Named for the operator; the file and password never appear.
      throw new Error(
        `CONTRACT_SIGNING_P12: not a PKCS#12 file (base64) that CONTRACT_SIGNING_PASSWORD opens (${(error as Error).message})`,
      );
    }
  }
  if (ctx.config.isProduction) {
    throw new AppError(
      ErrorCode.internal,
      {
        'zh-CN': '平台签章证书尚未配置，暂时无法盖章，请联系管理员',
        'en-US':
          "The platform's signing certificate is not configured yet; contracts cannot be stamped. Please tell an admin",
      },
      { httpStatus: 503 },
    );
  }
  const stored = await ctx.db
    .selectFrom('platform_certificates')
    .select('p12_enc')
    .where('name', '=', DEV_CERT_NAME)
    .executeTakeFirst();
  if (stored) return fromSealed(ctx, stored.p12_enc);
  const made = makeSelfSigned('Author Centre Contract Signing (development, self-signed)');
  // Two instances starting together: the first insert wins, both then use it.
  await ctx.db
    .insertInto('platform_certificates')
    .values({
      name: DEV_CERT_NAME,
      p12_enc: ctx.personalData.seal(JSON.stringify({ p12: made.p12.toString('base64'), passphrase: made.passphrase })),
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const winner = await ctx.db
    .selectFrom('platform_certificates')
    .select('p12_enc')
    .where('name', '=', DEV_CERT_NAME)
    .executeTakeFirstOrThrow();
  return fromSealed(ctx, winner.p12_enc);
}

function fromSealed(ctx: AppContext, sealed: string): PlatformCertificate {
  const { p12, passphrase } = JSON.parse(ctx.personalData.open(sealed)) as { p12: string; passphrase: string };
  return describeCertificate(Buffer.from(p12, 'base64'), passphrase);
}

export function describeCertificate(p12: Buffer, passphrase: string): PlatformCertificate {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  const cert = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  if (!cert) throw new Error('contract signing certificate: no certificate in the PKCS#12 file');
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const fingerprint = forge.md.sha256.create().update(der).digest().toHex().toUpperCase();
  const subject = cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${a.value}`).join(', ');
  return { p12, passphrase, fingerprint, subject };
}

/** A 10-year self-signed RSA-2048 certificate for document signing. Node makes the key (forge is slow at it). */
export function makeSelfSigned(commonName: string): { p12: Buffer; passphrase: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const pub = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = pub;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const attrs = [
    { shortName: 'CN', value: commonName },
    { shortName: 'O', value: 'Author Centre' },
    { shortName: 'C', value: 'CN' },
  ];
  // ASCII names only: forge re-encodes a parsed UTF-8 name twice, and the signature's issuer would
  // then no longer match the certificate ('signer certificate not found' in every reader).
  if (!/^[\x20-\x7e]+$/.test(commonName)) throw new Error('certificate common name: ASCII only');
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', emailProtection: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(18).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), passphrase };
}
