import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, DEMO_TOTP_KEY, DEMO_TOTP_SECRET, totpCode, totpUri } from './two-factor';

describe('TOTP helpers (the demo key, npm run totp and the tests)', () => {
  it('computes the RFC 6238 SHA-1 test vectors (last 6 digits)', () => {
    const key = base32Encode(new TextEncoder().encode('12345678901234567890'));
    expect(key).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(key, seconds * 1000), String(seconds)).toBe(code);
  });

  it('round-trips base32 and builds the otpauth address of the demo key', () => {
    expect(new TextDecoder().decode(base32Decode(DEMO_TOTP_KEY))).toBe(DEMO_TOTP_SECRET);
    const uri = new URL(totpUri(DEMO_TOTP_KEY, 'sofie@koppel.example'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(DEMO_TOTP_KEY);
    expect(uri.searchParams.get('issuer')).toBe('Koppel');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Koppel:sofie@koppel.example');
  });
});
