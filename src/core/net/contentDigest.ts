// One name for a body's bytes that both ends agree on: the SHA-512 the on-disk cache (cacache)
// already computes and keeps in its index as an SRI integrity ("sha512-<base64>"). Work derived
// from a body (a PDF's pdfjs reading, its GROBID TEI) is keyed by it, so a repeat finds that
// work from the cache index alone, without reading and hashing the body again.
import { createHash } from 'node:crypto';

/** The body's SHA-512 as lowercase hex: what `digestOfIntegrity` gives for its cache entry. */
export function contentDigest(bytes: Uint8Array): string {
  return createHash('sha512').update(bytes).digest('hex');
}

const SHA512_BASE64 = /^sha512-([A-Za-z0-9+/]{86}==)(?:\?.*)?$/;

/**
 * The SHA-512 (hex) named by a cacache integrity string, or undefined when it names none (another
 * algorithm, a torn or foreign index line): the caller then reads and hashes the body itself.
 */
export function digestOfIntegrity(integrity: unknown): string | undefined {
  if (typeof integrity !== 'string') return undefined;
  for (const token of integrity.trim().split(/\s+/)) {
    const match = SHA512_BASE64.exec(token);
    if (match) return Buffer.from(match[1]!, 'base64').toString('hex');
  }
  return undefined;
}
