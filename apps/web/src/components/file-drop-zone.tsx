import { useState } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { formatBytes, shortenFileName, singleFileCheck } from '@lectern/contract';

export type { Accept };

export interface FileDropZoneProps {
  /** Which files are accepted, as MIME type to extensions, e.g. { 'image/*': ['.png', '.jpg'] }. */
  accept: Accept;
  /** Called with the chosen file, or null when it is removed. */
  onFileChange: (file: File | null) => void;
  /** What the zone says; default 'Drag and drop a file here, or click to choose one'. */
  label?: string;
  /** Disable the zone. */
  disabled?: boolean;
}

/** A single-file drop zone: drop or pick one file (Enter or Space opens the file dialog). */
export function FileDropZone({
  accept,
  onFileChange,
  label = 'Drag and drop a file here, or click to choose one',
  disabled = false,
}: FileDropZoneProps) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();

  function drop(accepted: File[], rejected: FileRejection[]) {
    // Several files are refused as a whole, even when some of them would be accepted.
    const several = singleFileCheck([...accepted, ...rejected.map((rejection) => rejection.file)]);
    if (several) {
      setError(several);
      return;
    }
    const chosen = accepted[0];
    if (!chosen) {
      setError(rejected[0]?.errors[0]?.message);
      return;
    }
    setError(undefined);
    setFile(chosen);
    onFileChange(chosen);
  }

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    multiple: false,
    disabled,
    onDrop: drop,
  });

  return (
    <Box>
      {/* beside the zone, not in it: a control inside a button is lost to screen readers */}
      <input {...getInputProps({ 'aria-label': label })} data-testid="file-drop-zone-input" />
      <Box
        {...getRootProps({ role: 'button', 'aria-label': label, 'aria-disabled': disabled || undefined })}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1,
          p: 3,
          textAlign: 'center',
          border: '2px dashed',
          borderColor: error ? 'error.main' : isDragActive ? 'primary.main' : 'divider',
          borderRadius: 2,
          bgcolor: isDragActive ? 'action.hover' : 'background.paper',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          outline: 'none',
          '&:focus-visible': {
            borderColor: 'primary.main',
            boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.light}`,
          },
        }}
      >
        <UploadFileIcon color="primary" aria-hidden />
        <Typography variant="body2">{label}</Typography>
      </Box>
      {error && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      {file && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5, minWidth: 0 }}>
          <InsertDriveFileOutlinedIcon fontSize="small" color="action" aria-hidden />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" title={file.name} noWrap data-testid="chosen-file-name">
              {shortenFileName(file.name)}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid="chosen-file-size">
              {formatBytes(file.size)}
            </Typography>
          </Box>
          <Button
            size="small"
            color="inherit"
            disabled={disabled}
            onClick={() => {
              setFile(null);
              onFileChange(null);
            }}
            aria-label={`Remove ${file.name}`}
          >
            Remove
          </Button>
        </Box>
      )}
    </Box>
  );
}
