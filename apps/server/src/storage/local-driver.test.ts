import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalStorageDriver } from './local-driver';
import { parseRange } from './range-read';
import { StorageError } from './storage';
import { signStorageToken } from './url-token';

const BUCKET = 'lectern';
const secret = crypto.randomBytes(32);
const tokenOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').searchParams.get('token') ?? '');
const body = (data: string | Buffer) => Readable.from([Buffer.from(data)]);
const md5 = (data: string | Buffer) => crypto.createHash('md5').update(data).digest('hex');

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof StorageError ? error.code : `unexpected: ${String(error)}`;
  }
}

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('local storage driver', () => {
  let root: string;
  let now: number;
  let driver: LocalStorageDriver;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-local-'));
    now = Date.UTC(2026, 0, 1);
    driver = new LocalStorageDriver({ root, secret, now: () => now });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const put = async (key: string, data: string | Buffer) => {
    const signed = await driver.presignPut(
      { bucket: BUCKET, key },
      { contentType: 'video/mp4', size: Buffer.byteLength(data), expiresIn: 60 },
    );
    return driver.acceptUpload(tokenOf(signed.url), body(data), Buffer.byteLength(data));
  };

  it('stores a single PUT under its bucket folder, with an md5 ETag', async () => {
    const signed = await driver.presignPut(
      { bucket: BUCKET, key: 'subjects/s1/a b.mp4' },
      { contentType: 'video/mp4', size: 5, expiresIn: 60 },
    );
    expect(signed.url).toMatch(/^\/files\/upload\?token=v1\./);
    expect(signed.headers).toEqual({ 'content-type': 'video/mp4' });
    const result = await driver.acceptUpload(tokenOf(signed.url), body('hello'), 5);
    expect(result).toEqual({ etag: `"${md5('hello')}"`, size: 5 });
    expect(fs.readFileSync(path.join(root, BUCKET, 'subjects', 's1', 'a b.mp4'), 'utf8')).toBe('hello');
    expect((await driver.head({ bucket: BUCKET, key: 'subjects/s1/a b.mp4' }))?.size).toBe(5);
    expect(Buffer.from(await driver.readFirstBytes({ bucket: BUCKET, key: 'subjects/s1/a b.mp4' }, 3)).toString()).toBe(
      'hel',
    );
    expect(await driver.head({ bucket: BUCKET, key: 'subjects/s1/none.mp4' })).toBeNull();
  });

  it('refuses an expired, forged or wrong-purpose link, and never writes outside the key it names', async () => {
    const signed = await driver.presignPut(
      { bucket: BUCKET, key: 'a/x.mp4' },
      { contentType: 'video/mp4', size: 5, expiresIn: 60 },
    );
    const token = tokenOf(signed.url);
    now += 61_000;
    expect(await code(driver.acceptUpload(token, body('hello'), 5))).toBe('Expired');
    now -= 61_000;
    const [v, payload, mac] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.k = '../../etc/passwd';
    expect(
      await code(
        driver.acceptUpload(`${v}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`, body('x'), 1),
      ),
    ).toBe('InvalidToken');
    expect(await code(driver.acceptUpload('garbage', body('x'), 1))).toBe('InvalidToken');
    const read = await driver.presignGet({ bucket: BUCKET, key: 'a/x.mp4' }, { expiresIn: 60 });
    expect(await code(driver.acceptUpload(tokenOf(read.url), body('x'), 1))).toBe('InvalidToken');
    // A token signed with our key but naming an unsafe key is still refused by the path check.
    const evil = signStorageToken(secret, { op: 'put', b: BUCKET, k: '../outside.mp4', max: 10, exp: now + 60_000 });
    expect(await code(driver.acceptUpload(evil, body('x'), 1))).toBe('InvalidKey');
    const evilBucket = signStorageToken(secret, { op: 'put', b: '../x', k: 'a.mp4', max: 10, exp: now + 60_000 });
    expect(await code(driver.acceptUpload(evilBucket, body('x'), 1))).toBe('InvalidKey');
    expect(fs.existsSync(path.join(root, 'outside.mp4'))).toBe(false);
  });

  it('refuses a body larger than its link allows, by length and while streaming, and leaves nothing behind', async () => {
    const signed = await driver.presignPut(
      { bucket: BUCKET, key: 'a/x.mp4' },
      { contentType: 'video/mp4', size: 4, expiresIn: 60 },
    );
    expect(await code(driver.acceptUpload(tokenOf(signed.url), body('hello'), 5))).toBe('TooLarge');
    expect(await code(driver.acceptUpload(tokenOf(signed.url), body('hello'), undefined))).toBe('TooLarge');
    expect(fs.existsSync(path.join(root, BUCKET, 'a', 'x.mp4'))).toBe(false);
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('multipart: parts in any order, listed for resume, replaced when sent again, assembled in order', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/big.mp4' };
    const id = await driver.createMultipart(ref, { partSize: 3 });
    const send = async (n: number, data: string) => {
      const signed = await driver.presignPart(ref, id, n, { size: 10, expiresIn: 60 });
      return driver.acceptUpload(tokenOf(signed.url), body(data), data.length);
    };
    const three = await send(3, 'CC');
    const wrong = await send(1, 'XYZ');
    const one = await send(1, 'AAA');
    const two = await send(2, 'BBB');
    // a cheap ETag (no hash of the bytes), new on every write, even of the same bytes
    for (const part of [one, two, three, wrong]) expect(part.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(one.etag).not.toBe(wrong.etag);
    expect((await send(2, 'BBB')).etag).not.toBe(two.etag);
    const twoAgain = (await driver.listParts(ref, id))[1]!;
    expect(await driver.listParts(ref, id)).toEqual([
      { partNumber: 1, etag: one.etag, size: 3 },
      { partNumber: 2, etag: twoAgain.etag, size: 3 },
      { partNumber: 3, etag: three.etag, size: 2 },
    ]);
    // S3's InvalidPart: an ETag of an earlier write of the part, a part not stored, a gap
    const complete = (parts: { partNumber: number; etag: string }[]) => code(driver.completeMultipart(ref, id, parts));
    expect(
      await complete([
        { partNumber: 1, etag: wrong.etag },
        { partNumber: 2, etag: twoAgain.etag },
        { partNumber: 3, etag: three.etag },
      ]),
    ).toBe('InvalidPart');
    expect(
      await complete([
        { partNumber: 1, etag: one.etag },
        { partNumber: 2, etag: two.etag },
      ]),
    ).toBe('InvalidPart');
    expect(await complete([{ partNumber: 4, etag: one.etag }])).toBe('InvalidPart');
    expect(
      await complete([
        { partNumber: 1, etag: one.etag },
        { partNumber: 3, etag: three.etag },
      ]),
    ).toBe('InvalidPart');
    expect(await complete([])).toBe('InvalidPart');
    // the parts are written in place: complete renames the data file, it never copies it
    const data = fs.statSync(path.join(root, '.multipart', id, 'data'));
    await driver.completeMultipart(ref, id, [
      { partNumber: 3, etag: three.etag.replace(/"/g, '') },
      { partNumber: 1, etag: one.etag },
      { partNumber: 2, etag: twoAgain.etag },
    ]);
    const file = path.join(root, BUCKET, 'subjects', 's1', 'big.mp4');
    expect(fs.readFileSync(file, 'utf8')).toBe('AAABBBCC');
    expect(fs.statSync(file).ino).toBe(data.ino);
    expect(fs.existsSync(path.join(root, '.multipart', id))).toBe(false);
    expect(await code(driver.listParts(ref, id))).toBe('NoSuchUpload');
    expect(await code(send(1, 'AAA'))).toBe('NoSuchUpload');
  });

  it('multipart: only whole parts before the last, never more than the part size, the object cut to the parts named', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/cut.mp4' };
    const id = await driver.createMultipart(ref, { partSize: 4 });
    const send = async (n: number, data: string, length: number | undefined = data.length) => {
      const signed = await driver.presignPart(ref, id, n, { size: 10, expiresIn: 60 });
      return driver.acceptUpload(tokenOf(signed.url), body(data), length);
    };
    // the link allows 10 bytes, the part size 4: a longer body would run into the next part
    expect(await code(send(1, 'AAAAA'))).toBe('TooLarge');
    expect(await code(send(1, 'AAAAA', undefined))).toBe('TooLarge');
    const short = await send(1, 'AA');
    const two = await send(2, 'BBBB');
    expect(
      await code(
        driver.completeMultipart(ref, id, [
          { partNumber: 1, etag: short.etag },
          { partNumber: 2, etag: two.etag },
        ]),
      ),
    ).toBe('InvalidPart');
    const one = await send(1, 'AAAA');
    await send(3, 'CCCC');
    // parts 1 and 2 only: part 3's bytes are cut off
    await driver.completeMultipart(ref, id, [
      { partNumber: 1, etag: one.etag },
      { partNumber: 2, etag: two.etag },
    ]);
    expect(fs.readFileSync(path.join(root, BUCKET, 'subjects', 's1', 'cut.mp4'), 'utf8')).toBe('AAAABBBB');
    expect(await code(driver.createMultipart(ref, { partSize: 0 }))).toBe('InvalidArgument');
  });

  it('multipart: a part cut short counts as missing, even when an earlier upload of it was whole', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/cut-short.mp4' };
    const id = await driver.createMultipart(ref, { partSize: 4 });
    const signed = await driver.presignPart(ref, id, 1, { size: 4, expiresIn: 60 });
    await driver.acceptUpload(tokenOf(signed.url), body('AAAA'), 4);
    expect((await driver.listParts(ref, id)).map((p) => p.partNumber)).toEqual([1]);
    const broken = new Readable({
      read() {
        this.push(Buffer.from('ZZ'));
        this.destroy(new Error('connection reset'));
      },
    });
    expect(await code(driver.acceptUpload(tokenOf(signed.url), broken, 4))).toMatch(/connection reset/);
    expect(await driver.listParts(ref, id)).toEqual([]);
  });

  it('multipart: a newer write of a part cancels the one in progress; complete and abort cancel them all', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/race.mp4' };
    const id = await driver.createMultipart(ref, { partSize: 4 });
    const link = async (n: number) => tokenOf((await driver.presignPart(ref, id, n, { size: 4, expiresIn: 60 })).url);
    /**
     * A body that sends its first bytes, then waits until told to go on; `writing` resolves when the
     * write reading it asks for more than the first bytes (it is under way).
     */
    const slow = (first: string, rest: string) => {
      let go!: () => void;
      const wait = new Promise<void>((resolve) => (go = resolve));
      let underWay!: () => void;
      const writing = new Promise<void>((resolve) => (underWay = resolve));
      let step = 0;
      const stream = new Readable({
        read() {
          if (step === 0) this.push(Buffer.from(first));
          else if (step === 1) {
            underWay();
            void wait.then(() => this.push(Buffer.from(rest)));
          } else this.push(null);
          step++;
        },
      });
      return { stream, go, writing };
    };
    const older = slow('XX', 'XX');
    const olderWrite = code(driver.acceptUpload(await link(1), older.stream, 4));
    await older.writing;
    const newer = await driver.acceptUpload(await link(1), body('AAAA'), 4);
    expect(await olderWrite).toBe('Unavailable');
    older.go();
    expect(await driver.listParts(ref, id)).toEqual([{ partNumber: 1, etag: newer.etag, size: 4 }]);

    const pending = slow('BB', 'BB');
    const pendingWrite = code(driver.acceptUpload(await link(2), pending.stream, 4));
    await pending.writing;
    await driver.completeMultipart(ref, id, [{ partNumber: 1, etag: newer.etag }]);
    expect(await pendingWrite).toBe('NoSuchUpload');
    // the cancelled write let go of its body: what it sends now reaches no file
    expect(pending.stream.destroyed).toBe(true);
    pending.go();
    expect(fs.readFileSync(path.join(root, BUCKET, 'subjects', 's1', 'race.mp4'), 'utf8')).toBe('AAAA');

    const other = await driver.createMultipart(ref, { partSize: 4 });
    const late = slow('CC', 'CC');
    const signed = await driver.presignPart(ref, other, 1, { size: 4, expiresIn: 60 });
    const lateWrite = code(driver.acceptUpload(tokenOf(signed.url), late.stream, 4));
    await late.writing;
    await driver.abortMultipart(ref, other);
    expect(await lateWrite).toBe('NoSuchUpload');
    late.go();
    expect(fs.existsSync(path.join(root, '.multipart', other))).toBe(false);
  });

  it('multipart: an upload begun before parts were written in place (no part size recorded) starts afresh', async () => {
    const ref = { bucket: BUCKET, key: 'subjects/s1/old.mp4' };
    const id = crypto.randomBytes(16).toString('hex');
    const dir = path.join(root, '.multipart', id);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'upload.json'), JSON.stringify(ref));
    fs.writeFileSync(path.join(dir, `1.${md5('AAA')}`), 'AAA');
    expect(await code(driver.listParts(ref, id))).toBe('NoSuchUpload');
    const signed = await driver.presignPart(ref, id, 2, { size: 3, expiresIn: 60 });
    expect(await code(driver.acceptUpload(tokenOf(signed.url), body('BBB'), 3))).toBe('NoSuchUpload');
    expect(await code(driver.completeMultipart(ref, id, [{ partNumber: 1, etag: md5('AAA') }]))).toBe('NoSuchUpload');
    await driver.abortMultipart(ref, id);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('abort drops the parts; a part link of another upload or key is refused', async () => {
    const ref = { bucket: BUCKET, key: 'a/x.mp4' };
    const id = await driver.createMultipart(ref, { partSize: 10 });
    const other = await driver.createMultipart({ bucket: BUCKET, key: 'a/y.mp4' }, { partSize: 10 });
    const signed = await driver.presignPart({ bucket: BUCKET, key: 'a/y.mp4' }, id, 1, { size: 10, expiresIn: 60 });
    expect(await code(driver.acceptUpload(tokenOf(signed.url), body('x'), 1))).toBe('NoSuchUpload');
    await driver.abortMultipart(ref, id);
    await driver.abortMultipart(ref, id);
    expect(fs.existsSync(path.join(root, '.multipart', id))).toBe(false);
    expect(fs.existsSync(path.join(root, '.multipart', other))).toBe(true);
    expect(await code(driver.listParts(ref, 'not-an-id'))).toBe('NoSuchUpload');
  });

  it('lists by prefix in key byte order with continuation tokens', async () => {
    for (const name of ['b.png', 'a.png', 'c.png', 'é.png', 'z.png', 'Z.png', 'sub/d.png'])
      await put(`imgs/${name}`, 'x');
    await put('other/a.png', 'x');
    const keys: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await driver.list({ bucket: BUCKET, prefix: 'imgs/', maxKeys: 3, continuationToken: token });
      keys.push(...page.contents.map((c) => c.key));
      token = page.nextContinuationToken;
      expect(page.isTruncated).toBe(token !== undefined);
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(keys).toEqual([
      'imgs/Z.png',
      'imgs/a.png',
      'imgs/b.png',
      'imgs/c.png',
      'imgs/sub/d.png',
      'imgs/z.png',
      'imgs/é.png',
    ]);
    expect((await driver.list({ bucket: BUCKET, prefix: 'imgs/b', maxKeys: 50 })).contents.map((c) => c.key)).toEqual([
      'imgs/b.png',
    ]);
    expect((await driver.list({ bucket: BUCKET, prefix: 'nothing/', maxKeys: 50 })).contents).toEqual([]);
    expect((await driver.list({ bucket: BUCKET, prefix: 'imgs/../other/', maxKeys: 50 })).contents).toEqual([]);
    expect(await code(driver.list({ bucket: BUCKET, prefix: 'imgs/', maxKeys: 3, continuationToken: '%%%' }))).toBe(
      'InvalidArgument',
    );
    const foreign = Buffer.from(JSON.stringify({ a: 'other/a.png' })).toString('base64url');
    expect(await code(driver.list({ bucket: BUCKET, prefix: 'imgs/', maxKeys: 3, continuationToken: foreign }))).toBe(
      'InvalidArgument',
    );
  });

  it('copies, moves and deletes, pruning empty folders', async () => {
    await put('subjects/s1/v.mp4', 'video');
    await driver.copy({ bucket: BUCKET, key: 'subjects/s1/v.mp4' }, { bucket: BUCKET, key: 'subjects/s2/v.mp4' });
    await driver.move({ bucket: BUCKET, key: 'subjects/s1/v.mp4' }, { bucket: BUCKET, key: 'subjects/s3/w.mp4' });
    expect(await driver.head({ bucket: BUCKET, key: 'subjects/s1/v.mp4' })).toBeNull();
    expect(fs.existsSync(path.join(root, BUCKET, 'subjects', 's1'))).toBe(false);
    expect(fs.readFileSync(path.join(root, BUCKET, 'subjects', 's3', 'w.mp4'), 'utf8')).toBe('video');
    await driver.delete({ bucket: BUCKET, key: 'subjects/s3/w.mp4' });
    await driver.delete({ bucket: BUCKET, key: 'subjects/s3/w.mp4' });
    expect(fs.existsSync(path.join(root, BUCKET, 'subjects', 's3'))).toBe(false);
    expect(await code(driver.move({ bucket: BUCKET, key: 'none/x' }, { bucket: BUCKET, key: 'none/y' }))).toBe(
      'NotFound',
    );
    expect(await code(driver.copy({ bucket: BUCKET, key: 'none/x' }, { bucket: BUCKET, key: 'none/y' }))).toBe(
      'NotFound',
    );
    for (const key of ['../x', '/etc/passwd', 'a/../../x', 'a\\..\\x', 'a/\u0000']) {
      expect(await code(driver.delete({ bucket: BUCKET, key }))).toBe('InvalidKey');
      expect(await code(driver.head({ bucket: BUCKET, key }))).toBe('InvalidKey');
    }
  });

  it('serves signed reads with byte ranges', async () => {
    await put('subjects/s1/v.mp4', '0123456789');
    const signed = await driver.presignGet({ bucket: BUCKET, key: 'subjects/s1/v.mp4' }, { expiresIn: 60 });
    const token = tokenOf(signed.url);
    const whole = await driver.serveRead(token, undefined);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(await readAll(whole.open!())).toBe('0123456789');
    const part = await driver.serveRead(token, 'bytes=2-5');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    expect(await readAll(part.open!())).toBe('2345');
    expect(await readAll((await driver.serveRead(token, 'bytes=-3')).open!())).toBe('789');
    expect((await driver.serveRead(token, 'bytes=20-')).status).toBe(416);
    now += 61_000;
    expect(await code(driver.serveRead(token, undefined))).toBe('Expired');
  });

  it('serves every stored file sandboxed, named as it was uploaded, and as a download when asked', async () => {
    const key = 'catalogues/c1/0b7c2f4e-1d2a-4c3b-9e8f-112233445566-Syllabus 2027.pdf';
    await put(key, '%PDF-1.7 <html><script>alert(1)</script>');
    const inline = await driver.serveRead(
      tokenOf((await driver.presignGet({ bucket: BUCKET, key }, { expiresIn: 60 })).url),
      undefined,
    );
    expect(inline.headers['content-security-policy']).toBe('sandbox');
    expect(inline.headers['content-disposition']).toBe(`inline; filename*=UTF-8''Syllabus%202027.pdf`);
    const download = await driver.serveRead(
      tokenOf((await driver.presignGet({ bucket: BUCKET, key }, { expiresIn: 60, downloadName: 'Syllabus.pdf' })).url),
      undefined,
    );
    expect(download.headers['content-security-policy']).toBe('sandbox');
    expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Syllabus.pdf`);
  });

  it('parses ranges', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange('bytes=5-2', 10)).toBeUndefined();
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
  });

  it('streams a large body to disk without holding it in memory', async () => {
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 7);
    const concat = vi.spyOn(Buffer, 'concat');
    const readFile = vi.spyOn(fsp, 'readFile');
    const readFileSync = vi.spyOn(fs, 'readFileSync');
    const signed = await driver.presignPut(
      { bucket: BUCKET, key: 'subjects/s1/huge.mp4' },
      { contentType: 'video/mp4', size: total, expiresIn: 60 },
    );
    let sent = 0;
    let peak = 0;
    const base = process.memoryUsage();
    const source = new Readable({
      read() {
        if (sent >= total) return this.push(null);
        sent += chunk.length;
        const usage = process.memoryUsage();
        peak = Math.max(peak, usage.arrayBuffers + usage.heapUsed - base.arrayBuffers - base.heapUsed);
        // the same bytes every time: whatever memory grows is the driver's, not the test's garbage
        this.push(chunk);
      },
    });
    try {
      const result = await driver.acceptUpload(tokenOf(signed.url), source, total);
      expect(result.size).toBe(total);
      expect(concat).not.toHaveBeenCalled();
      expect(readFile).not.toHaveBeenCalled();
      expect(readFileSync).not.toHaveBeenCalled();
    } finally {
      concat.mockRestore();
      readFile.mockRestore();
      readFileSync.mockRestore();
    }
    // Loose (garbage collection may lag), yet far below the 64 MiB body.
    expect(peak).toBeLessThan(24 * 1024 * 1024);
    expect(fs.statSync(path.join(root, BUCKET, 'subjects', 's1', 'huge.mp4')).size).toBe(total);
  });

  it('writes multipart bodies into place without holding them in memory', async () => {
    const partSize = 16 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 7);
    const ref = { bucket: BUCKET, key: 'subjects/s1/huge-multipart.mp4' };
    const id = await driver.createMultipart(ref, { partSize });
    const concat = vi.spyOn(Buffer, 'concat');
    let peak = 0;
    const base = process.memoryUsage();
    const source = () => {
      let sent = 0;
      return new Readable({
        read() {
          if (sent >= partSize) return this.push(null);
          sent += chunk.length;
          const usage = process.memoryUsage();
          peak = Math.max(peak, usage.arrayBuffers + usage.heapUsed - base.arrayBuffers - base.heapUsed);
          this.push(chunk);
        },
      });
    };
    const parts: { partNumber: number; etag: string }[] = [];
    try {
      for (const partNumber of [2, 1, 4, 3]) {
        const signed = await driver.presignPart(ref, id, partNumber, { size: partSize, expiresIn: 60 });
        const { etag } = await driver.acceptUpload(tokenOf(signed.url), source(), partSize);
        parts.push({ partNumber, etag });
      }
      await driver.completeMultipart(ref, id, parts);
      // (fs joins a few bytes of paths and of upload.json; never the body)
      const joined = concat.mock.calls.map(([list]) => list.reduce((sum, item) => sum + item.length, 0));
      expect(Math.max(0, ...joined)).toBeLessThan(64 * 1024);
    } finally {
      concat.mockRestore();
    }
    expect(peak).toBeLessThan(24 * 1024 * 1024);
    expect(fs.statSync(path.join(root, BUCKET, 'subjects', 's1', 'huge-multipart.mp4')).size).toBe(4 * partSize);
  });

  it('reports health', async () => {
    expect(await driver.check()).toBe('ok');
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, 'x');
    const broken = new LocalStorageDriver({ root: path.join(file, 'storage'), secret });
    expect(await broken.check()).toBe('down');
  });
});
