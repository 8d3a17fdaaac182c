import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ScreenActionBar } from '../../../src/app/features/shell/ScreenActionBar.tsx';
import type { ScreenActions } from '../../../src/app/platform/screenActions.ts';
import { useScreenActions } from '../../../src/app/platform/useScreenActions.ts';
import { fakePlatform, renderWithProviders } from '../support.tsx';

function Screen({ actions }: { actions: ScreenActions }) {
  useScreenActions(actions);
  return <p>Screen content</p>;
}

function FormScreen({ onSubmit }: { onSubmit: (event: { preventDefault(): void }) => void }) {
  useScreenActions({ main: { label: 'Save address', submits: 'address-form' } });
  return (
    <form id="address-form" onSubmit={onSubmit}>
      <input aria-label="Name" />
    </form>
  );
}

function Counter() {
  const [count, setCount] = useState(0);
  useScreenActions({ main: { label: `Pressed ${count}`, onPress: () => setCount(count + 1) } });
  return null;
}

function Sheet() {
  useScreenActions({ main: { label: 'Log out', onPress: () => {} } });
  return null;
}

/** A screen and the shell's bar under it, as the root layout renders them. */
function renderScreen(actions: ScreenActions, platform = fakePlatform('web')) {
  const result = renderWithProviders(
    <>
      <Screen actions={actions} />
      <ScreenActionBar />
    </>,
    { platform },
  );
  return {
    ...result,
    update: (next: ScreenActions) =>
      result.rerender(
        <>
          <Screen actions={next} />
          <ScreenActionBar />
        </>,
      ),
  };
}

describe('a screen’s actions on the web', () => {
  it('shows the main action as a button under the screen that runs it', () => {
    const onPress = vi.fn();
    renderScreen({ main: { label: 'Save address', onPress } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('shows the secondary action under the main one', () => {
    const onDelete = vi.fn();
    renderScreen({ main: { label: 'Copy', onPress: vi.fn() }, secondary: { label: 'Delete', onPress: onDelete } });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Copy', 'Delete']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('keeps a disabled action visible but not pressable', () => {
    const onPress = vi.fn();
    renderScreen({ main: { label: 'Save address', onPress, disabled: true } });
    const button = screen.getByRole('button', { name: 'Save address' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('shows a spinner on a busy action and ignores presses until it is done', () => {
    const onPress = vi.fn();
    const { update } = renderScreen({ main: { label: 'Save address', onPress, busy: true } });
    const button = screen.getByRole('button', { name: /Save address/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    fireEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();

    update({ main: { label: 'Save address', onPress } });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('submits the form it names (its button is the form’s submit button)', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderWithProviders(
      <>
        <FormScreen onSubmit={onSubmit} />
        <ScreenActionBar />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('runs the newest handler after the screen re-renders', () => {
    renderWithProviders(
      <>
        <Counter />
        <ScreenActionBar />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 1' }));
    expect(screen.getByRole('button', { name: 'Pressed 2' })).toBeTruthy();
  });

  it('takes the buttons away when the screen leaves', () => {
    const platform = fakePlatform('web');
    const { rerender } = renderScreen({ main: { label: 'Save address', onPress: vi.fn() }, back: vi.fn() }, platform);
    expect(platform.screenActions.snapshot().back).toBe(true);
    rerender(<ScreenActionBar />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(platform.screenActions.snapshot()).toEqual({ main: null, secondary: null, back: false });
  });

  it('gives the screen underneath its buttons back when a sheet over it closes', () => {
    const platform = fakePlatform('web');
    const { rerender } = renderWithProviders(
      <>
        <Screen actions={{ main: { label: 'Settings', onPress: vi.fn() } }} />
        <Sheet />
        <ScreenActionBar />
      </>,
      { platform },
    );
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    rerender(
      <>
        <Screen actions={{ main: { label: 'Settings', onPress: vi.fn() } }} />
        <ScreenActionBar />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('lets a form inside a screen declare the main action while the screen declares back', () => {
    const platform = fakePlatform('web');
    renderWithProviders(
      <>
        <FormScreen onSubmit={(event) => event.preventDefault()} />
        <Screen actions={{ back: () => {} }} />
        <ScreenActionBar />
      </>,
      { platform },
    );
    expect(screen.getByRole('button', { name: 'Save address' })).toBeTruthy();
    expect(platform.screenActions.snapshot().back).toBe(true);
  });
});

describe('a screen’s actions inside the mini app', () => {
  it('leaves both buttons to Telegram from 7.10', () => {
    renderScreen(
      { main: { label: 'Save address', onPress: vi.fn() }, secondary: { label: 'Delete', onPress: vi.fn() } },
      fakePlatform('mini-app', '7.10'),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the secondary action in the page before 7.10, which has no SecondaryButton', () => {
    renderScreen(
      { main: { label: 'Save address', onPress: vi.fn() }, secondary: { label: 'Delete', onPress: vi.fn() } },
      fakePlatform('mini-app', '7.9'),
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Delete']);
  });
});
