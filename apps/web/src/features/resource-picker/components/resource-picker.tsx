import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import {
  plural,
  CONSTANTS,
  FILE_TYPES,
  fileTypeOf,
  formatBytes,
  formatDate,
  resourceType as resourceTypeOf,
  type ResourceTypeKey,
  type UploadKind,
} from '@lectern/contract';
import { DrawerForm } from '../../../components/drawer-form';
import { FileDropZone, type Accept } from '../../../components/file-drop-zone';
import { ImageCropModal } from '../../../components/image-crop-modal';
import { SearchBar } from '../../../components/search-bar';
import { errorMessage } from '../../../lib/query-client';
import { checkFile } from '../../../lib/uploads/check-file';
import { uploadFile } from '../../../lib/uploads/upload-file';
import { objectsQueryKey, useObjects } from '../api/get-objects';

/** What the picker gives back: the chosen file's storage key and public address. */
export interface PickedResource {
  key: string;
  url: string;
  name: string;
  size: number;
}

export interface ResourcePickerProps {
  open: boolean;
  onClose: () => void;
  /** the resource type's folder to list and upload into (spec 2 §7) */
  resourceType: ResourceTypeKey;
  /** default 'Catalogue Images' (spec 2 §2) */
  title?: string;
  /** the drop zone's accept filter; default: the file types the resource type takes */
  accept?: Accept;
  /** receives the chosen file when 'Add resource' is pressed */
  onSelect: (resource: PickedResource) => void;
}

const hidden = (key: string) => key.toLowerCase().includes(CONSTANTS.pickerHiddenKeyPart);

function acceptOf(kinds: readonly UploadKind[]): Accept {
  return Object.fromEntries(
    Object.values(FILE_TYPES)
      .filter((type) => kinds.includes(type.kind))
      .map((type) => [type.contentTypes[0], type.extensions.map((e) => `.${e}`)]),
  );
}

const isImage = (name: string) => {
  const type = fileTypeOf(name);
  return type !== undefined && FILE_TYPES[type].kind === 'image';
};

/**
 * The resource picker (spec 2 §2): a right-hand drawer titled 'Catalogue Images' unless named; an
 * 'Upload Files' drop zone (one file; images are cropped first); a searchable list of the folder's
 * files with a count label and 'Load More...' (50 keys a page, continuation token); keys containing
 * .mp4 hidden; 'Add resource' disabled until a file is chosen.
 */
