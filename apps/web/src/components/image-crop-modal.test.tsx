import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageCropModal } from './image-crop-modal';

const drawImage = vi.fn();
const toBlob = vi.fn((callback: BlobCallback, type?: string) => callback(new Blob(['jpeg'], { type })));

beforeEach(() => {
  drawImage.mockClear();
  toBlob.mockClear();
  // happy-dom has no canvas: a 2D context that records drawImage, and a toBlob that answers at once
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ({ drawImage, fillRect: vi.fn(), fillStyle: '' }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(toBlob);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes the image report a natural size and fires its load event. */
function loadImage(width = 800, height = 600) {
  const img = screen.getByRole<HTMLImageElement>('img', { name: 'Image to crop' });
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(img);
  return img;
}

function setup(props: { aspect?: number; onSave?: (file: File) => void } = {}) {
  const onSave = props.onSave ?? vi.fn();
  const onCancel = vi.fn();
  render(
    <ImageCropModal
      open
      src="blob:http://lectern.test/cover"
      fileName="cover.jpg"
      onCancel={onCancel}
      onSave={onSave}
      aspect={props.aspect}
    />,
  );
  return {
    onSave,
    onCancel,
    user: userEvent.setup(),
    save: () => screen.getByRole<HTMLButtonElement>('button', { name: 'Crop and Save' }),
  };
}

describe('ImageCropModal', () => {
  it("has 'Cancel' and 'Crop and Save'; save is disabled until there is a crop", () => {
    const { save } = setup();
    // Cancel always works; Crop and Save waits for the image
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);
    expect(save().disabled).toBe(true);
    loadImage();
    expect(save().disabled).toBe(false);
  });

  it('starts with a centred crop of 50% by 50% and saves it as a JPEG file', async () => {
    const { save, onSave, user } = setup();
    const img = loadImage(800, 600);
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(drawImage).toHaveBeenCalledWith(img, 200, 150, 400, 300, 0, 0, 400, 300);
    expect(toBlob).toHaveBeenCalledTimes(1);
    expect(toBlob.mock.calls[0]?.[1]).toBe('image/jpeg');
    const file = (onSave as ReturnType<typeof vi.fn>).mock.calls[0]?.[0] as File;
    expect(file).toBeInstanceOf(File);
    expect(file.type).toBe('image/jpeg');
    expect(file.name).toBe('cover.jpg');
  });

  it('starts a fixed-ratio crop at 50% of the width', async () => {
    const { save, onSave, user } = setup({ aspect: 1 });
    const img = loadImage(800, 600);
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    // 50% of 800 = 400 wide, square, centred
    const near = (n: number) => expect.closeTo(n, 6);
    expect(drawImage).toHaveBeenCalledWith(img, near(200), near(100), near(400), near(400), 0, 0, 400, 400);
  });

  it('disables save again when the user starts a new crop that has no size yet', () => {
    const { save } = setup();
    const img = loadImage(800, 600);
    expect(save().disabled).toBe(false);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 800, 600));
    const cropArea = img.closest('.ReactCrop') as HTMLElement;
    fireEvent.pointerDown(cropArea.querySelector('.ReactCrop__child-wrapper') as HTMLElement, {
      clientX: 20,
      clientY: 20,
      pointerId: 1,
    });
    expect(save().disabled).toBe(true);
  });

  it('cancels with Cancel and with Escape, without saving', async () => {
    const { onCancel, onSave, user } = setup();
    loadImage();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the generic message when the image cannot be encoded', async () => {
    toBlob.mockImplementationOnce((callback: BlobCallback) => callback(null));
    const { save, onSave, user } = setup();
    loadImage();
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again later.');
    expect(onSave).not.toHaveBeenCalled();
  });
});
