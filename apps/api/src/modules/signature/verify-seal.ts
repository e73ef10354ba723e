import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { pdfString } from './pdf-strings';
import { certificateFingerprint, commonNameOf } from './seal-identity';

/**
 * What the public verification page says about a PDF (decision 0604), read without trusting the
 * file: the last signature's ByteRange is hashed again and compared with the CMS messageDigest, the
 * CMS signature over its signed attributes is checked with the embedded certificate, and that
 * certificate's fingerprint is compared with the platform's.
 */
export interface SealVerification {
  /** SHA-256 of the whole file, lower-case hex. */
  sha256: string;
  /** The file carries a PDF signature at all. */
  signed: boolean;
  /** The signature was made with the platform's certificate. */
  sealedByPlatform: boolean;
  /** The signed bytes hash to the CMS messageDigest and the CMS signature is valid. */
  intact: boolean;
  /** The signature covers the whole file: nothing was appended after sealing. */
  coversWholeFile: boolean;
  signingTime: Date | null;
  certificateFingerprint: string | null;
  certificateName: string | null;
  reason: string | null;
  location: string | null;
}

const OID = {
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;
const DIGEST: Record<string, string> = { [OID.sha256]: 'sha256', [OID.sha384]: 'sha384', [OID.sha512]: 'sha512' };

export function verifySealedPdf(pdf: Buffer, platformFingerprint: string): SealVerification {
  const result: SealVerification = {
    sha256: createHash('sha256').update(pdf).digest('hex'),
    signed: false,
    sealedByPlatform: false,
    intact: false,
    coversWholeFile: false,
    signingTime: null,
    certificateFingerprint: null,
    certificateName: null,
    reason: null,
    location: null,
  };
  const signature = lastSignature(pdf);
  if (!signature) return result;
  result.signed = true;
  result.reason = signature.reason;
  result.location = signature.location;
  const [a, b, c, d] = signature.byteRange;
  result.coversWholeFile = a === 0 && c + d === pdf.length;
  const cms = readCms(signature.contents);
  if (!cms) return result;
  result.signingTime = cms.signingTime;
  if (cms.certificate) {
    result.certificateFingerprint = certificateFingerprint(cms.certificate);
    result.certificateName = safely(() => commonNameOf(cms.certificate as Buffer)) ?? null;
    result.sealedByPlatform = result.certificateFingerprint === platformFingerprint.toLowerCase();
  }
  const algorithm = DIGEST[cms.digestOid];
  if (!algorithm || !cms.messageDigest || !cms.certificate) return result;
  const digest = createHash(algorithm)
    .update(pdf.subarray(a, a + b))
    .update(pdf.subarray(c, c + d))
    .digest();
  const digestMatches = digest.equals(cms.messageDigest);
  const signatureValid =
    safely(() => verifySignature(algorithm, cms.signedAttributes, new X509Certificate(cms.certificate as Buffer).publicKey, cms.signatureValue)) ?? false;
  result.intact = digestMatches && signatureValid;
  return result;
}

function safely<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

interface RawSignature {
  byteRange: [number, number, number, number];
  contents: Buffer;
  reason: string | null;
  location: string | null;
}

/** The last `/ByteRange [a b c d]` of the file with the `/Contents <hex>` it leaves out. */
function lastSignature(pdf: Buffer): RawSignature | null {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  for (const match of ranges.reverse()) {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    // A range past the end (a truncated file) still counts as a signature: its digest will not match.
    if (a !== 0 || b <= 0 || c < b || c > pdf.length) continue;
    const gap = text.slice(a + b, c).trim();
    if (!/^<[0-9a-fA-F\s]*>$/.test(gap)) continue;
    // The signature dictionary: from its « n 0 obj » to its « endobj », around the ByteRange.
    const objStart = text.lastIndexOf(' obj', match.index ?? 0);
    const objEnd = text.indexOf('endobj', c);
    const dict = text.slice(Math.max(0, objStart), objEnd < 0 ? undefined : objEnd);
    return {
      byteRange: [a, b, c, d],
      contents: Buffer.from(gap.slice(1, -1).replace(/\s/g, ''), 'hex'),
      reason: pdfString(dict, 'Reason'),
      location: pdfString(dict, 'Location'),
    };
  }
  return null;
}

interface ParsedCms {
  certificate: Buffer | null;
  digestOid: string;
  messageDigest: Buffer | null;
  signingTime: Date | null;
  /** DER of the signed attributes as signed: a SET (tag 0x31), not the [0] it is stored as. */
  signedAttributes: Buffer;
  signatureValue: Buffer;
}

const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');
const children = (node: forge.asn1.Asn1 | undefined) => (node && Array.isArray(node.value) ? (node.value as forge.asn1.Asn1[]) : []);
const oidOf = (node: forge.asn1.Asn1 | undefined) => (node && typeof node.value === 'string' ? forge.asn1.derToOid(node.value) : '');

/** node-forge's reader with its options (its types only know the older boolean): trailing zero padding is allowed, bytes are kept as read. */
const fromDer = forge.asn1.fromDer as unknown as (
  bytes: forge.util.ByteStringBuffer,
  options: { parseAllBytes: boolean; strict: boolean; decodeBitStrings: boolean },
) => forge.asn1.Asn1;

/** Walks the CMS ContentInfo → SignedData → first SignerInfo (RFC 5652) with node-forge's ASN.1 reader. */
function readCms(contents: Buffer): ParsedCms | null {
  return (
    safely(() => {
      const root = fromDer(forge.util.createBuffer(contents.toString('binary')), { parseAllBytes: false, strict: false, decodeBitStrings: false });
      const signedData = children(children(root)[1])[0];
      const parts = children(signedData);
      const certificates = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
      const signerInfo = children(parts[parts.length - 1])[0];
      const info = children(signerInfo);
      const digestOid = oidOf(children(info[2])[0]);
      const attrs = info.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
      if (!attrs) return null;
      const signatureValue = info[info.length - 1];
      let messageDigest: Buffer | null = null;
      let signingTime: Date | null = null;
      for (const attr of children(attrs)) {
        const [type, values] = children(attr);
        const value = children(values)[0];
        if (oidOf(type) === OID.messageDigest) messageDigest = Buffer.from(value.value as string, 'binary');
        if (oidOf(type) === OID.signingTime)
          signingTime =
            value.type === forge.asn1.Type.UTCTIME ? forge.asn1.utcTimeToDate(value.value as string) : forge.asn1.generalizedTimeToDate(value.value as string);
      }
      const signedAttributes = bytesOf(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, children(attrs)));
      const certificate = children(certificates)[0];
      return {
        certificate: certificate ? bytesOf(certificate) : null,
        digestOid,
        messageDigest,
        signingTime,
        signedAttributes,
        signatureValue: Buffer.from(signatureValue.value as string, 'binary'),
      };
    }) ?? null
  );
}
