import crypto from 'node:crypto';
import selfsigned from 'selfsigned';

/**
 * A self-signed certificate for https://127.0.0.1, valid for a day: for the TLS tests and the
 * Lighthouse bench's server. `spkiHash` (base64 SHA-256 of the public key) lets Chromium trust
 * exactly this key (--ignore-certificate-errors-spki-list) and nothing else.
 */
export async function localCertificate(): Promise<{ cert: string; key: string; spkiHash: string }> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const spki = crypto.createPublicKey(pems.cert).export({ type: 'spki', format: 'der' });
  return { cert: pems.cert, key: pems.private, spkiHash: crypto.createHash('sha256').update(spki).digest('base64') };
}
