import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { TabPanel, tabProps } from './tab-panel';

function Example() {
  const [value, setValue] = useState(0);
  return (
    <>
      <Tabs value={value} onChange={(_event, next: number) => setValue(next)} aria-label="Batch">
        <Tab label="Details" {...tabProps('batch', 0)} />
        <Tab label="Students" {...tabProps('batch', 1)} />
      </Tabs>
      <TabPanel idPrefix="batch" index={0} value={value}>
        Batch details
      </TabPanel>
      <TabPanel idPrefix="batch" index={1} value={value}>
        Batch students
      </TabPanel>
    </>
  );
}

describe('TabPanel', () => {
  it('links each tab and its panel by id', () => {
    render(<Example />);
    const tab = screen.getByRole('tab', { name: 'Details' });
    const panel = screen.getByRole('tabpanel', { name: 'Details' });
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab.id);
    expect(panel.textContent).toBe('Batch details');
  });

  it('shows only the selected panel, switched from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.queryByText('Batch students')).toBeNull();
    await user.tab();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('tabpanel', { name: 'Students' }).textContent).toBe('Batch students');
    expect(screen.queryByText('Batch details')).toBeNull();
  });
});
