import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { randomId, uploadFileName } from '@lectern/contract';
import { FileDropZone } from '../../../components/file-drop-zone';
import { ImageCropModal } from '../../../components/image-crop-modal';

export const IMAGE_HELP =
  'Uploading images to storage arrives in a later release: for now the subject keeps the name of the cropped image, and the preview stays in this browser.';

/** A chosen subject image: the cropped file and the object name kept in imageName until uploads exist. */
export interface ChosenImage {
  file: File;
  objectName: string;
}

/** The object name the cropped image will be stored under (spec 1 §5 upload names), as JPEG. */
export function imageObjectName(originalName: string): string {
  const stem = originalName.replace(/\.[^.]*$/, '').trim() || 'subject image';
  return uploadFileName(`${stem}.jpg`, randomId(8));
}

/** Choose an image (drop or pick), crop it, and see a preview. */
export function SubjectImageField({
  currentName,
  value,
  onChange,
  disabled = false,
}: {
  /** the image name the subject has now */
  currentName: string | null;
  value: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
  disabled?: boolean;
}) {
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  // remounting the drop zone clears the file it remembers after a crop or a cancel
  const [zoneKey, setZoneKey] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  useEffect(() => () => (source ? URL.revokeObjectURL(source.url) : undefined), [source]);

  function choose(file: File | null) {
    if (!file) return;
    setSource({ url: URL.createObjectURL(file), name: file.name });
  }

  function closeCrop() {
    setSource(null);
    setZoneKey((key) => key + 1);
  }

  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
        Image
      </Typography>
      {preview && value ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
          <Box
            component="img"
            src={preview}
            alt="Chosen subject image"
            sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {value.objectName}
            </Typography>
            <Button size="small" onClick={() => onChange(null)} disabled={disabled}>
              Remove image
            </Button>
          </Box>
        </Box>
      ) : (
        <>
          {currentName && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              Current image: {currentName}
            </Typography>
          )}
          <FileDropZone
            key={zoneKey}
            accept={{ 'image/*': ['.png', '.jpg', '.jpeg', '.webp'] }}
            onFileChange={choose}
            label="Drag and drop an image here, or click to choose one"
            disabled={disabled}
          />
        </>
      )}
      <FormHelperText>{IMAGE_HELP}</FormHelperText>
      {source && (
        <ImageCropModal
          open
          src={source.url}
          fileName={imageObjectName(source.name)}
          onCancel={closeCrop}
          onSave={(file) => {
            onChange({ file, objectName: file.name });
            closeCrop();
          }}
        />
      )}
    </Box>
  );
}
