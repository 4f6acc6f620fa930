import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { redactHeaders, redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides storage tokens in the query, keeping the rest', () => {
    expect(redactUrl('/files/object?token=v1.eyJrIjoic3ViamVjdHMvMS9hLm1wNCJ9.sig&download=1')).toBe(
      '/files/object?token=[redacted]&download=1',
    );
    expect(redactUrl('/files/upload?part=3&Token=abc')).toBe('/files/upload?part=3&Token=[redacted]');
  });

  it('hides S3 presigned signatures and credentials', () => {
    expect(redactUrl('/x?X-Amz-Credential=AKIA%2F20261124&X-Amz-Signature=deadbeef&X-Amz-Expires=900')).toBe(
      '/x?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=900',
    );
  });

  it('hides the HLS token that travels in the path', () => {
    expect(redactUrl('/media/hls/v1.payload.mac/720p/segment_003.ts')).toBe(
      '/media/hls/[redacted]/720p/segment_003.ts',
    );
  });

  it('leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/subjects/subject/all?page=0&size=10')).toBe('/api/subjects/subject/all?page=0&size=10');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('redactHeaders', () => {
  it('replaces the session token, the signature and cookies', () => {
    expect(
      redactHeaders({ authorization: 'abc', 'x-signature': 'v1.x', cookie: 'a=b', 'content-type': 'application/json' }),
    ).toEqual({
      authorization: '[redacted]',
      'x-signature': '[redacted]',
      cookie: '[redacted]',
      'content-type': 'application/json',
    });
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default', () => {
    expect(loadConfig({}).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).http.trustProxy).toBe(false);
  });

  it('takes a hop count, a list of proxy addresses, or true', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).http.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).http.trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
  });

  it('refuses anything else with a message naming the setting', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
