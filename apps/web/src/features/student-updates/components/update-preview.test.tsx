import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UpdatePreview } from './update-preview';

describe('the preview as a student sees it', () => {
  it('shows the type, the title, the text as rich text, and the time', () => {
    render(
      <UpdatePreview
        updateType="exam-alerts"
        title="Admit cards are out"
        body="<h3>JEE Main</h3><p>Download it <strong>today</strong>.</p><ul><li>Bring a photo ID</li></ul>"
        imageUrl=""
        video={null}
        at="2026-12-01T04:30:00.000Z"
      />,
    );
    const preview = screen.getByRole('region', { name: 'As a student sees it' });
    expect(preview.textContent).toContain('Exam alerts');
    expect(screen.getByTestId('preview-title').textContent).toBe('Admit cards are out');
    expect(screen.getByText('Tue, 1 Dec, 10:00 AM')).toBeTruthy();
    const body = screen.getByTestId('preview-body');
    expect(body.querySelector('h3')?.textContent).toBe('JEE Main');
    expect(body.querySelector('strong')?.textContent).toBe('today');
    expect(body.querySelector('li')?.textContent).toBe('Bring a photo ID');
  });

  it('runs nothing from the text: scripts, handlers and addresses are dropped, the words kept', () => {
    render(
      <UpdatePreview
        updateType="announcements"
        title=""
        body={
          '<p onclick="alert(1)" style="color:red">Hi <a href="javascript:alert(2)">there</a></p><script>alert(3)</script><img src=x onerror="alert(4)">'
        }
        imageUrl=""
        video={null}
        at={null}
      />,
    );
    const body = screen.getByTestId('preview-body');
    expect(body.textContent).toBe('Hi there');
    expect(body.innerHTML).not.toMatch(/onclick|style=|javascript|script|img|onerror/);
    expect(screen.getByTestId('preview-title').textContent).toBe('Your title');
    expect(screen.getByText('When it is published')).toBeTruthy();
  });

  it("shows the video's thumbnail and name, or the image", () => {
    const { rerender } = render(
      <UpdatePreview
        updateType="offers"
        title="Diwali offer"
        body=""
        imageUrl=""
        video={{ videoId: 'v-1', videoName: 'Offer video', thumbnail: 'http://cdn.test/t.jpg' }}
        at={null}
      />,
    );
    expect(screen.getByText('Video: Offer video')).toBeTruthy();
    rerender(
      <UpdatePreview
        updateType="offers"
        title="Diwali offer"
        body=""
        imageUrl="http://cdn.test/i.jpg"
        video={null}
        at={null}
      />,
    );
    expect(screen.queryByText('Video: Offer video')).toBeNull();
    expect(screen.getByTestId('update-preview').querySelector('img')?.getAttribute('src')).toBe(
      'http://cdn.test/i.jpg',
    );
  });
});
