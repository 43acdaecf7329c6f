import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFeaturedImage, MAX_FEATURED_IMAGE_BYTES } from '../../src/engine/connectors/featured-image';
import { parseOutboundAllow, setOutboundPolicy } from '../../src/platform/egress/outbound-policy';
import { startRecordingListener, type RecordingListener } from '../support/recording-listener';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const http = { timeoutMs: 5000, siteLabel: 'https://blog.example' };

/** A featured image by URL: a user's address, so it goes through the outbound policy, and is read within its cap. */
describe('featured image download', () => {
  let images: RecordingListener;
  beforeAll(async () => {
    images = await startRecordingListener('127.0.0.1', (request, response) => {
      if (request.url === '/huge.png') {
        // No content-length: the cap must hold while the bytes stream in.
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent <= MAX_FEATURED_IMAGE_BYTES + chunk.length) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        response.on('error', () => undefined);
        pump();
        return;
      }
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
  });
  afterAll(() => images.close());
  afterEach(() => setOutboundPolicy(parseOutboundAllow(process.env.OUTBOUND_ALLOW)));

  it('is refused on an internal address, the post going on without it, and nothing connects', async () => {
    setOutboundPolicy(parseOutboundAllow(''));
    for (const url of [`${images.url}/a.png`, `http://localhost:${images.port}/a.png`, `http://2130706433:${images.port}/a.png`]) {
      const loaded = await loadFeaturedImage({ url }, http);
      expect(loaded).toEqual({ warning: expect.stringMatching(/could not be downloaded \(Refused to connect to .+OUTBOUND_ALLOW\); the post was published without it\.$/) });
    }
    expect(images.connections).toEqual([]);
  });

  it('is downloaded where OUTBOUND_ALLOW opens the address', async () => {
    setOutboundPolicy(parseOutboundAllow('127.0.0.1'));
    const loaded = await loadFeaturedImage({ url: `${images.url}/photo.png`, alt: 'A photo' }, http);
    expect(loaded).toMatchObject({ filename: 'photo.png', contentType: 'image/png', alt: 'A photo' });
    // An address without a file name takes the post's alt text (its title), never a fixed word.
    const unnamed = await loadFeaturedImage({ url: `${images.url}/`, alt: 'Rain barrels for a small garden' }, http);
    expect(unnamed).toMatchObject({ filename: 'Rain-barrels-for-a-small-garden.png' });
  });

  it('stops reading past 20 MB when the size was not announced', async () => {
    setOutboundPolicy(parseOutboundAllow('127.0.0.1'));
    const before = process.memoryUsage().arrayBuffers;
    const loaded = await loadFeaturedImage({ url: `${images.url}/huge.png` }, http);
    expect(loaded).toEqual({ warning: `The featured image ${images.url}/huge.png is larger than 20 MB; the post was published without it.` });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });
});
