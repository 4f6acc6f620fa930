import type { FormEvent, Ref } from 'react';
import Box from '@mui/material/Box';
import { DrawerForm, type DrawerFormProps } from '../drawer-form';
import type { EditController, Versioned } from '../../lib/controllers/use-edit-controller';
import { SaveProblem } from './stale-version-alert';

export interface EditorDrawerProps extends Omit<DrawerFormProps, 'submitting' | 'onSubmit'> {
  /** the editor's controller: a refused save (a stale version, or another refusal) shows above the fields */
  edit: Pick<EditController<Versioned, unknown>, 'stale' | 'loadLatest' | 'overwrite'>;
  /** the save: its pending state holds the buttons, its error is the refusal shown */
  mutation: { isPending: boolean; error: unknown };
  /** saves the form: react-hook-form's `handleSubmit(save)` */
  onSave: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** after an overwrite saved (default: closes the drawer) */
  onSaved?: () => void;
  /** the refusal's notice, to scroll to and focus */
  problemRef?: Ref<HTMLDivElement>;
}

/**
 * The one shell of an editor in a drawer: the drawer form, the refused save's notice, and the fields
 * in one column. The screen gives its fields, its controller and its save.
 */
export function EditorDrawer({ edit, mutation, onSave, onSaved, problemRef, children, ...drawer }: EditorDrawerProps) {
  return (
    <DrawerForm {...drawer} submitting={mutation.isPending} onSubmit={(event) => void onSave(event)}>
      <SaveProblem
        ref={problemRef}
        edit={edit}
        error={mutation.error}
        busy={mutation.isPending}
        onSaved={onSaved ?? drawer.onClose}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>{children}</Box>
    </DrawerForm>
  );
}
