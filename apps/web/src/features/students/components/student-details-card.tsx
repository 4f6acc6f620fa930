import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDate, type Student, type StudentAddress } from '@lectern/contract';
import { Badge, SectionCard } from '../../../components';
import { useSendVerificationEmail } from '../api/student-mutations';
import { FieldList } from './field-list';

function addressText(address: StudentAddress): string {
  return [address.addressLine1, address.addressLine2, address.landMark, address.city, address.state, address.pin]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
}

export interface StudentDetailsCardProps {
  student: Student;
  /** opens the 'Verify e-mail' dialog */
  onVerifyEmail: () => void;
}

/** The student's details: name, mobile, e-mail with its verified tag, address, GSTIN, created date. */
export function StudentDetailsCard({ student, onVerifyEmail }: StudentDetailsCardProps) {
  const address = student.addresses.find((entry) => entry.preferredAddress) ?? student.addresses[0];
  const canVerify = student.email !== null && !student.emailVerified;
  const sendLink = useSendVerificationEmail();
  return (
    <SectionCard title="Student details">
      <FieldList
        items={[
          { label: 'Name', value: student.name },
          { label: 'Mobile number', value: student.mobileNumber },
          {
            label: 'E-mail',
            value: student.email ? (
              <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <span>{student.email}</span>
                {student.emailVerified ? (
                  <Badge color="success">Verified</Badge>
                ) : (
                  <Badge color="warning">Unverified</Badge>
                )}
              </Box>
            ) : (
              'NA'
            ),
          },
          { label: 'Address', value: address ? `${addressText(address)} (${address.type})` : 'NA' },
          ...(student.gstin ? [{ label: 'GSTIN', value: student.gstin }] : []),
          { label: 'Created', value: formatDate(student.createdAt) },
        ]}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
        {canVerify && (
          <Button variant="outlined" onClick={onVerifyEmail}>
            Verify e-mail
          </Button>
        )}
        {canVerify && (
          <Button variant="text" onClick={() => sendLink.mutate(student.studentId)} disabled={sendLink.isPending}>
            {sendLink.isPending ? 'Sending…' : 'Send verification e-mail'}
          </Button>
        )}
        {sendLink.isSuccess && (
          <Typography variant="body2" color="text.secondary" role="status">
            Link sent to {sendLink.data.data.email}; it works for 7 days.
          </Typography>
        )}
      </Box>
    </SectionCard>
  );
}
