// The encrypted content coding (RFC 8188) the push service tests decrypt a notification with, as a browser does.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  type DecryptParams = { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string };
  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
