import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MOBILE_NUMBER_PATTERN, plural } from '@lectern/contract';
import { SearchBar } from '../../../components/search-bar';
import { useMobileChecks, type MobileCheck } from '../api/get-students-by-mobile';
import { parseMobileList } from './coupon-form';

export interface StudentMobilesFieldProps {
  value: string[];
  onChange: (numbers: string[]) => void;
  /** what is wrong with the numbers (the form's rule, or the server's unknown numbers) */
  error?: string;
  disabled?: boolean;
}

/**
 * The students a coupon is for, by mobile number: one at a time with the number search's rules (digits
 * only, ten at most), or a pasted list split on commas, spaces and new lines, each checked, with the
 * ones that are not mobile numbers listed back. Each number is a chip that Delete or Backspace removes.
 */
export function StudentMobilesField({ value, onChange, error, disabled = false }: StudentMobilesFieldProps) {
  const [single, setSingle] = useState('');
  const [singleBad, setSingleBad] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [report, setReport] = useState<{ added: number; bad: string[] } | null>(null);
  const errorId = useId();
  const listId = useId();
  const checks = useMobileChecks(value);
  const unknown = value.filter((number) => checks.get(number)?.state === 'unknown');

  const add = (numbers: string[]) => {
    const fresh = numbers.filter((number) => !value.includes(number));
    if (fresh.length > 0) onChange([...value, ...fresh]);
    return fresh.length;
  };

  function addSingle(text: string) {
    if (!MOBILE_NUMBER_PATTERN.test(text)) {
      setSingleBad(`${text === '' ? 'Type' : `'${text}' is not`} a 10-digit mobile number starting 6-9.`);
      return;
    }
    setSingleBad(null);
    add([text]);
    setSingle('');
  }

  function addPasted() {
    const { numbers, bad } = parseMobileList(pasted);
    const added = add(numbers);
    setReport({ added, bad });
    // the numbers that could not be read stay, to be corrected
    setPasted(bad.join('\n'));
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {!disabled && (
        <>
          <Box>
            <SearchBar
              inForm
              numberMode
              fullWidth
              value={single}
              onChange={(text) => {
                setSingle(text);
                setSingleBad(null);
              }}
              onSearch={addSingle}
              label="Student mobile number"
              placeholder="Student mobile number"
              buttonText="Add"
            />
            {singleBad && (
              <Typography role="alert" color="error" variant="body2" sx={{ mt: 0.5 }}>
                {singleBad}
              </Typography>
            )}
          </Box>
          <TextField
            label="Paste mobile numbers"
            multiline
            minRows={2}
            maxRows={6}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            helperText="Separated by commas, spaces or new lines."
          />
          <Button
            variant="outlined"
            onClick={addPasted}
            disabled={pasted.trim() === ''}
            sx={{ alignSelf: 'flex-start' }}
          >
            Add pasted numbers
          </Button>
          {report && (
            <Alert
              severity={report.bad.length > 0 ? 'warning' : 'success'}
              role="status"
              onClose={() => setReport(null)}
            >
              {plural(report.added, 'number')} added.
              {report.bad.length > 0 && ` Not mobile numbers (left in the box to correct): ${report.bad.join(', ')}.`}
            </Alert>
          )}
        </>
      )}
      <Typography variant="subtitle2" component="p" id={listId}>
        {value.length === 0 ? 'No students added yet.' : plural(value.length, 'student')}
      </Typography>
      {value.length > 0 && (
        <Box
          component="ul"
          aria-labelledby={listId}
          aria-describedby={error ? errorId : undefined}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {value.map((number) => (
            <li key={number}>
              <Chip
                label={chipLabel(number, checks.get(number))}
                color={checks.get(number)?.state === 'unknown' ? 'error' : 'default'}
                variant={checks.get(number)?.state === 'unknown' ? 'outlined' : 'filled'}
                onDelete={disabled ? undefined : () => onChange(value.filter((n) => n !== number))}
                // a deletable chip takes the focus; Delete or Backspace removes it
                title={disabled ? undefined : `Remove ${number}: Delete or Backspace`}
              />
            </li>
          ))}
        </Box>
      )}
      {unknown.length > 0 && (
        <FormHelperText error>
          No student has {unknown.length === 1 ? 'this number' : 'these numbers'}: {unknown.join(', ')}. Remove{' '}
          {unknown.length === 1 ? 'it' : 'them'} or correct {unknown.length === 1 ? 'it' : 'them'} before saving.
        </FormHelperText>
      )}
      {error && (
        <FormHelperText error id={errorId}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** '9876543210 · Ananya Sharma', '9123456789 · no student', or the number alone while it is checked. */
function chipLabel(number: string, check: MobileCheck | undefined): string {
  if (check?.state === 'student') return `${number} · ${check.name}`;
  if (check?.state === 'unknown') return `${number} · no student`;
  return number;
}
