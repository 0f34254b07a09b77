/**
 * An upload's decode is bounded (issue 29): a canvas over 25 megapixels or 10000 px a side is refused from its header
 * with a message naming the limit, before any decoder is taken; a normal picture still uploads, its decode going
 * through the gate for its shopper; a shopper whose decode is running gets busy rather than a second decoder.
 */
import sharp from 'sharp';
import { DecodeGate } from '../../../services/uploads/decode-gate';
import { MAX_INPUT_PIXELS, MAX_INPUT_SIDE } from '../../../services/uploads/image-processing';
import { createMemoryBlobStore } from '../../../services/uploads/memory-blob-store';
import { UploadRefused, UploadRefusals, uploadImage } from '../../../services/uploads/upload-image';

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 60 } } });

function instrumentedGate(waitMs = 60_000) {
  const seen = { most: 0, started: [] as number[] };
  const gate = new DecodeGate({ total: 2, perShopper: 1, waitMs, maxWaiting: 32 }, {
    started: (shopper, running) => { seen.started.push(shopper); seen.most = Math.max(seen.most, running); },
  });
  return { gate, seen };
}

const TOO_LARGE = '参数 file 无效：图片尺寸过大（最大 5000×5000，宽高均不超过 10000 像素）';

describe('uploading a picture', () => {
  it('keeps the limits the message names', () => {
    expect([MAX_INPUT_PIXELS, MAX_INPUT_SIDE]).toEqual([5000 * 5000, 10_000]);
    expect(UploadRefusals.canvasTooLarge).toBe(TOO_LARGE);
  });

  it('refuses a 7000×7000 PNG of a few hundred KB from its header: stored nothing, decoded nothing', async () => {
    const bomb = await canvas(7000, 7000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const blobs = createMemoryBlobStore();
    const { gate, seen } = instrumentedGate();
    const refusal = await uploadImage(blobs, bomb, { userId: 1, decodes: gate }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UploadRefused);
    expect((refusal as Error).message).toBe(TOO_LARGE);
    expect(seen.started).toEqual([]);
  });

  it('refuses a side over 10000 px however few pixels it has (a 1×12000 GIF)', async () => {
    const strip = await canvas(1, 12_000).gif().toBuffer();
    const { gate } = instrumentedGate();
    await expect(uploadImage(createMemoryBlobStore(), strip, { userId: 1, decodes: gate })).rejects.toThrow(TOO_LARGE);
  });

  it('uploads a normal picture through the shopper\'s decoder', async () => {
    const { gate, seen } = instrumentedGate();
    const uploaded = await uploadImage(createMemoryBlobStore(), await canvas(1600, 1200).jpeg().toBuffer(), { userId: 42, decodes: gate });
    expect(uploaded.url).toMatch(/^\/api\/images\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(seen.started).toEqual([42]);
  });

  it('runs at most two decodes at once when four shoppers upload together', async () => {
    const { gate, seen } = instrumentedGate();
    const pictures = await Promise.all([1, 2, 3, 4].map((i) => canvas(1200 + i, 900).png().toBuffer()));
    const blobs = createMemoryBlobStore();
    await Promise.all(pictures.map((bytes, i) => uploadImage(blobs, bytes, { userId: 10 + i, decodes: gate })));
    expect(seen.started.sort()).toEqual([10, 11, 12, 13]);
    expect(seen.most).toBeLessThanOrEqual(2);
  });

  it('answers busy to a shopper whose decode is still running; another shopper uploads meanwhile', async () => {
    const { gate } = instrumentedGate(0);
    let finish!: () => void;
    const running = gate.run(7, () => new Promise<void>((resolve) => { finish = resolve; }));
    const picture = await canvas(64, 48).png().toBuffer();
    await expect(uploadImage(createMemoryBlobStore(), picture, { userId: 7, decodes: gate }))
      .rejects.toMatchObject({ errorName: 'imageDecodersBusy', message: '服务繁忙，请稍后重试' });
    await expect(uploadImage(createMemoryBlobStore(), picture, { userId: 8, decodes: gate })).resolves.toHaveProperty('url');
    finish();
    await running;
    await expect(uploadImage(createMemoryBlobStore(), picture, { userId: 7, decodes: gate })).resolves.toHaveProperty('url');
  });
});
