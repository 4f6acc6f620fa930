import { describe, expect, it } from 'vitest';
import { imageObjectName } from './subject-image-field';

describe('imageObjectName', () => {
  it('names the cropped image as an upload: unique prefix, sanitised, no spaces, JPEG', () => {
    expect(imageObjectName('My Subject (cover)_v2.png')).toMatch(/^[A-Za-z0-9]{8}-MySubjectcoverv2\.jpg$/);
    expect(imageObjectName('.png')).toMatch(/^[A-Za-z0-9]{8}-subjectimage\.jpg$/);
  });
});
