import { describe, expect, it } from 'vitest';
import { NEET_CATALOGUE } from '../../test/fixtures';
import { thumbnailKey } from './media-step';

const VIDEO = NEET_CATALOGUE.previewVideos[0]!;

describe('thumbnail chosen in the Browse Demo Videos drawer', () => {
  it('is the generated thumbnail whose key the signed address holds', () => {
    expect(
      thumbnailKey(VIDEO, 'http://cdn.test/files/preview-videos%2Fc-neet%2Fv-1%2Fthumb-2.jpg?expires=1&signature=abc'),
    ).toBe('preview-videos/c-neet/v-1/thumb-2.jpg');
  });

  it('falls back to the first thumbnail when the address names none of them', () => {
    expect(thumbnailKey(VIDEO, 'http://cdn.test/other.jpg')).toBe('preview-videos/c-neet/v-1/thumb-1.jpg');
  });
});
