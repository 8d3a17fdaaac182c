import { screen } from '@testing-library/react';

/** The value beside a cell's title (the first cell titled so), '' when it has none. */
export function cellValue(title: string): string {
  const titleElement = screen.getAllByText(title).find((element) => element.classList.contains('ui-cell-title'));
  return titleElement?.closest('.ui-cell')?.querySelector('.ui-cell-value')?.textContent ?? '';
}
