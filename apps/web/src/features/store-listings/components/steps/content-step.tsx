import Box from '@mui/material/Box';
import { STORE_RICH_TEXT_MAX } from '@lectern/contract';
import { RichTextInput, TextInput } from '../fields';

/** What students read about the exam: syllabus, pattern, preparation tips; the target year and programs. */
export function ContentStep({ resetKey }: { resetKey: number }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '200px 1fr' } }}>
        <TextInput name="studentTargetYear" label="Target year" inputMode="numeric" placeholder="2027" />
        <TextInput
          name="programs"
          label="Programs"
          helperText="Separate programs with commas, e.g. Two-year program, Crash course."
        />
      </Box>
      <RichTextInput name="examSyllabus" label="Exam syllabus" max={STORE_RICH_TEXT_MAX} resetKey={resetKey} />
      <RichTextInput name="examPattern" label="Exam pattern" max={STORE_RICH_TEXT_MAX} resetKey={resetKey} />
      <RichTextInput name="preparationTips" label="Preparation tips" max={STORE_RICH_TEXT_MAX} resetKey={resetKey} />
    </Box>
  );
}
