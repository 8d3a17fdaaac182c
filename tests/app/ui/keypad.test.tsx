/**
 * The passcode keypad and dots: on-screen keys report digits and erasing with a haptic tap,
 * physical digit keys and Backspace work while it is enabled and nothing else wants the keys,
 * disabled and hidden keypads stay silent, labels are in both languages.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Digit } from '../../../src/app/lib/digits.ts';
import type { HapticKind } from '../../../src/app/platform/types.ts';
import { Keypad, type KeypadProps } from '../../../src/app/ui/Keypad.tsx';
import { PasscodeDots } from '../../../src/app/ui/PasscodeDots.tsx';
import { renderWithProviders } from '../support.tsx';

function renderKeypad(props: Partial<KeypadProps> = {}) {
  const onDigit = vi.fn<(digit: Digit) => void>();
  const onErase = vi.fn<() => void>();
  const onHaptic = vi.fn<(kind: HapticKind) => void>();
  const user = userEvent.setup();
  const result = renderWithProviders(<Keypad onDigit={onDigit} onErase={onErase} onHaptic={onHaptic} {...props} />);
  return { ...result, onDigit, onErase, onHaptic, user };
}

function typed(mock: { mock: { calls: unknown[][] } }): string {
  return mock.mock.calls.map((call) => String(call[0])).join('');
}

describe('the keypad', () => {
  it('has ten digit keys and Delete in a labelled group', () => {
    renderKeypad();
    const group = screen.getByRole('group', { name: 'Keypad' });
    expect(group).toBeTruthy();
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'Delete']);
  });

  it('reports the keys pressed, with a light haptic tap each', async () => {
    const { user, onDigit, onErase, onHaptic } = renderKeypad();
    for (const key of ['1', '9', '0', '5']) await user.click(screen.getByRole('button', { name: key }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(typed(onDigit)).toBe('1905');
    expect(onErase).toHaveBeenCalledTimes(1);
    expect(onHaptic).toHaveBeenCalledTimes(5);
    expect(onHaptic).toHaveBeenCalledWith('light');
  });

  it('offers the action key left of 0', async () => {
    const onPress = vi.fn();
    const { user, onHaptic } = renderKeypad({
      action: { label: 'Use Face ID', icon: <span>☺</span>, onPress },
    });
    const names = screen
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names.slice(9)).toEqual(['Use Face ID', '0', 'Delete']);
    await user.click(screen.getByRole('button', { name: 'Use Face ID' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onHaptic).toHaveBeenCalledTimes(1);
  });

  it('takes physical digit keys, the numeric keypad and Backspace on desktop', async () => {
    const { user, onDigit, onErase, onHaptic } = renderKeypad();
    await user.keyboard('12');
    // The numeric keypad, with Num Lock on and off.
    fireEvent.keyDown(document.body, { key: '3', code: 'Numpad3' });
    fireEvent.keyDown(document.body, { key: 'Insert', code: 'Numpad0' });
    await user.keyboard('{Backspace}');
    expect(typed(onDigit)).toBe('1230');
    expect(onErase).toHaveBeenCalledTimes(1);
    expect(onHaptic).not.toHaveBeenCalled();
  });

  it('takes physical keys while one of its own keys has focus, without counting them twice', async () => {
    const { user, onDigit } = renderKeypad();
    screen.getByRole('button', { name: '7' }).focus();
    await user.keyboard('4');
    expect(typed(onDigit)).toBe('4');
  });

  it('ignores keys with a modifier and keys that are not digits', async () => {
    const { user, onDigit, onErase } = renderKeypad();
    await user.keyboard('{Control>}1{/Control}{Meta>}2{/Meta}{Alt>}3{/Alt}{Shift>}4{/Shift}');
    await user.keyboard('{Control>}{Backspace}{/Control}');
    await user.keyboard('a-{Enter}{Delete}');
    expect(onDigit).not.toHaveBeenCalled();
    expect(onErase).not.toHaveBeenCalled();
  });

  it('leaves the keys of a text field alone', async () => {
    const onDigit = vi.fn<(digit: Digit) => void>();
    const onErase = vi.fn<() => void>();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <input aria-label="Comment" />
        <Keypad onDigit={onDigit} onErase={onErase} />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), '12{Backspace}');
    expect(onDigit).not.toHaveBeenCalled();
    expect(onErase).not.toHaveBeenCalled();
  });

  it('leaves the keys alone while a dialog is open over it', async () => {
    const onDigit = vi.fn<(digit: Digit) => void>();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Keypad onDigit={onDigit} onErase={() => {}} />
        <div role="dialog" aria-modal="true" aria-label="Sure?" />
      </>,
    );
    await user.keyboard('5');
    expect(onDigit).not.toHaveBeenCalled();
  });

  it('is silent while disabled, and listens again once enabled', async () => {
    const { user, onDigit, onErase, onHaptic, rerender } = renderKeypad({ disabled: true });
    const five = screen.getByRole('button', { name: '5' });
    expect(five).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    await user.click(five);
    await user.keyboard('12{Backspace}');
    expect(onDigit).not.toHaveBeenCalled();
    expect(onErase).not.toHaveBeenCalled();
    expect(onHaptic).not.toHaveBeenCalled();

    rerender(<Keypad onDigit={onDigit} onErase={onErase} onHaptic={onHaptic} />);
    await user.keyboard('3');
    expect(typed(onDigit)).toBe('3');
  });

  it('is gone for everyone while hidden (the lockout), and stops listening', async () => {
    const { user, onDigit, onErase } = renderKeypad({ hidden: true });
    expect(screen.queryByRole('group', { name: 'Keypad' })).toBeNull();
    expect(screen.queryByRole('button', { name: '1' })).toBeNull();
    await user.keyboard('1{Backspace}');
    expect(onDigit).not.toHaveBeenCalled();
    expect(onErase).not.toHaveBeenCalled();
  });

  it('stops listening once it is gone', async () => {
    const { user, onDigit, unmount } = renderKeypad();
    unmount();
    await user.keyboard('1');
    expect(onDigit).not.toHaveBeenCalled();
  });

  it('hides Delete when there is nothing to erase, and Backspace does nothing then', async () => {
    const { user, onErase } = renderKeypad({ canErase: false });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.keyboard('{Backspace}');
    expect(onErase).not.toHaveBeenCalled();
  });

  it('is labelled in Russian for a Russian reader', () => {
    act(() => i18n.activate('ru'));
    renderKeypad();
    expect(screen.getByRole('group', { name: 'Цифровая клавиатура' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Удалить' })).toBeTruthy();
  });
});

describe('the passcode dots', () => {
  it('tell how many digits are entered, never which', () => {
    const { rerender } = renderWithProviders(<PasscodeDots filled={0} />);
    expect(screen.getByRole('img', { name: 'Digits entered: 0 of 4' })).toBeTruthy();
    rerender(<PasscodeDots filled={3} />);
    const dots = screen.getByRole('img', { name: 'Digits entered: 3 of 4' });
    expect(dots.querySelectorAll('.ui-dot')).toHaveLength(4);
    expect(dots.querySelectorAll('.ui-dot--filled')).toHaveLength(3);
    expect(dots.textContent).toBe('');
  });

  it('turn red and shake when the passcode is wrong', () => {
    renderWithProviders(<PasscodeDots filled={0} invalid />);
    expect(screen.getByRole('img').classList.contains('ui-dots--invalid')).toBe(true);
  });

  it('speak Russian to a Russian reader', () => {
    act(() => i18n.activate('ru'));
    renderWithProviders(<PasscodeDots filled={2} />);
    expect(screen.getByRole('img', { name: 'Введено цифр: 2 из 4' })).toBeTruthy();
  });
});
