import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import { imageFileProblem } from './imageFile.js';

describe('imageFileProblem', () => {
  it('accepts a JPEG within the size limit', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: 200_000 })).toBeNull();
  });

  it('refuses a file that is not one of the accepted image types', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(UPLOAD_MESSAGES.notAnImage);
  });

  it('refuses an image larger than the upload limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe(UPLOAD_MESSAGES.tooLarge);
  });
});
