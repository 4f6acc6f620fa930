import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The id and aria-controls of tab `index` of the tab set `idPrefix`; spread onto a MUI Tab. */
export function tabProps(idPrefix: string, index: number): { id: string; 'aria-controls': string } {
  return { id: `${idPrefix}-tab-${index}`, 'aria-controls': `${idPrefix}-tabpanel-${index}` };
}

export interface TabPanelProps {
  /** The same prefix given to tabProps for the tabs. */
  idPrefix: string;
  /** This panel's index. */
  index: number;
  /** The selected tab's index. */
  value: number;
  /** The panel's content, rendered only while selected. */
  children?: ReactNode;
}

/** The panel of one tab, labelled by its tab (pair with tabProps). */
export function TabPanel({ idPrefix, index, value, children }: TabPanelProps) {
  const selected = value === index;
  return (
    <Box
      role="tabpanel"
      hidden={!selected}
      id={`${idPrefix}-tabpanel-${index}`}
      aria-labelledby={`${idPrefix}-tab-${index}`}
      sx={{ pt: 2 }}
    >
      {selected && children}
    </Box>
  );
}
