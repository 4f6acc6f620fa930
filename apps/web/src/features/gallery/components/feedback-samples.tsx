import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AlertColor } from '@mui/material/Alert';
import { Badge, type BadgeColor } from '../../../components/badge';
import { ConfirmDialog, useConfirm } from '../../../components/confirm-dialog';
import { DrawerForm } from '../../../components/drawer-form';
import { useBanner } from '../../../components/feedback/banner';
import { notify } from '../../../components/feedback/notify';
import { FeedbackSnackbar } from '../../../components/feedback/snackbar';
import { SpinnerOverlay } from '../../../components/feedback/spinner-overlay';
import { FormStepper } from '../../../components/form-stepper';
import { LecternLogo } from '../../../components/lectern-logo';
import { Modal } from '../../../components/modal';
import { PageLoading } from '../../../components/page-loading';
import { SectionCard } from '../../../components/section-card';
import { TabPanel, tabProps } from '../../../components/tab-panel';
import { GallerySection, Sample } from './gallery-section';

const BADGE_COLOURS: BadgeColor[] = ['primary', 'secondary', 'error', 'success', 'warning', 'grey'];
const SEVERITIES: AlertColor[] = ['success', 'info', 'warning', 'error'];
const STEPS = ['Details', 'Prices', 'Subscriptions', 'Review'];
const OVERLAY_MS = 2000;

/** Drawer form, modal, confirm dialog, snackbars, banner and the spinner overlay. */
export function FeedbackSections() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [stepperDrawer, setStepperDrawer] = useState(false);
  const [drawerText, setDrawerText] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  const [snackbar, setSnackbar] = useState<AlertColor | null>(null);
  const [overlay, setOverlay] = useState(false);
  const { showBanner } = useBanner();

  // The overlay blocks the whole screen, so it switches itself off again.
  useEffect(() => {
    if (!overlay) return;
    const timer = setTimeout(() => setOverlay(false), OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [overlay]);

  function closeDrawer() {
    setDrawerOpen(false);
    setStepperDrawer(false);
    setDrawerText('');
  }

  return (
    <>
      <GallerySection
        id="drawer-form"
        title="Drawer form"
        description="components/drawer-form.tsx: title, subtitle, scrollable body, primary and secondary buttons; 472 px (415 px as a stepper drawer), full width on phones. Type something, then close it: it asks 'Discard changes?'."
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setDrawerOpen(true)}>
            Open the drawer form
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              setStepperDrawer(true);
              setDrawerOpen(true);
            }}
          >
            Open the stepper drawer (415 px)
          </Button>
        </Box>
        <DrawerForm
          open={drawerOpen}
          onClose={closeDrawer}
          title={stepperDrawer ? 'Create Catalogue' : 'Create Subject'}
          subtitle="A sample form: nothing is saved."
          primaryLabel="Save"
          variant={stepperDrawer ? 'stepper' : 'other'}
          dirty={drawerText !== ''}
          secondaryLabel={stepperDrawer ? 'Cancel' : 'Delete'}
          secondaryDestructive={!stepperDrawer}
          onSecondary={stepperDrawer ? undefined : () => notify('warning', 'Delete pressed.')}
          onSubmit={() => {
            notify('success', `Saved '${drawerText || 'nothing'}'.`);
            closeDrawer();
          }}
        >
          {stepperDrawer && <FormStepper steps={STEPS.map((label) => ({ label }))} activeStep={1} />}
          <TextField
            label="Subject name"
            fullWidth
            value={drawerText}
            onChange={(event) => setDrawerText(event.target.value)}
            sx={{ mt: stepperDrawer ? 2 : 0 }}
          />
          <TextField label="Description" fullWidth multiline minRows={4} sx={{ mt: 2 }} />
          <TextField label="Language" select fullWidth defaultValue="en" sx={{ mt: 2 }}>
            <MenuItem value="en">English</MenuItem>
            <MenuItem value="hi">Hindi</MenuItem>
          </TextField>
        </DrawerForm>
      </GallerySection>

      <GallerySection
        id="modal"
        title="Modal and confirm dialog"
        description="components/modal.tsx (Escape closes) and confirm-dialog.tsx (a component, or a promise with useConfirm)."
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => setModalOpen(true)}>
            Open a modal
          </Button>
          <Button variant="outlined" color="error" onClick={() => setConfirmOpen(true)}>
            Delete with confirmation
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              void confirm({ title: 'Send for review?', message: 'The subject is locked while it is reviewed.' }).then(
                (yes) => notify('info', yes ? 'Confirmed.' : 'Cancelled.'),
              );
            }}
          >
            Ask with useConfirm
          </Button>
        </Box>
        <Modal
          open={modalOpen}
          onClose={() => setModalOpen(false)}
          title="Assign people"
          actions={
            <>
              <Button onClick={() => setModalOpen(false)}>Cancel</Button>
              <Button variant="contained" onClick={() => setModalOpen(false)}>
                Assign
              </Button>
            </>
          }
        >
          <Typography>A modal with a title, a body and actions. Escape or the close button closes it.</Typography>
        </Modal>
        <ConfirmDialog
          open={confirmOpen}
          title="Delete subject?"
          message="'Organic Chemistry' and its units will be deleted."
          confirmLabel="Delete"
          destructive
          onConfirm={() => new Promise((resolve) => setTimeout(resolve, 800)).then(() => notify('success', 'Deleted.'))}
          onClose={() => setConfirmOpen(false)}
        />
        {confirmDialog}
      </GallerySection>

      <GallerySection
        id="snackbar"
        title="Snackbars and banner"
        description="feedback/snackbar.tsx (severity and title; hides after 6000 ms), notify() (notistack: at most 4, 4000 ms) and the banner at the top of the page."
      >
        <Sample label="FeedbackSnackbar">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {SEVERITIES.map((severity) => (
              <Button key={severity} variant="outlined" color={severity} onClick={() => setSnackbar(severity)}>
                {severity}
              </Button>
            ))}
          </Box>
          <FeedbackSnackbar
            open={snackbar !== null}
            severity={snackbar ?? 'success'}
            title={snackbar === 'error' ? 'Upload failed' : undefined}
            onClose={() => setSnackbar(null)}
          />
        </Sample>
        <Sample label="notify()">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" onClick={() => notify('success')}>
              Default success
            </Button>
            <Button variant="outlined" onClick={() => notify('error')}>
              Default error
            </Button>
            <Button variant="outlined" onClick={() => notify('warning', '2 files wait.', { title: 'Upload paused' })}>
              With a title
            </Button>
          </Box>
        </Sample>
        <Sample label="Banner">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" onClick={() => showBanner({ severity: 'success' })}>
              Success banner
            </Button>
            <Button variant="outlined" onClick={() => showBanner({ severity: 'error' })}>
              Error banner
            </Button>
          </Box>
        </Sample>
      </GallerySection>

      <GallerySection
        id="spinner-overlay"
        title="Spinner overlay and page loading"
        description="feedback/spinner-overlay.tsx covers the screen while something runs (every mutation raises it); page-loading.tsx shows while a page arrives."
      >
        <FormControlLabel
          control={<Switch checked={overlay} onChange={(_event, on) => setOverlay(on)} />}
          label={`Show the full-screen overlay (it hides after ${OVERLAY_MS / 1000} seconds)`}
        />
        <SpinnerOverlay open={overlay} label="Showing the overlay" />
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mt: 2 }}>
          <PageLoading />
        </Box>
      </GallerySection>
    </>
  );
}

