import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../app/theme';
import { Badge, type BadgeColor } from './badge';

describe('Badge', () => {
  it('shows its text in capitals', () => {
    render(<Badge color="success">Transcoded</Badge>);
    expect(getComputedStyle(screen.getByText('Transcoded')).textTransform).toBe('uppercase');
  });

  it.each<Exclude<BadgeColor, 'grey'>>(['primary', 'secondary', 'error', 'success', 'warning'])(
    'comes in %s, outlined in the main shade',
    (color) => {
      render(
        <ThemeProvider theme={theme}>
          <Badge color={color} variant="outlined">
            {color}
          </Badge>
        </ThemeProvider>,
      );
      const style = getComputedStyle(screen.getByText(color));
      expect(style.borderColor.toLowerCase()).toBe(theme.palette[color].main.toLowerCase());
      expect(style.color.toLowerCase()).toBe(theme.palette[color].dark.toLowerCase());
    },
  );

  it('is grey by default, filled with a tint and no border', () => {
    render(<Badge>none</Badge>);
    const badge = screen.getByText('none');
    expect(badge.dataset.color).toBe('grey');
    const style = getComputedStyle(badge);
    expect(style.borderColor).toBe('transparent');
    expect(style.backgroundColor).not.toBe('transparent');
  });
});
