import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { ROLE_LABELS, type Assignee, type SubjectDetail, type User } from '@lectern/contract';
import { DrawerForm } from '../../../components/drawer-form';
import { useAssignableUsers } from '../api/get-assignable-users';
import { useChangeAssignee } from '../api/subject-mutations';

type SubjectRole = 'CONTENT_ADMIN' | 'CONTENT_DEVELOPER' | 'CONTENT_UPLOADER';

const SECTIONS: { role: SubjectRole; title: string; single: boolean }[] = [
  { role: 'CONTENT_ADMIN', title: 'Content admin', single: true },
  { role: 'CONTENT_DEVELOPER', title: 'Content developers', single: false },
  { role: 'CONTENT_UPLOADER', title: 'Content uploaders', single: false },
];

export const fullName = (user: User) => `${user.userProfile.firstName} ${user.userProfile.lastName}`.trim();

/** The people of a subject holding `role`. */
export function peopleIn(subject: SubjectDetail, role: SubjectRole): Assignee[] {
  if (role === 'CONTENT_ADMIN') return subject.assignees.contentAdmin ? [subject.assignees.contentAdmin] : [];
  return role === 'CONTENT_DEVELOPER' ? subject.assignees.contentDevelopers : subject.assignees.contentUploaders;
}

/**
 * The people on a subject, in the right-hand drawer: its content admin, content developers and content
 * uploaders, each added from the active users holding that role, or removed. Every change saves at once.
 */
export function AssigneesDrawer({
  open,
  onClose,
  subject,
}: {
  open: boolean;
  onClose: () => void;
  subject: SubjectDetail;
}) {
  const change = useChangeAssignee(subject.subjectName);

  function send(role: SubjectRole, person: { userId: string; userName: string }, operation: 'ADD' | 'REMOVE') {
    change.mutate({
      subjectId: subject.subjectId,
      version: subject.version,
      userId: person.userId,
      userName: person.userName,
      role,
      operation,
    });
  }

  return (
    <DrawerForm
      open={open}
      onClose={onClose}
      title="Assign people"
      subtitle={`Who works on '${subject.subjectName}'. Changes are saved at once.`}
      primaryLabel="Done"
      secondaryLabel="Close"
      onSubmit={onClose}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {SECTIONS.map((section) => (
          <RoleSection
            key={section.role}
            {...section}
            open={open}
            people={peopleIn(subject, section.role)}
            busy={change.isPending}
            onAdd={(person) => send(section.role, person, 'ADD')}
            onRemove={(person) => send(section.role, person, 'REMOVE')}
          />
        ))}
      </Box>
    </DrawerForm>
  );
}

function RoleSection({
  role,
  title,
  single,
  open,
  people,
  busy,
  onAdd,
  onRemove,
}: {
  role: SubjectRole;
  title: string;
  single: boolean;
  open: boolean;
  people: Assignee[];
  busy: boolean;
  onAdd: (person: { userId: string; userName: string }) => void;
  onRemove: (person: Assignee) => void;
}) {
  const users = useAssignableUsers(role, open);
  // the picker empties itself after each choice
  const [pickerKey, setPickerKey] = useState(0);
  const assigned = new Set(people.map((person) => person.userId));
  const options = (users.data ?? []).filter((user) => !assigned.has(user.userId));
  const headingId = `assignees-${role}`;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {people.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {single ? 'No content admin yet.' : `No ${title.toLowerCase()} yet.`}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={title}>
          {people.map((person) => (
            <ListItem
              key={person.userId}
              disableGutters
              secondaryAction={
                <Tooltip title={`Remove ${person.userName}`}>
                  <span>
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${person.userName} as ${ROLE_LABELS[role].toLowerCase()}`}
                      disabled={busy}
                      onClick={() => onRemove(person)}
                    >
                      <PersonRemoveOutlinedIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              }
            >
              <ListItemText
                primary={person.userName}
                secondary={<Chip component="span" size="small" label={ROLE_LABELS[role]} sx={{ mt: 0.5 }} />}
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Autocomplete
        key={pickerKey}
        options={options}
        loading={users.isPending}
        disabled={busy}
        getOptionLabel={(user) => `${fullName(user)} (${user.email})`}
        isOptionEqualToValue={(a, b) => a.userId === b.userId}
        noOptionsText={users.isError ? 'Could not load people.' : 'Nobody else holds this role.'}
        onChange={(_event, user) => {
          if (!user) return;
          onAdd({ userId: user.userId, userName: fullName(user) });
          setPickerKey((key) => key + 1);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            label={
              single
                ? people.length > 0
                  ? 'Replace content admin'
                  : 'Set content admin'
                : `Add ${ROLE_LABELS[role].toLowerCase()}`
            }
          />
        )}
        sx={{ mt: 1 }}
      />
    </Box>
  );
}