/** Tabs, badges, stepper, card and the logo. */
export function DisplaySections() {
  const [tab, setTab] = useState(0);
  const [step, setStep] = useState(1);

  return (
    <>
      <GallerySection
        id="tabs"
        title="Tabs"
        description="components/tab-panel.tsx: TabPanel and tabProps with MUI tabs."
      >
        <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Batch" variant="scrollable">
          <Tab label="Details" {...tabProps('gallery-batch', 0)} />
          <Tab label="Students" {...tabProps('gallery-batch', 1)} />
          <Tab label="Live classes" {...tabProps('gallery-batch', 2)} />
        </Tabs>
        {['Batch details go here.', 'The students of the batch.', 'Scheduled live classes.'].map((text, index) => (
          <TabPanel key={text} idPrefix="gallery-batch" index={index} value={tab}>
            <Typography>{text}</Typography>
          </TabPanel>
        ))}
      </GallerySection>

      <GallerySection
        id="badges"
        title="Badges"
        description="components/badge.tsx: small uppercase badges in every colour, filled and outlined."
      >
        {(['filled', 'outlined'] as const).map((variant) => (
          <Sample key={variant} label={variant}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid={`badges-${variant}`}>
              {BADGE_COLOURS.map((colour) => (
                <Badge key={colour} color={colour} variant={variant}>
                  {colour}
                </Badge>
              ))}
            </Box>
          </Sample>
        ))}
      </GallerySection>

      <GallerySection
        id="stepper"
        title="Stepper"
        description="components/form-stepper.tsx: per-step error text; click a step to jump (vertical on phones)."
      >
        <FormStepper
          activeStep={step}
          onStepClick={setStep}
          steps={[
            { label: 'Details' },
            { label: 'Prices', error: 'Enter a price.' },
            { label: 'Subscriptions', optional: true },
            { label: 'Review' },
          ]}
        />
      </GallerySection>

      <GallerySection
        id="card"
        title="Card and logo"
        description="components/section-card.tsx (uppercase title, optional action) and lectern-logo.tsx."
        bare
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <SectionCard
            title="Subscriptions"
            action={
              <Button size="small" onClick={() => notify('info', 'Add pressed.')}>
                Add
              </Button>
            }
          >
            <Typography variant="body2">Three subscriptions: monthly, quarterly and yearly.</Typography>
          </SectionCard>
          <SectionCard title="Logo">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
              <LecternLogo />
              <LecternLogo size={24} color="primary.main" />
            </Box>
          </SectionCard>
        </Box>
      </GallerySection>
    </>
  );
}
