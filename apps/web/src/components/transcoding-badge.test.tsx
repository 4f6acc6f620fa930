import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRANSCODING_BADGE_CELL, TranscodingBadge } from './transcoding-badge';

describe('TranscodingBadge', () => {
  it("reads 'Transcoded' (green) for COMPLETE and 'TRANSCODING IN PROGRESS' for PROGRESSING", () => {
    const { rerender } = render(<TranscodingBadge status="COMPLETE" />);
    expect(screen.getByText('Transcoded').getAttribute('data-color')).toBe('success');
    rerender(<TranscodingBadge status="PROGRESSING" />);
    expect(screen.getByText('TRANSCODING IN PROGRESS').getAttribute('data-color')).toBe('warning');
  });

  it.each(['NOT_STARTED', 'SUBMITTED', 'CANCELED', 'ERROR'])('is a blank badge for %s', (status) => {
    const { container } = render(<TranscodingBadge status={status} />);
    const badge = container.querySelector(`[data-status="${status}"] [data-color]`);
    expect(badge?.getAttribute('data-color')).toBe('grey');
    expect(badge?.textContent?.trim()).toBe('');
  });

  it('gives table cells the same labels', () => {
    expect(TRANSCODING_BADGE_CELL.labels?.COMPLETE).toBe('Transcoded');
    expect(TRANSCODING_BADGE_CELL.labels?.PROGRESSING).toBe('TRANSCODING IN PROGRESS');
    expect(TRANSCODING_BADGE_CELL.labels?.ERROR?.trim()).toBe('');
  });
});