export function ResourcePicker({
  open,
  onClose,
  resourceType,
  title = CONSTANTS.pickerDefaultTitle,
  accept,
  onSelect,
}: ResourcePickerProps) {
  const type = resourceTypeOf(resourceType);
  const queryClient = useQueryClient();
  const objects = useObjects(resourceType, open);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickedResource | null>(null);
  const [uploaded, setUploaded] = useState<PickedResource | null>(null);
  const [cropping, setCropping] = useState<{ src: string; name: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dropKey, setDropKey] = useState(0);
  const uploading = useRef<AbortController | null>(null);

  // A picker opened again starts afresh.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSearch('');
      setChosen(null);
      setUploaded(null);
      setUploadError(null);
      setProgress(null);
    }
  }
  useEffect(() => () => uploading.current?.abort(), []);
  useEffect(() => {
    if (!open) uploading.current?.abort();
  }, [open]);

  const files = useMemo(() => {
    const all = (objects.data?.pages ?? []).flatMap((page) => page.Contents).filter((o) => !hidden(o.Key));
    const wanted = search.trim().toLowerCase();
    return wanted ? all.filter((o) => o.name.toLowerCase().includes(wanted)) : all;
  }, [objects.data, search]);

  async function upload(file: File) {
    setUploadError(null);
    setProgress(0);
    const controller = new AbortController();
    uploading.current = controller;
    try {
      const done = await uploadFile(file, {
        target: { type: 'resource', resourceType },
        signal: controller.signal,
        onProgress: (loaded, total) => setProgress(total ? Math.floor((loaded / total) * 100) : 0),
      });
      const picked = {
        key: done.key,
        url: done.url ?? '',
        name: done.key.slice(type.folder.length),
        size: done.size,
      };
      setUploaded(picked);
      setChosen(picked);
      void queryClient.invalidateQueries({ queryKey: objectsQueryKey(resourceType) });
    } catch (error) {
      if (!controller.signal.aborted) setUploadError(error instanceof Error ? error.message : errorMessage(error));
    } finally {
      if (uploading.current === controller) uploading.current = null;
      setProgress(null);
      setDropKey((key) => key + 1);
    }
  }

  function chooseFile(file: File | null) {
    if (!file) return;
    const refusal = checkFile(file, type.kinds, `the ${type.label.toLowerCase()} folder`);
    if (refusal) {
      setUploadError(refusal);
      setDropKey((key) => key + 1);
      return;
    }
    if (isImage(file.name)) setCropping({ src: URL.createObjectURL(file), name: file.name });
    else void upload(file);
  }

  function closeCrop() {
    if (cropping) URL.revokeObjectURL(cropping.src);
    setCropping(null);
    setDropKey((key) => key + 1);
  }

  const countLabel = `${plural(files.length, 'file')}${objects.hasNextPage ? ' (more to load)' : ''}`;

  return (
    <DrawerForm
      open={open}
      onClose={onClose}
      title={title}
      subtitle={`Choose a file of the ${type.label.toLowerCase()} folder, or upload one.`}
      primaryLabel="Add resource"
      primaryDisabled={!chosen || progress !== null}
      onSubmit={() => {
        if (!chosen) return;
        onSelect(chosen);
        onClose();
      }}
    >
      <Box component="section" aria-labelledby="picker-upload-heading" sx={{ mb: 3 }}>
        <Typography id="picker-upload-heading" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Upload Files
        </Typography>
        <FileDropZone
          key={dropKey}
          accept={accept ?? acceptOf(type.kinds)}
          onFileChange={chooseFile}
          disabled={progress !== null}
          label="Drag and drop a file here, or click to choose one"
        />
        {progress !== null && (
          <Box sx={{ mt: 1.5 }}>
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
            <Typography variant="caption" color="text.secondary">{`Uploading… ${progress}%`}</Typography>
          </Box>
        )}
        {uploadError && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {uploadError}
          </Alert>
        )}
        {uploaded && (
          <Alert severity="success" sx={{ mt: 1.5 }}>
            {`'${uploaded.name}' was uploaded and is chosen.`}
          </Alert>
        )}
      </Box>

      <Box component="section" aria-labelledby="picker-files-heading">
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography id="picker-files-heading" variant="subtitle2" component="h3">
            Files
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="picker-count" aria-live="polite">
            {countLabel}
          </Typography>
        </Box>
        <Box sx={{ mb: 1 }}>
          <SearchBar
            inForm
            fullWidth
            hideButton
            label="Search files"
            maxLength={CONSTANTS.headerInputMax}
            value={search}
            onChange={setSearch}
            onSearch={setSearch}
          />
        </Box>
        {objects.isError && <Alert severity="error">{errorMessage(objects.error)}</Alert>}
        {objects.isPending && <LinearProgress aria-label="Loading files" />}
        {objects.data && files.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
            {search.trim() ? 'No files match your search.' : 'This folder has no files yet.'}
          </Typography>
        )}
        <List role="listbox" aria-label="Files" dense sx={{ mx: -1 }}>
          {files.map((file) => {
            const selected = chosen?.key === file.Key;
            return (
              <ListItemButton
                key={file.Key}
                role="option"
                aria-selected={selected}
                selected={selected}
                onClick={() => setChosen({ key: file.Key, url: file.url, name: file.name, size: file.Size })}
                sx={{ borderRadius: 1 }}
              >
                <ListItemAvatar>
                  {isImage(file.Key) ? (
                    <Avatar variant="rounded" src={file.url} alt="" imgProps={{ loading: 'lazy' }} />
                  ) : (
                    <Avatar variant="rounded">
                      <DescriptionOutlinedIcon />
                    </Avatar>
                  )}
                </ListItemAvatar>
                <ListItemText
                  primary={file.name}
                  secondary={`${formatBytes(file.Size)} · ${formatDate(file.LastModified)}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                {selected && <CheckCircleIcon color="primary" fontSize="small" aria-hidden />}
              </ListItemButton>
            );
          })}
        </List>
        {objects.hasNextPage && (
          <Button
            fullWidth
            variant="outlined"
            loading={objects.isFetchingNextPage}
            onClick={() => void objects.fetchNextPage()}
            sx={{ mt: 1 }}
          >
            Load More...
          </Button>
        )}
      </Box>
      {cropping && (
        <ImageCropModal
          open
          src={cropping.src}
          fileName={`${cropping.name.replace(/\.[^.]+$/, '')}.jpg`}
          onCancel={closeCrop}
          onSave={(image) => {
            if (cropping) URL.revokeObjectURL(cropping.src);
            setCropping(null);
            void upload(image);
          }}
        />
      )}
    </DrawerForm>
  );
}
