import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throw-away certificate for 127.0.0.1 (openssl), so the fake push service speaks HTTPS as real ones do. */
function localCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile), cert: readFileSync(certFile), certFile };
}

/**
 * A stand-in for a browser vendor's push service: web-push really encrypts and POSTs each notification here
 * (over HTTPS; this process trusts the certificate, a spawned server gets `NODE_EXTRA_CA_CERTS=certFile`), so a
 * test counts the pushes a member was sent. `subscription()` makes browser-like keys (P-256 point, auth secret).
 */
export async function startFakePushService() {
  const { key, cert, certFile } = localCertificate();
  https.globalAgent.options.ca = [cert];
  const received: { path: string; bytes: number }[] = [];
  const server = https.createServer({ key, cert }, (request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      received.push({ path: request.url ?? '', bytes });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    certFile,
    /** Pushes received for one subscription. */
    count: (name: string) => received.filter((r) => r.path === `/push/${name}`).length,
    subscription(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      return {
        endpoint: `${base}/push/${name}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
