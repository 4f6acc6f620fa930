import { useState, useRef, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CONSTANTS, MESSAGES } from '@lectern/contract';
import { Modal } from './modal';

/** The crop a new image starts with: 50% by 50%, centred (or the largest such crop of `aspect`). */
export function initialCrop(width: number, height: number, aspect?: number): PercentCrop {
  const size = CONSTANTS.cropStartPercent;
  if (aspect) return centerCrop(makeAspectCrop({ unit: '%', width: size }, aspect, width, height), width, height);
  return { unit: '%', x: (100 - size) / 2, y: (100 - size) / 2, width: size, height: size };
}

/** Draws the part of `image` under `crop` (percent of the natural size) and encodes it as JPEG. */
export function cropToJpeg(image: HTMLImageElement, crop: PercentCrop): Promise<Blob> {
  const sx = (crop.x / 100) * image.naturalWidth;
  const sy = (crop.y / 100) * image.naturalHeight;
  const sw = (crop.width / 100) * image.naturalWidth;
  const sh = (crop.height / 100) * image.naturalHeight;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(sw));
  canvas.height = Math.max(1, Math.round(sh));
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('No 2D canvas'));
  // JPEG has no transparency: transparent pixels would turn black without a white ground.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      CONSTANTS.cropOutputType,
      0.92,
    );
  });
}

export interface ImageCropModalProps {
  /** Whether it shows. */
  open: boolean;
  /** The image to crop: an object URL, data URL or a CORS-enabled address. */
  src: string;
  /** Called by 'Cancel', Escape and the close button. */
  onCancel: () => void;
  /** Receives the cropped JPEG; while a returned promise runs 'Crop and Save' shows progress. */
  onSave: (image: File) => void | Promise<unknown>;
  /** The output file's name; default 'cropped.jpg'. */
  fileName?: string;
  /** Fix the crop's width / height ratio, e.g. 16 / 9. */
  aspect?: number;
  /** The heading; default 'Crop Image'. */
  title?: string;
}

/** Crops an image: starts at 50% by 50%, 'Cancel' and 'Crop and Save' (a JPEG File). */
export function ImageCropModal({
  open,
  src,
  onCancel,
  onSave,
  fileName = 'cropped.jpg',
  aspect,
  title = 'Crop Image',
}: ImageCropModalProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [crop, setCrop] = useState<PercentCrop | undefined>();
  const [cropSrc, setCropSrc] = useState(src);
  if (cropSrc !== src) {
    // a new image: no crop until it has loaded
    setCropSrc(src);
    setCrop(undefined);
  }
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const canSave = crop !== undefined && crop.width > 0 && crop.height > 0 && !saving;

  function loaded(event: SyntheticEvent<HTMLImageElement>) {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    setCrop(naturalWidth > 0 && naturalHeight > 0 ? initialCrop(naturalWidth, naturalHeight, aspect) : undefined);
  }

  async function save() {
    const image = imageRef.current;
    if (!image || !crop || !canSave) return;
    setSaving(true);
    setError(undefined);
    try {
      const blob = await cropToJpeg(image, crop);
      await onSave(new File([blob], fileName, { type: CONSTANTS.cropOutputType }));
    } catch {
      setError(MESSAGES.generic);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!saving) onCancel();
      }}
      title={title}
      maxWidth="md"
      fullScreenOnPhone
      actions={
        <>
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button variant="contained" disabled={!canSave} loading={saving} onClick={() => void save()}>
            Crop and Save
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <ReactCrop crop={crop} aspect={aspect} onChange={(_pixels, percent) => setCrop(percent)}>
          <img
            ref={imageRef}
            src={src}
            alt="Image to crop"
            crossOrigin="anonymous"
            onLoad={loaded}
            style={{ display: 'block', maxWidth: '100%', maxHeight: '65vh' }}
          />
        </ReactCrop>
      </Box>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Modal>
  );
}
