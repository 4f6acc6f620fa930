import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';

export interface SectionCardProps {
  /** The heading, shown in capitals. */
  title: string;
  /** A button or menu at the right of the heading. */
  action?: ReactNode;
  /** The content. */
  children?: ReactNode;
}

/** A card with an uppercase title and an optional action. */
export function SectionCard({ title, action, children }: SectionCardProps) {
  return (
    <Card>
      <CardHeader
        title={title}
        action={action}
        slotProps={{
          title: {
            component: 'h2',
            sx: { textTransform: 'uppercase', fontSize: '0.8125rem', fontWeight: 700, letterSpacing: '0.06em' },
          },
          action: { sx: { m: 0, alignSelf: 'center' } },
        }}
        sx={{ pb: 0, flexWrap: 'wrap', gap: 1 }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
