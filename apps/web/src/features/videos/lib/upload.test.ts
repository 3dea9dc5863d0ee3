import { VIDEO_UPLOAD_RETRY_DELAYS } from '@rehabit/contract';
import { describe, expect, it } from 'vitest';
import { pendingUploads } from './pending-uploads.ts';
import { percentOf, shouldRetry } from './upload.ts';

describe('video upload rules', () => {
  it('waits 0, 3, 5, 10, 20, 60 and 60 seconds between attempts (decision 1311)', () => {
    expect(VIDEO_UPLOAD_RETRY_DELAYS).toEqual([0, 3000, 5000, 10000, 20000, 60000, 60000]);
  });

  it.each([
    [undefined, true],
    [500, true],
    [502, true],
    [409, true],
    [423, true],
    [400, false],
    [403, false],
    [404, false],
    [413, false],
    [415, false],
  ])('retries after status %s: %s (decision 1311)', (status, expected) => {
    expect(shouldRetry(status)).toBe(expected);
  });

  it('reports whole percents and never 100 before the last byte', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
  });

  it('remembers an unfinished upload per file until it is done', () => {
    const file = new File(['x'.repeat(10)], 'squat.mp4', { type: 'video/mp4', lastModified: 5 });
    const credentials = {
      id: 3,
      video_id: 'v',
      library_id: '1',
      signature: 's',
      expiration: 1,
      upload_url: '/tus/',
    };
    expect(pendingUploads.find(file)).toBeNull();
    pendingUploads.save(file, credentials);
    expect(pendingUploads.find(file)).toEqual(credentials);
    expect(pendingUploads.list()).toEqual([{ name: 'squat.mp4', size: 10 }]);
    pendingUploads.remove(file);
    expect(pendingUploads.find(file)).toBeNull();
  });
});
