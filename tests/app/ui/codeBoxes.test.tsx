/**
 * The code boxes of the e-mail code: one real field (numeric, one-time-code autofill) under six
 * boxes; typing and pasting keep only digits, fill the boxes up to the length and report the
 * full code once.
 */
import { i18n } from '@lingui/core';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeBoxes, type CodeBoxesProps } from '../../../src/app/ui/CodeBoxes.tsx';
import { renderWithProviders } from '../support.tsx';

/** The boxes with their value kept where a machine would keep it. */
function Controlled(
  props: Omit<CodeBoxesProps, 'value' | 'onChange'> & { initial?: string; onChange?: (digits: string) => void },
) {
  const { initial = '', onChange, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <CodeBoxes
      {...rest}
      value={value}
      onChange={(digits) => {
        setValue(digits);
        onChange?.(digits);
      }}
    />
  );
}

function renderBoxes(props: Omit<CodeBoxesProps, 'value' | 'onChange'> & { initial?: string } = {}) {
  const onChange = vi.fn<(digits: string) => void>();
  const onComplete = vi.fn<(digits: string) => void>();
  const user = userEvent.setup();
  const result = renderWithProviders(<Controlled onChange={onChange} onComplete={onComplete} {...props} />);
  const input = screen.getByRole('textbox', { name: props.label ?? 'Code' });
  return { ...result, onChange, onComplete, user, input };
}

function shown(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('.ui-code-box'), (box) => box.textContent ?? '');
}

describe('the code boxes', () => {
  it('are one numeric field the phone can fill from mail or SMS', () => {
    const { input, container } = renderBoxes();
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(shown(container)).toEqual(['', '', '', '', '', '']);
    expect(container.querySelector('.ui-code-box--caret')).toBe(container.querySelectorAll('.ui-code-box')[0]);
  });

  it('fill a box per digit typed, skip anything else, and complete on the sixth', async () => {
    const { user, input, container, onChange, onComplete } = renderBoxes();
    await user.type(input, '12a3');
    expect(shown(container)).toEqual(['1', '2', '3', '', '', '']);
    expect(onChange.mock.calls.map((call) => call[0])).toEqual(['1', '12', '123']);
    expect(container.querySelectorAll('.ui-code-box')[3]?.classList.contains('ui-code-box--caret')).toBe(true);
    expect(onComplete).not.toHaveBeenCalled();
    await user.type(input, '456');
    expect(shown(container)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(container.querySelector('.ui-code-box--caret')).toBeNull();
    await user.type(input, '7');
    expect(shown(container).join('')).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('erase the last digit with Backspace', async () => {
    const { user, input, container, onChange } = renderBoxes({ initial: '1234' });
    await user.type(input, '{Backspace}');
    expect(shown(container).join('')).toBe('123');
    expect(onChange).toHaveBeenLastCalledWith('123');
  });

  it('keep only the digits of a paste and complete', async () => {
    const { user, input, container, onChange, onComplete } = renderBoxes();
    await user.click(input);
    await user.paste('12-34 56x');
    expect(shown(container)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('cut an over-long paste to the length', async () => {
    const { user, input, container, onComplete } = renderBoxes();
    await user.click(input);
    await user.paste('Your code: 987 654 321');
    expect(shown(container).join('')).toBe('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
  });

  it('let a pasted whole code replace a half-typed one, and continue a half-typed one with a piece', async () => {
    const { user, input, container } = renderBoxes({ initial: '99' });
    await user.click(input);
    await user.paste('12');
    expect(shown(container).join('')).toBe('9912');
    await user.paste('654321');
    expect(shown(container).join('')).toBe('654321');
  });

  it('take a code the phone fills in at once', () => {
    const { input, container, onComplete } = renderBoxes();
    fireEvent.change(input, { target: { value: '246810' } });
    expect(shown(container).join('')).toBe('246810');
    expect(onComplete).toHaveBeenCalledWith('246810');
  });

  it('follow the length they are given', async () => {
    const { user, input, container, onComplete } = renderBoxes({ length: 4 });
    expect(shown(container)).toHaveLength(4);
    await user.click(input);
    await user.paste('123456');
    expect(shown(container).join('')).toBe('1234');
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('take nothing while disabled', async () => {
    const { user, input, onChange } = renderBoxes({ disabled: true });
    expect(input).toHaveProperty('disabled', true);
    await user.type(input, '12');
    await user.paste('123456');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('mark a wrong code', () => {
    const { input, container } = renderBoxes({ initial: '123456', invalid: true });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector('.ui-code')?.classList.contains('ui-code--invalid')).toBe(true);
  });

  it('take the label they are given', () => {
    renderBoxes({ label: 'Code from the e-mail' });
    expect(screen.getByRole('textbox', { name: 'Code from the e-mail' })).toBeTruthy();
  });

  it('are labelled in Russian for a Russian reader', () => {
    act(() => i18n.activate('ru'));
    renderWithProviders(<CodeBoxes value="" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Код' })).toBeTruthy();
  });
});
