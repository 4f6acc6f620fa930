import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { CONSTANTS } from '@lectern/contract';
import { ConfirmDialog } from './confirm-dialog';

export interface DrawerFormProps {
  /** Whether it shows. */
  open: boolean;
  /** Closes the drawer (after 'Discard changes?' when dirty). */
  onClose: () => void;
  /** The heading, also the drawer's accessible name. */
  title: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** The form fields; the body scrolls. */
  children: ReactNode;
  /** Submit handler of the form (the primary button and Enter submit it). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The primary button's text, e.g. 'Save'. */
  primaryLabel: string;
  /** Disable the primary button, e.g. until the form is valid. */
  primaryDisabled?: boolean;
  /** Show progress on the primary button and block it while a save runs. */
  submitting?: boolean;
  /** The secondary button's text; default 'Cancel'. */
  secondaryLabel?: string;
  /** The secondary button's action; default: close (asking first when dirty). */
  onSecondary?: () => void;
  /** Style the secondary button as a delete button. */
  secondaryDestructive?: boolean;
  /** 'stepper' (415 px) or 'other' (472 px, the default); full width on phones. */
  variant?: keyof typeof CONSTANTS.drawerWidths;
  /** The form has unsaved changes: closing asks 'Discard changes?' first. */
  dirty?: boolean;
  /**
   * A column beside the fields (a preview), below them on a phone; the drawer widens to hold it.
   * It stays in sight while the fields scroll.
   */
  aside?: ReactNode;
}

/** The drawer's width with an `aside`: the fields' column and a 360 px one beside it. */
const WIDE_DRAWER = 980;

export const DISCARD_TITLE = 'Discard changes?';

const ASIDE_LAYOUT = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
  alignItems: 'start',
} as const;

/** The right-hand drawer form: title, subtitle, scrollable body, a primary and a secondary button. */
export function DrawerForm({
  open,
  onClose,
  title,
  subtitle,
  children,
  onSubmit,
  primaryLabel,
  primaryDisabled = false,
  submitting = false,
  secondaryLabel = 'Cancel',
  onSecondary,
  secondaryDestructive = false,
  variant = 'other',
  dirty = false,
  aside,
}: DrawerFormProps) {
  const titleId = useId();
  const [askingDiscard, setAskingDiscard] = useState(false);

  // Every way out (Escape, backdrop, close button, Cancel) comes here, so work is never lost silently.
  function requestClose() {
    // a save under way finishes first: its answer closes the drawer or shows what went wrong
    if (submitting) return;
    if (dirty) setAskingDiscard(true);
    else onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || primaryDisabled) return;
    onSubmit(event);
  }

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={requestClose}
      // above the top bar (which sits over the permanent navigation drawer), like every dialog
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: {
            width: aside ? { xs: '100%', md: WIDE_DRAWER } : { xs: '100%', sm: CONSTANTS.drawerWidths[variant] },
            maxWidth: '100vw',
          },
        },
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, pt: 2.5, pb: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          <IconButton aria-label="Close" onClick={requestClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box
          sx={{ flex: 1, overflowY: 'auto', px: 3, py: 2, ...(aside ? ASIDE_LAYOUT : {}) }}
          data-testid="drawer-form-body"
        >
          {aside ? (
            <>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, minWidth: 0 }}>{children}</Box>
              <Box sx={{ position: { md: 'sticky' }, top: 0 }}>{aside}</Box>
            </>
          ) : (
            children
          )}
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', gap: 1.5, px: 3, py: 2, '& > *': { flex: { xs: 1, sm: '0 0 auto' } } }}>
          <Button
            type="button"
            variant="outlined"
            color={secondaryDestructive ? 'error' : 'inherit'}
            onClick={onSecondary ?? requestClose}
            disabled={submitting}
          >
            {secondaryLabel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={submitting}
            disabled={primaryDisabled}
            sx={{ ml: { sm: 'auto' } }}
          >
            {primaryLabel}
          </Button>
        </Box>
      </Box>
      <ConfirmDialog
        open={askingDiscard}
        title={DISCARD_TITLE}
        message="Your changes in this form will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onConfirm={onClose}
        onClose={() => setAskingDiscard(false)}
      />
    </Drawer>
  );
}
